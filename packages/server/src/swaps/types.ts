// What the convert API (/v1/convert/*, SPEC §7) asks of whoever makes the swaps: a provider per deployment, the
// devnet's Uniswap V2 router or an aggregator's HTTP API. Amounts are base units; addresses are plain 0x ones, the
// network's coin written as `nativeTokenAddress`.

/** How the convert API (and the aggregators it speaks to) write the network's coin as a token address. */
export const nativeTokenAddress = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** SPEC §9: the networks swaps are offered on (eip155 chain ids); a deployment adds its own (the devnet's). */
export const specSwapNetworks: readonly number[] = [
  1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554,
]

/** SPEC §9: the slippage a swap is built with when the request names none, in percent. */
export const defaultSlippage = 1

export type Address = `0x${string}`
export type Hex = `0x${string}`

/** A token a provider swaps on one chain. */
export interface SwapToken {
  /** `nativeTokenAddress` for the network's coin. */
  address: Address
  name: string
  symbol: string
  decimals: number
  /** The provider's own logo URL, when it has one; the server answers with its own /public/getTokenImage link. */
  logoUri?: string
}

/** The amount a swap of `amount` of `from` into `to` gives now, before slippage. */
export interface SwapQuote {
  toAmount: bigint
  /**
   * Percent the rate is worse than the market's mid price (fees included), when the provider knows it: 2.5 for
   * 2.5 %. The route works it out from prices when absent.
   */
  priceImpact?: number
  /** Gas the swap will take, estimated without sending it (for the fee shown before the visitor asks). */
  gas?: bigint
}

/** A transaction for the visitor's wallet to send. */
export interface SwapTransaction {
  from: Address
  to: Address
  data: Hex
  value: bigint
  /** Estimated on the node; absent when the estimate was not asked for (`disableEstimate`) or not possible. */
  gas?: bigint
  gasPrice: bigint
}

/** What a swap is between: on `chainId`, `amount` base units of `from` into `to`. */
export interface SwapPair {
  chainId: number
  from: Address
  to: Address
  amount: bigint
}

/** Gas prices in wei for three speeds. */
export interface GasPrices {
  standard: bigint
  fast: bigint
  instant: bigint
}

/**
 * A swap provider. A chain it does not serve is the route's concern (`chains`); a pair it cannot fill answers
 * undefined from `quote`, never throws. Other failures throw `ProviderRefusal` with a message a visitor may read
 * ('Insufficient liquidity'), or any error for an outage (answered 502).
 */
export interface SwapProvider {
  /** The chain ids (eip155) this provider swaps on. */
  readonly chains: readonly number[]
  /** The tokens it swaps on the chain, the network's coin first. */
  tokens(chainId: number, signal?: AbortSignal): Promise<SwapToken[]>
  /** The best quote for the pair, or undefined when no route can fill it (no pool, too little liquidity). */
  quote(pair: SwapPair & { userAddress?: Address }, signal?: AbortSignal): Promise<SwapQuote | undefined>
  /** How much of `token` the provider's contract (router, spender) may move for `owner`; the coin needs none. */
  allowance(chainId: number, token: Address, owner: Address, signal?: AbortSignal): Promise<bigint>
  /** The approval of `amount` of `token` to the provider's spender, to be sent by `owner`. */
  buildApprove(
    parameters: { chainId: number; token: Address; owner: Address; amount: bigint },
    signal?: AbortSignal,
  ): Promise<SwapTransaction>
  /**
   * The swap, to be sent by `userAddress`, giving at least the quote less `slippage` percent (1 for 1 %), and never
   * less than `minToAmount` (what the visitor was shown): when the price has moved below it, a `ProviderRefusal`
   * (`priceMoved`). Gas is estimated on the node unless `disableEstimate`; an estimate that fails (no allowance yet)
   * leaves gas out.
   */
  buildSwap(
    parameters: SwapPair & {
      userAddress: Address
      slippage: number
      disableEstimate: boolean
      minToAmount?: bigint
    },
    signal?: AbortSignal,
  ): Promise<SwapTransaction & { toAmount: bigint }>
  /** Gas prices on the chain. */
  gasPrices(chainId: number, signal?: AbortSignal): Promise<GasPrices>
}

/** The refusal of a swap whose price has moved below the least the visitor was shown. */
export const priceMoved = 'The price has moved below the minimum shown: get a new quote'
