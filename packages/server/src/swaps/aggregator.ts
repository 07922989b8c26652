import { maxUint256 } from 'viem'
import { z } from 'zod'
import { ProviderRefusal } from '../errors.ts'
import { type ProviderOutcome, parseAnswer, providerHttp, refusalFields } from '../providerHttp.ts'
import {
  type Address,
  type GasPrices,
  type Hex,
  nativeTokenAddress,
  priceMoved,
  type SwapProvider,
  type SwapQuote,
  type SwapToken,
  type SwapTransaction,
} from './types.ts'

export interface AggregatorOptions {
  /** Where the API is, without a trailing path: `https://api.1inch.dev`. */
  baseUrl: string
  /** Sent as `Authorization: Bearer <apiKey>` (1inch's developer portal key). */
  apiKey?: string
  /** The chain ids (eip155) the API is asked about; the convert routes refuse the others. */
  chains: readonly number[]
  /** Milliseconds before a request (its answer's body included) is given up (default 5000). */
  timeoutMs?: number
  /** The fetch to use (default the global one, looked up at each call so that a test can stub it). */
  fetch?: typeof globalThis.fetch
}

export { maxAnswerBytes } from '../providerHttp.ts'
/** Tokens kept from a list: the modal's picker searches them, the server answers them whole. */
export const maxTokens = 1000

const addressPattern = /^0x[0-9a-fA-F]{40}$/
const address = z
  .string()
  .regex(addressPattern)
  .transform((value) => value as Address)
const hex = z
  .string()
  .regex(/^0x(?:[0-9a-fA-F]{2})*$/)
  .transform((value) => value as Hex)
// Base units as 1inch writes them: decimal strings, as a uint256 can be (78 digits at most).
const baseUnits = z
  .string()
  .regex(/^\d{1,78}$/)
  .transform((value) => BigInt(value))
  .refine((value) => value <= maxUint256, 'larger than a uint256')
const gasUnits = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)

/** A token of 1inch's list; an entry that does not match is left out, not the whole list refused. */
const tokenEntry = z.object({
  address,
  symbol: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(128),
  decimals: z.number().int().min(0).max(36),
  // The logo is the provider's own: a bad one is left out, the token kept (the server answers its own link).
  logoURI: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional()
    .catch(() => undefined),
})

const tokensAnswer = z.object({ tokens: z.record(z.string(), z.unknown()) })
const quoteAnswer = z.object({ dstAmount: baseUnits, gas: gasUnits.optional() })
const allowanceAnswer = z.object({ allowance: baseUnits })
const approveAnswer = z.object({ data: hex, gasPrice: baseUnits, to: address, value: baseUnits })
const swapAnswer = z.object({
  dstAmount: baseUnits,
  tx: z.object({
    from: address,
    to: address,
    data: hex,
    value: baseUnits,
    gas: gasUnits,
    gasPrice: baseUnits,
  }),
})
const eip1559Fees = z.object({ maxPriorityFeePerGas: baseUnits, maxFeePerGas: baseUnits })
// EIP-1559 chains are answered with fees per speed; legacy ones (BNB Chain) with one gas price per speed.
const gasPriceAnswer = z.union([
  z.object({
    baseFee: baseUnits,
    low: eip1559Fees,
    medium: eip1559Fees,
    high: eip1559Fees,
    instant: eip1559Fees,
  }),
  z.object({ standard: baseUnits, fast: baseUnits, instant: baseUnits }),
])
/** 1inch's refusals: `{ error: 'Bad Request', description: 'insufficient liquidity', statusCode: 400, meta, requestId }`. */
const refusalAnswer = z
  .object({ description: z.string().trim().min(1) })
  .transform(({ description }) => description)

/**
 * 1inch's query parameters a refusal's description may name, and the convert API's field each stands for. `from`
 * and `origin` are left out: as English words they appear in descriptions that are not about the sender.
 */
const fieldOf = refusalFields({
  src: 'from',
  dst: 'to',
  amount: 'amount',
  slippage: 'slippage',
  tokenAddress: 'from',
  walletAddress: 'userAddress',
})

/**
 * A swap provider over a 1inch-style HTTP API (Swap API v6.0, Gas Price API v1.5). Every answer is checked before
 * it is used: an answer that does not match throws an Error naming the endpoint, as do error statuses, a network
 * failure, an answer over 2 MiB and the timeout. A 4xx with a description is a `ProviderRefusal` (400 "insufficient
 * liquidity" from the quote is no route: undefined); 401, 403 and 429 are the deployment's problem (its key, its
 * plan), not the visitor's, and throw an Error.
 *
 * @example
 * const provider = aggregatorSwapProvider({ baseUrl: 'https://api.1inch.dev', apiKey, chains: [1, 56] })
 * const quote = await provider.quote({ chainId: 1, from: nativeTokenAddress, to: usdc, amount: 10n ** 18n })
 */
