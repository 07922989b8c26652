import { type BaseError, ChainNotConfiguredError } from '../errors/BaseError.ts'
import { toRpcError } from '../errors/rpc.ts'
import { initialSendState } from '../state/send.ts'
import type { CaipNetworkId, Network } from '../types.ts'
import type { AdapterRegistry } from './adapters.ts'
import type { BalanceReader } from './balance.ts'
import type { ClientContext } from './context.ts'
import type { Session } from './session.ts'

/**
 * Switch the active network (SPEC §4): resets the send form, may switch the active namespace, and asks a
 * connected wallet to follow. A refusal shows in the snackbar and rejects with the typed error.
 */
export function createSwitchNetwork(
  context: ClientContext,
  registry: AdapterRegistry,
  session: Session,
  balance: BalanceReader,
) {
  const { options, send, connection, network, snack } = context

  return async function switchNetwork(target: Network | CaipNetworkId): Promise<void> {
    const caipNetworkId = typeof target === 'string' ? target : target.caipNetworkId
    const next = options.networks.find((n) => n.caipNetworkId === caipNetworkId)
    if (!next) throw new ChainNotConfiguredError(caipNetworkId)
    send.replace(initialSendState())
    const namespace = next.chainNamespace
    const active = connection.getState().connections[namespace]
    if (!active) {
      network.setState({ activeNamespace: namespace, activeNetwork: next, unsupportedChainId: undefined })
      context.track('SWITCH_NETWORK', { network: caipNetworkId })
      return
    }
    try {
      const adapter = await registry.getAdapter(namespace)
      await adapter.switchNetwork({ connectorId: active.connectorId, network: next })
    } catch (cause) {
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
