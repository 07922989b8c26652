import { floorBalance } from '../format/format.ts'
import type { ChainAdapter, ChainNamespace } from '../types.ts'
import type { ClientContext } from './context.ts'

/** Balance and portfolio are cached for 30 s (SPEC §9). */
export const BALANCE_CACHE_MS = 30_000

export interface BalanceReader {
  /** Reads the active account's native balance, floored to 3 decimals (SPEC §5); cached 30 s. */
  refreshBalance(parameters?: { force?: boolean }): Promise<void>
  forget(): void
}

export function createBalanceReader(
  context: ClientContext,
  getAdapter: (namespace: ChainNamespace) => Promise<ChainAdapter>,
): BalanceReader {
  const { accounts, network } = context
  const fetchedAt = new Map<string, number>()

  return {
    async refreshBalance({ force = false } = {}) {
      const namespace = context.activeNamespace()
      const current = accounts.get(namespace)
      const { address } = current
      const { activeNetwork, unsupportedChainId } = network.getState()
      if (!address || unsupportedChainId !== undefined) return
      const key = `${activeNetwork.caipNetworkId}:${address}`
      const at = fetchedAt.get(key)
      if (!force && at && Date.now() - at < BALANCE_CACHE_MS && current.balanceStatus === 'ready') return

      accounts.update(namespace, {
        balanceStatus: 'loading',
        balanceSymbol: activeNetwork.nativeCurrency.symbol,
      })
      // The visitor may switch account or network while the node answers: a late answer is dropped.
      const stillCurrent = () =>
        accounts.get(namespace).address === address &&
        network.getState().activeNetwork.caipNetworkId === activeNetwork.caipNetworkId
      try {
        const adapter = await getAdapter(namespace)
        const balance = await adapter.getBalance({ address, network: activeNetwork })
        if (!stillCurrent()) return
        fetchedAt.set(key, Date.now())
        accounts.update(namespace, {
          balance: floorBalance(balance.value, balance.decimals),
          balanceSymbol: balance.symbol,
          balanceStatus: 'ready',
        })
      } catch (error) {
        context.debug('balance unavailable', error)
        if (!stillCurrent()) return
        fetchedAt.delete(key)
        accounts.update(namespace, { balance: undefined, balanceStatus: 'unavailable' })
      }
    },
    forget() {
      fetchedAt.clear()
    },
  }
}
