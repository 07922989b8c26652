import type { AdapterEvent } from '@latch/core'
import { parseAccounts } from './accounts.ts'
import { parseChainId } from './chainId.ts'
import type { Eip1193Provider, ProviderListener } from './provider.ts'

/**
 * Forwards a connected wallet's EIP-1193 events: `accountsChanged`, `chainChanged` (as a number) and
 * `disconnect`. An empty `accountsChanged` means the visitor disconnected the site in the wallet, so it is
 * reported as a disconnect. Returns a stop that removes the listeners.
 *
 * @example
 * const stop = watchConnection(provider, (event) => console.log(event.type))
 */
export function watchConnection(
  provider: Eip1193Provider,
  listener: (event: AdapterEvent) => void,
): () => void {
  const onAccountsChanged: ProviderListener = (payload) => {
    const accounts = parseAccounts(payload)
    listener(accounts.length === 0 ? { type: 'disconnect' } : { type: 'accountsChanged', accounts })
  }
  const onChainChanged: ProviderListener = (payload) => {
    let chainId: number
    try {
      chainId = parseChainId(payload)
    } catch {
      return // A malformed event says nothing reliable about the chain; the next eth_chainId will.
    }
    listener({ type: 'chainChanged', chainId })
  }
  const onDisconnect: ProviderListener = (payload) => {
    // MetaMask emits code 1013 while it reconnects to its own backend; the site stays connected.
    if ((payload as { code?: unknown } | undefined)?.code === 1013) return
    listener({ type: 'disconnect' })
  }
  const subscriptions: [string, ProviderListener][] = [
    ['accountsChanged', onAccountsChanged],
    ['chainChanged', onChainChanged],
    ['disconnect', onDisconnect],
  ]
  for (const [event, handler] of subscriptions) provider.on?.(event, handler)
  let active = true
  return () => {
    if (!active) return
    active = false
    for (const [event, handler] of subscriptions) provider.removeListener?.(event, handler)
  }
}