export function aggregatorSwapProvider(options: AggregatorOptions): SwapProvider {
  const headers: Record<string, string> = {}
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`
  const http = providerHttp({
    service: 'Swap aggregator',
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    headers: () => headers,
    refusal: refusalAnswer,
  })
  /** The answer's body parsed with `schema`; a refusal thrown for the visitor. */
  const answer = <T>(
    path: string,
    query: Record<string, string>,
    schema: z.ZodType<T>,
    signal?: AbortSignal,
  ) => http.answer({ path, query }, schema, (description) => fieldOf(description, 'amount'), signal)

  return {
    chains: options.chains,

    async tokens(chainId, signal) {
      const path = `/swap/v6.0/${chainPart(chainId)}/tokens`
      const { tokens } = await answer(path, {}, tokensAnswer, signal)
      let coin: SwapToken | undefined
      const rest: SwapToken[] = []
      const seen = new Set<string>()
      for (const entry of Object.values(tokens)) {
        const parsed = tokenEntry.safeParse(entry)
        if (!parsed.success) continue
        const { address, symbol, name, decimals, logoURI } = parsed.data
        const key = address.toLowerCase()
        if (seen.has(key)) continue
        seen.add(key)
        const token: SwapToken = { address, name, symbol, decimals }
        if (logoURI) token.logoUri = logoURI
        if (key === nativeTokenAddress) coin = { ...token, address: nativeTokenAddress }
        // The rest stop at the cap; the coin may still come later in the list, and then takes the last one's place.
        else if (rest.length < maxTokens) rest.push(token)
      }
      return coin ? [coin, ...rest.slice(0, maxTokens - 1)] : rest
    },

    async quote({ chainId, from, to, amount }, signal): Promise<SwapQuote | undefined> {
      const path = `/swap/v6.0/${chainPart(chainId)}/quote`
      const query = { src: from, dst: to, amount: amount.toString(), includeGas: 'true' }
      const outcome = await http.call({ path, query }, signal)
      if (!outcome.ok && outcome.status === 400 && /insufficient liquidity/i.test(outcome.description)) {
        return undefined
      }
      const { dstAmount, gas } = parse(refused(outcome), quoteAnswer, path)
      return gas ? { toAmount: dstAmount, gas: BigInt(gas) } : { toAmount: dstAmount }
    },

    async allowance(chainId, token, owner, signal) {
      // The coin is not an ERC-20: nothing to approve, and 1inch has no allowance of it to answer.
      if (token.toLowerCase() === nativeTokenAddress) return maxUint256
      const path = `/swap/v6.0/${chainPart(chainId)}/approve/allowance`
      const query = { tokenAddress: token, walletAddress: owner }
      return (await answer(path, query, allowanceAnswer, signal)).allowance
    },

    async buildApprove({ chainId, token, owner, amount }, signal): Promise<SwapTransaction> {
      const path = `/swap/v6.0/${chainPart(chainId)}/approve/transaction`
      const query = { tokenAddress: token, amount: amount.toString() }
      const { data, gasPrice, to, value } = await answer(path, query, approveAnswer, signal)
      return { from: owner, to, data, value, gasPrice }
    },

    async buildSwap(
      { chainId, from, to, amount, userAddress, slippage, disableEstimate, minToAmount },
      signal,
    ) {
      const path = `/swap/v6.0/${chainPart(chainId)}/swap`
      const query = {
        src: from,
        dst: to,
        amount: amount.toString(),
        from: userAddress,
        // v6.0 asks who starts the transaction (the visitor's own wallet: no relayer in between).
        origin: userAddress,
        slippage: String(slippage),
        disableEstimate: String(disableEstimate),
      }
      const { dstAmount, tx } = await answer(path, query, swapAnswer, signal)
      // 1inch sets its own least amount (the quote less the slippage): below what the visitor was shown, refuse.
      if (
        minToAmount !== undefined &&
        (dstAmount * BigInt(10_000 - Math.round(slippage * 100))) / 10_000n < minToAmount
      )
        throw new ProviderRefusal('minToAmount', priceMoved)
      const transaction: SwapTransaction & { toAmount: bigint } = {
        from: tx.from,
        to: tx.to,
        data: tx.data,
        value: tx.value,
        gasPrice: tx.gasPrice,
        toAmount: dstAmount,
      }
      // 1inch answers gas 0 when it did not estimate (disableEstimate): that is no estimate, not a limit of 0.
      if (tx.gas > 0) transaction.gas = BigInt(tx.gas)
      return transaction
    },

    async gasPrices(chainId, signal): Promise<GasPrices> {
      const path = `/gas-price/v1.5/${chainPart(chainId)}`
      const prices = await answer(path, {}, gasPriceAnswer, signal)
      // What a transaction pays at each speed, the base fee and its tip: the max fee is a cap, often twice as much.
      if ('baseFee' in prices) {
        const { baseFee, medium, high, instant } = prices
        return {
          standard: baseFee + medium.maxPriorityFeePerGas,
          fast: baseFee + high.maxPriorityFeePerGas,
          instant: baseFee + instant.maxPriorityFeePerGas,
        }
      }
      return { standard: prices.standard, fast: prices.fast, instant: prices.instant }
    },
  }
}

/** The chain id as a path segment; anything but a positive integer would change the path. */
function chainPart(chainId: number): string {
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new Error(`Not a chain id: ${chainId}`)
  return String(chainId)
}

/** A refusal thrown as the visitor's error, naming the field its description names ('amount' when none). */
function refused(outcome: ProviderOutcome): unknown {
  if (outcome.ok) return outcome.body
  throw new ProviderRefusal(fieldOf(outcome.description, 'amount'), outcome.description)
}

function parse<T>(body: unknown, schema: z.ZodType<T>, path: string): T {
  return parseAnswer(body, schema, `Swap aggregator ${path}`)
}
