import type { PriceProvider } from './types.ts'
import { priceKey } from './types.ts'

/**
 * Prices from configuration, in usd, by token symbol (the devnet's tokens have no market). Another currency has
 * no prices.
 *
 * @example
 * const provider = fixedPriceProvider({ ETH: 3000, LUSD: 1 })
 * await provider.prices('usd', [{ chainId: 'eip155:31337', address: 'native', symbol: 'ETH' }])
 * // Map { 'eip155:31337:native' => 3000 }
 */
export function fixedPriceProvider(usdBySymbol: Readonly<Record<string, number>>): PriceProvider {
  return {
    async prices(currency, assets) {
      const prices = new Map<string, number>()
      if (currency !== 'usd') return prices
      for (const asset of assets) {
        const price = usdBySymbol[asset.symbol]
        if (price !== undefined) prices.set(priceKey(asset), price)
      }
      return prices
    },
  }
}
