import { type Connector, lazy, withTimeout } from '@latch/core'
import type { WalletConnectParameters } from './types.ts'

/** The WalletConnect connector's id; its connection is stored and reconnected under it. */
export const WALLET_CONNECT_ID = 'walletConnect'

/** The row the adapter lists when the app offers WalletConnect. Its picture is the modal's own QR icon. */
export const walletConnectConnector: Connector = {
  id: WALLET_CONNECT_ID,
  name: 'WalletConnect',
  type: 'WALLET_CONNECT',
  chain: 'eip155',
}

/**
 * WalletConnect for the EVM adapter: `client()` loads `@walletconnect/universal-provider` (its own chunk) on
 * first use and starts one client; nothing of it is fetched for an app or a visitor that never uses it.
 *
 * @example
 * const walletConnect = createWalletConnect({ settings, networks, metadata, options: {}, startTimeoutMs, requestTimeoutMs })
 * const { accounts } = await (await walletConnect.client()).connect({ onUri: showQrCode })
 */
export function createWalletConnect(parameters: WalletConnectParameters) {
  // The chunk or the relay may answer on the next try: a failed start is not kept.
  const client = lazy(() =>
    withTimeout(
      import('./client.ts').then(({ startWalletConnectClient }) => startWalletConnectClient(parameters)),
      parameters.startTimeoutMs,
      'starting WalletConnect',
    ),
  )
  return {
    client: client.load,
    /** The client if it has started, without starting it. */
    started: client.get,
  }
}
