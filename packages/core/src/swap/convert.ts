// Where swaps are offered, as the Account view's Swap button asks (its chunk shares this module with the Swap views):
// the server's swap networks (`/v1/convert/tokens` lists no tokens elsewhere) for visitors outside the restricted
// time zones (SPEC §5). The rest of the convert API is the Swap views' own (swap.ts).
import { requestJson, serverUrl } from '../api/http.ts'
import type { LatchClient } from '../createLatch.ts'

/** A token the convert API swaps: its address is CAIP-10, the coin's ends in `0xeeee…eeee`. */
export interface SwapToken {
  name: string
  symbol: string
  address: string
  decimals: number
  logoUri: string
}

/** What a swap of `fromAmount` gives now, before slippage (base units as decimal strings). */
export interface SwapQuoteAnswer {
  fromAmount: string
  toAmount: string
  /** Percent below the market's mid price, fees included, when the server knows it. */
  priceImpact?: number
  /** Gas the swap should take. */
  gas?: string
}

/** A transaction the convert API built for the wallet to send. */
export interface ConvertTransaction {
  to: string
  data: string
  /** The coin sent with it, in wei (`value` for approvals, `amount` for swaps). */
  value?: string
  amount?: string
  /** The gas the server reckons it needs, with headroom (absent when the node could not estimate it). */
  eip155?: { gas?: string }
}

/** SPEC §9: swaps give at least the quote less 1 %. */
export const SWAP_SLIPPAGE = 1

/** The coin as the convert API writes it. */
export const SWAP_COIN = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/**
 * SPEC §5 'Restricted timezones … China regions': swaps are not offered to visitors whose clock is set to one of
 * these (mainland China, Hong Kong, Macau; their IANA names and the old aliases browsers may still report).
 */
const restrictedTimeZone =
  /^(Asia\/(Shanghai|Urumqi|Chongqing|Chungking|Harbin|Kashgar|Macau|Macao|Hong_Kong)|PRC|Hongkong)$|Beijing/

/**
 * Whether the visitor's time zone is one where swaps are not offered (SPEC §5).
 *
 * @example
 * isRestrictedTimeZone('Asia/Shanghai') // true
 * isRestrictedTimeZone('Europe/Paris') // false
 */
export function isRestrictedTimeZone(
  timeZone: string | undefined = Intl.DateTimeFormat().resolvedOptions().timeZone,
): boolean {
  return restrictedTimeZone.test(timeZone ?? '')
}

/**
 * The tokens swapped on a network, through the client's query cache (the Account view's Swap button asks, the Swap
 * views find them there): none off the swap networks.
 */
export const swapTokensOf = (client: Pick<LatchClient, 'options' | 'api'>, chainId: string) =>
  client.api().then((api) => api.queryClient.fetchQuery(swapTokensQuery(client, chainId)))

/** The query of a network's swap tokens, shared by the Account view's Swap entry and the Swap views. */
export function swapTokensQuery(client: Pick<LatchClient, 'options'>, chainId: string) {
  const { apiUrl, chainApiUrl = apiUrl, projectId } = client.options
  return {
    queryKey: ['latch', 'swapTokens', { chainApiUrl, projectId, chainId }] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      requestJson<{ tokens: SwapToken[] }>(
        globalThis.fetch,
        serverUrl(chainApiUrl ?? '', '/v1/convert/tokens', projectId, { chainId }),
        { signal },
      ).then((answer) => answer.tokens),
    // The tokens change with a deployment, not during a visit.
    staleTime: 5 * 60_000,
  }
}
