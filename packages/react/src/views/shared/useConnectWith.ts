import { useLatchClient } from '../../context.ts'

/** Opens ConnectingExternal for a connector and starts the connect; the view shows how it settles. */
export function useConnectWith(): (connectorId: string) => void {
  const client = useLatchClient()
  return (connectorId) => {
    client.router.push('ConnectingExternal', { connectorId })
    // The outcome is shown from the connection store (declined, timeout, error); nothing to do here.
    client.connect(connectorId).catch(() => undefined)
  }
}
