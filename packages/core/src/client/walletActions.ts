import type { LatchApi } from '../api/api.ts'
import { ConnectorNotConnectedError, NoActiveCaipAddressError } from '../errors/BaseError.ts'
import { toRpcError } from '../errors/rpc.ts'
import { PENDING_TRANSACTIONS_LIMIT } from '../state/account.ts'
import type { SendTransactionParameters } from './actionTypes.ts'
import type { AdapterRegistry } from './adapters.ts'
import type { BalanceReader } from './balance.ts'
import type { ClientContext } from './context.ts'

/** Signing and sending with the active connection; errors come back typed (4001 → UserRejectedRequestError). */
export function createWalletActions(
  context: ClientContext,
  registry: AdapterRegistry,
  balance: BalanceReader,
  loadedApi: () => LatchApi | undefined,
) {
  const { connection, accounts, network } = context

  /** The active account's native balance, tokens and activity read afresh together, past every cache. */
  async function refreshAccount(): Promise<void> {
    const { address } = accounts.get(context.activeNamespace())
    const { caipNetworkId } = network.getState().activeNetwork
    await Promise.all([
      balance.refreshBalance({ force: true }),
      address &&
        loadedApi()
          ?.account()
          .then((queries) => queries.refresh(address, caipNetworkId)),
    ])
  }

  const activeConnection = async () => {
    const namespace = context.activeNamespace()
    const active = connection.getState().connections[namespace]
    const { address } = accounts.get(namespace)
    if (!address) throw new NoActiveCaipAddressError(namespace)
    if (!active) throw new ConnectorNotConnectedError()
    return { adapter: await registry.getAdapter(namespace), connectorId: active.connectorId, address }
  }

  return {
    async signMessage(message: string): Promise<string> {
      const { adapter, connectorId, address } = await activeConnection()
      return adapter.signMessage({ connectorId, address, message }).catch((e: unknown) => {
        throw toRpcError(e)
      })
    },
    refreshAccount,
    async sendTransaction({ to, value, data, token, gas }: SendTransactionParameters): Promise<string> {
      const { adapter, connectorId, address } = await activeConnection()
      const sentOn = network.getState().activeNetwork
      const hash = await adapter
        .sendTransaction({
          connectorId,
          network: sentOn,
          from: address,
          to,
          value,
          data,
          token,
          gas,
        })
        .catch((e: unknown) => {
          throw toRpcError(e)
        })
      const namespace = context.activeNamespace()
      const pending = { hash, chainId: network.getState().activeNetwork.caipNetworkId, from: address, to }
      accounts.update(namespace, {
        pendingTransactions: [
          { ...pending, value: String(value ?? 0n), sentAt: Date.now() },
          ...accounts.get(namespace).pendingTransactions,
        ].slice(0, PENDING_TRANSACTIONS_LIMIT),
      })
      // Once mined, what it moved shows at once: the balance, the tokens and the activity together.
      // (Not mined within its wait: read again all the same, the fee at least has moved.)
      void Promise.resolve(adapter.waitForTransaction?.({ network: sentOn, hash }))
        .catch((error: unknown) => context.debug('no receipt for a send', error))
        .then(refreshAccount)
        .catch((error: unknown) => context.debug('the account was not read again after a send', error))
      return hash
    },
  }
}
