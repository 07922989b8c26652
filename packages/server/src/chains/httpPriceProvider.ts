import { z } from 'zod'
import type { PriceProvider } from './types.ts'

export interface HttpPriceProviderOptions {
  /** Milliseconds before a request is given up (default 5000). */
  timeoutMs?: number
  /** Told why prices could not be read (the answer then has none). */
  onError?: (error: unknown) => void
}

/** What the price service answers: prices by `<CAIP-2>:<address lower-case | native>`. */
const priceAnswer = z.object({
  prices: z.record(z.string(), z.number().finite().nonnegative()),
})

/**
 * Prices from a price service: POSTs `{ currency, assets: [{ chainId, address, symbol }] }` as JSON to `url` and
 * reads `{ prices: { "<CAIP-2>:<address | native>": number } }`. An unreachable service, an error status or a
 * malformed answer gives no prices (balances then carry none), never an error.
 *
 * @example
 * const provider = httpPriceProvider('https://prices.example.com/v1/prices')
 * await provider.prices('usd', [{ chainId: 'eip155:1', address: 'native', symbol: 'ETH' }])
 */
export function httpPriceProvider(url: string, options: HttpPriceProviderOptions = {}): PriceProvider {
  const { timeoutMs = 5000, onError } = options
  return {
    async prices(currency, assets) {
      const prices = new Map<string, number>()
      if (assets.length === 0) return prices
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            currency,
            assets: assets.map(({ chainId, address, symbol }) => ({ chainId, address, symbol })),
          }),
          signal: AbortSignal.timeout(timeoutMs),
        })
        if (!response.ok) throw new Error(`Price service answered HTTP status code: ${response.status}`)
        const answer = priceAnswer.parse(await response.json())
        for (const [key, price] of Object.entries(answer.prices)) prices.set(key.toLowerCase(), price)
      } catch (error) {
        onError?.(error)
      }
      return prices
    },
  }
}
