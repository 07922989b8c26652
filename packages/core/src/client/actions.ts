// What the client does when the visitor acts — connect (WalletConnect included), disconnect, switch network,
// sign and send — in one lazy chunk: the page that shows the Connect button, and a reload that reconnects
// silently, need none of it (DESIGN.md rule 6).
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
) {
  const attempts = createConnect(context, registry, session)
  const walletConnect = createWalletConnect(context, registry, attempts)
  return {
    connect(connectorId: string): Promise<void> {
      if (registry.findConnector(connectorId)?.type === 'WALLET_CONNECT')
        return walletConnect.connectWalletConnect(connectorId)
      return attempts.connect(connectorId)
    },
    connectWalletConnect: walletConnect.connectWalletConnect,
    disconnect: createDisconnect(context, registry, session),
    switchNetwork: createSwitchNetwork(context, registry, session, balance),
    ...createWalletActions(context, registry, balance),
    stop: walletConnect.stop,
  }
}
