import { useLatchClient } from '../../context.ts'

/**
 * Opens the Connecting view for a connector (ConnectingWalletConnect for WalletConnect, ConnectingExternal for
 * the rest) and starts the connect; the view shows how it settles.
 */
export function useConnectWith(): (connectorId: string) => void {
  const client = useLatchClient()
  return (connectorId) => {
    const type = client.connectors.getState().list.find((c) => c.id === connectorId)?.type
    client.router.push(type === 'WALLET_CONNECT' ? 'ConnectingWalletConnect' : 'ConnectingExternal', {
      connectorId,
    })
    // The outcome is shown from the connection store (declined, timeout, error); nothing to do here.
    client.connect(connectorId).catch(() => undefined)
  }
}
