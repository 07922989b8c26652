// What the client does when the visitor acts — connect (WalletConnect included), disconnect, switch network,
// sign and send — in one lazy chunk: the page that shows the Connect button, and a reload that reconnects
// silently, need none of it (DESIGN.md rule 6).
import type { LatchApi } from '../api/api.ts'
import type { View } from '../router/router.ts'
import type { AdapterRegistry } from './adapters.ts'
import type { BalanceReader } from './balance.ts'
import { createConnect } from './connect.ts'
import type { ClientContext } from './context.ts'
import { createDisconnect } from './disconnect.ts'
import type { Session } from './session.ts'
import { createSwitchNetwork } from './switchNetwork.ts'
import { createWalletActions } from './walletActions.ts'
import { createWalletConnect } from './walletConnect.ts'

export type Actions = ReturnType<typeof createActions>

export function createActions(
  context: ClientContext,
  registry: AdapterRegistry,
  session: Session,
  balance: BalanceReader,
  loadedApi: () => LatchApi | undefined,
) {
  const attempts = createConnect(context, registry, session)
  const walletConnect = createWalletConnect(context, registry, attempts)
  const { modal, router, options } = context
  return {
    /**
     * Connects with a connector; with the modal open, first shows the view that follows the attempt:
     * ConnectingWalletConnect for WalletConnect (a code and links), ConnectingExternal for the rest (a retry
     * shown there stays on it).
     */
    connect(connectorId: string): Promise<void> {
      const type = registry.findConnector(connectorId)?.type
      // The embedded wallet (AUTH) has signed in already: it answers at once, from the view that signed in.
      const view =
        type === 'WALLET_CONNECT'
          ? 'ConnectingWalletConnect'
          : type === 'AUTH'
            ? undefined
            : 'ConnectingExternal'
      // A retry from the Connecting view stays on it. (The router's methods need no `this`.)
      if (modal.getState().open && view)
        (router.store.getState().view === view ? router.replace : router.push)(view, { connectorId })
      return type === 'WALLET_CONNECT'
        ? walletConnect.connectWalletConnect(connectorId)
        : attempts.connect(connectorId)
    },
    connectWalletConnect: walletConnect.connectWalletConnect,
    /**
     * The modal has opened on `view`. On a phone a wallet is reached by opening its app: pairing starts while
     * the list shows, so that a wallet's link already carries the URI when it is tapped and opens inside the tap.
     */
    opened(view: View): void {
      const listing = view === 'Connect' || view === 'AllWallets'
      if (options.walletConnect && options.isMobile() && listing && modal.getState().open)
        walletConnect
          .connectWalletConnect()
          .catch((error: unknown) => context.debug('WalletConnect pairing failed', error))
    },
    disconnect: createDisconnect(context, registry, session),
    switchNetwork: createSwitchNetwork(context, registry, session, balance, attempts),
    ...createWalletActions(context, registry, balance, loadedApi),
    stop: walletConnect.stop,
  }
}
