import { type BaseError, ChainNotConfiguredError } from '../errors/BaseError.ts'
import { toRpcError } from '../errors/rpc.ts'
import { initialSendState } from '../state/send.ts'
import type { CaipNetworkId, Network } from '../types.ts'
import type { AdapterRegistry } from './adapters.ts'
import type { BalanceReader } from './balance.ts'
import type { ConnectAttempts } from './connect.ts'
import type { ClientContext } from './context.ts'
import type { Session } from './session.ts'

/**
 * Switch the active network (SPEC §4): resets the send form, may switch the active namespace, and asks a
 * connected wallet to follow. A network of a namespace with no connection yet, while a wallet that also serves that
 * namespace is connected (one product in both, as Phantom is), connects that wallet's side there: the visitor
 * approves it once in the wallet. A refusal shows in the snackbar and rejects with the typed error.
 */
export function createSwitchNetwork(
  context: ClientContext,
  registry: AdapterRegistry,
  session: Session,
  balance: BalanceReader,
  attempts: ConnectAttempts,
) {
  const { options, send, connection, network, snack, connectors } = context

  return async function switchNetwork(target: Network | CaipNetworkId): Promise<void> {
    const caipNetworkId = typeof target === 'string' ? target : target.caipNetworkId
    const next = options.networks.find((n) => n.caipNetworkId === caipNetworkId)
    if (!next) throw new ChainNotConfiguredError(caipNetworkId)
    send.replace(initialSendState())
    const namespace = next.chainNamespace
    const { connections } = connection.getState()
    const { list } = connectors.getState()
    // One browser wallet in several namespaces goes by one name (the Connect view shows it as one row): the
    // connected wallet's connector in this namespace, if it has one there.
    const names = Object.values(connections).map((a) => list.find((c) => c.id === a?.connectorId)?.name)
    const companion = list.find(
      (c) => c.chain === namespace && c.type === 'ANNOUNCED' && names.includes(c.name),
    )
    const selected = { activeNamespace: namespace, activeNetwork: next, unsupportedChainId: undefined }
    if (!connections[namespace] && !companion) {
      network.setState(selected)
      context.track('SWITCH_NETWORK', { network: caipNetworkId })
      return
    }
    const before = network.getState()
    try {
      if (!connections[namespace]) {
        // The wallet's side in this namespace connects (asked for this network); declined, nothing changes.
        network.setState(selected)
        await attempts.connect(companion!.id, { stayOpen: true })
      }
      const adapter = await registry.getAdapter(namespace)
      await adapter.switchNetwork({
        connectorId: connection.getState().connections[namespace]!.connectorId,
        network: next,
      })
    } catch (cause) {
      network.setState(before)
      const error: BaseError = toRpcError(cause)
      snack.show('error', error.shortMessage)
      throw error
    }
    // Wallets also emit chainChanged; applying it here too keeps the UI right when one does not.
    session.applyChain(namespace, next.id)
    context.track('SWITCH_NETWORK', { network: caipNetworkId })
    await balance.refreshBalance()
  }
}
