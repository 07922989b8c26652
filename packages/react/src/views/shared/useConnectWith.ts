import { useLatchClient } from '../../context.ts'

/**
 * Connects with a connector the visitor picked. Core opens its Connecting view (ConnectingWalletConnect or
 * ConnectingExternal), which shows how the attempt settles (declined, timeout, error): nothing to do here.
 */
export function useConnectWith(): (connectorId: string) => void {
  const client = useLatchClient()
  return (connectorId) => {
    client.connect(connectorId).catch(() => undefined)
  }
}
