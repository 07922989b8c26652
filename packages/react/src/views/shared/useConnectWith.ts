import { useLatchClient } from '../../context.ts'

/**
 * Connects with a connector the visitor picked. Core's `connect` opens the connector's Connecting view, but only
 * once the actions' chunk is in: the view opens here as the click lands, by the same rule (so a chunk that is slow
 * or cannot load still shows the view, with its 'Try again'), and core's `connect` then stays on it. The view
 * shows how the attempt settles (declined, timeout, error): nothing else to do here.
 */
export function useConnectWith(): (connectorId: string) => void {
  const client = useLatchClient()
  return (connectorId) => {
    const connector = client.connectors.getState().list.find((c) => c.id === connectorId)
    client.router.push(
      connector?.type === 'WALLET_CONNECT' ? 'ConnectingWalletConnect' : 'ConnectingExternal',
      { connectorId },
    )
    client.connect(connectorId).catch(() => undefined)
  }
}
