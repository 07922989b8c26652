// The convert API (SPEC §7 /v1/convert/*) as the Swap views use it, and where swaps are offered: the server's swap
// networks (it lists no tokens elsewhere) for visitors outside the restricted time zones (SPEC §5).
import { type FetchFunction, requestJson, serverUrl } from '../api/http.ts'
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

/** The convert API of one client's server. */
export function convertApi(client: Pick<LatchClient, 'options'>, fetch?: FetchFunction) {
  const { apiUrl, chainApiUrl = apiUrl, projectId } = client.options
  const get = <T>(path: string, query: Record<string, string | undefined>, signal?: AbortSignal) =>
    requestJson<T>(
      fetch ?? globalThis.fetch,
      serverUrl(chainApiUrl ?? '', `/v1/convert/${path}`, projectId, query),
      {
        signal: signal ?? null,
      },
    )
  return {
    /** The tokens swapped on a network, the coin first; none off the swap networks. */
    tokens: (chainId: string, signal?: AbortSignal) =>
      get<{ tokens: SwapToken[] }>('tokens', { chainId }, signal).then((answer) => answer.tokens),
    /** The best quote, or undefined where no pool can fill the amount. */
    quote: (query: { amount: string; from: string; to: string; userAddress: string }) =>
      get<{ quotes: SwapQuoteAnswer[] }>('quotes', query).then((answer) => answer.quotes[0]),
    gasPrice: (chainId: string) => get<{ standard: string }>('gas-price', { chainId }),
    allowance: (tokenAddress: string, userAddress: string) =>
      get<{ allowance: string }>('allowance', { tokenAddress, userAddress }).then((answer) =>
        BigInt(answer.allowance),
      ),
    buildApprove: (query: { userAddress: string; from: string; to: string; amount: string }) =>
      get<{ tx: ConvertTransaction }>('build-approve', query).then((answer) => answer.tx),
    buildSwap: (body: {
      amount: string
      from: string
      to: string
      userAddress: string
      minToAmount?: string
    }) =>
      requestJson<{ tx: ConvertTransaction; toAmount: string }>(
        fetch ?? globalThis.fetch,
        serverUrl(chainApiUrl ?? '', '/v1/convert/build-transaction', projectId),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...body, eip155: { slippage: SWAP_SLIPPAGE }, projectId }),
        },
      ),
  }
}

export type ConvertApi = ReturnType<typeof convertApi>

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
    queryFn: ({ signal }: { signal: AbortSignal }) => convertApi(client).tokens(chainId, signal),
    // The tokens change with a deployment, not during a visit.
    staleTime: 5 * 60_000,
  }
}
