import type { FastifyError } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { type BlockchainConfig, priceKey } from '../chains/types.ts'
import { describeValidation, ProviderRefusal } from '../errors.ts'
import { LruCache } from '../lruCache.ts'
import { sdkQuery } from '../schemas.ts'
import {
  type AccountOnChain,
  allowanceAnswer,
  allowanceQuery,
  approveAnswer,
  buildApproveQuery,
  buildTransactionBody,
  failedAnswer,
  gasPriceAnswer,
  gasPriceQuery,
  quotesAnswer,
  quotesQuery,
  swapAnswer,
  tokensAnswer,
  tokensQuery,
} from '../swaps/schemas.ts'
import { defaultSlippage, nativeTokenAddress, type SwapProvider, type SwapToken } from '../swaps/types.ts'
import { withTimeout } from '../timeout.ts'

export interface ConvertRoutesOptions {
  blockchain: BlockchainConfig
  /** Base URL of the token logo links (the server's public URL). */
  baseUrl: () => string
}

/** SPEC §8. */
const gasPriceUnsupported = 'Network not supported for Gas Price'
const swapsUnsupported = 'Network not supported for Swaps'

/** How long the tokens a provider lists are kept: they change with a deployment, not with every quote. */
const tokensTtlMs = 5 * 60_000
/** How long a quote and a gas price are kept: an open Swap view asks again every 10 s. */
const quoteTtlMs = 5000
const gasPriceTtlMs = 10_000
/** The longest a provider may take before the request is answered 502. */
const providerTimeoutMs = 8000

/**
 * Reads shared by key: one read at a time per key, its answer kept `ttlMs` (a failure is forgotten at once).
 *
 * @example
 * const quotes = sharedReads<bigint>(5000)
 * await quotes('eip155:1 ETH LUSD 1', () => provider.quote(pair))
 */
function sharedReads<T>(ttlMs: number) {
  const kept = new LruCache<Promise<T>>({ maxEntries: 10_000, ttlMs })
  return (key: string, read: () => Promise<T>): Promise<T> => {
    let answer = kept.get(key)
    if (!answer) {
      answer = read()
      kept.set(key, answer)
      answer.catch(() => kept.delete(key))
    }
    return answer
  }
}

const failed = (field: string, description: string) => ({
  status: 'FAILED' as const,
  reasons: [{ field, description }],
})

/**
 * The convert API (SPEC §7 /v1/convert/*): swappable tokens, quotes, allowances, gas prices, and the approval and
 * swap transactions for the visitor's wallet, over the configured swap providers. Off the swap networks it answers
 * as SPEC §8 says: no quotes, no tokens, allowance '0', 'Network not supported for Gas Price' / '… for Swaps'. Every
 * refusal is `{ status: 'FAILED', reasons: [{ field, description }] }`.
 */
export const convertRoutes: FastifyPluginAsyncZod<ConvertRoutesOptions> = async (
  app,
  { blockchain, baseUrl },
) => {
  const networks = new Set(blockchain.swaps?.networks ?? [])
  const providers = blockchain.swaps?.providers ?? []
  // A flood of the same request costs the provider (perhaps an aggregator whose quota the deployment pays for) one
  // read: answers are shared while they are read and kept a while after.
  const tokenReads = sharedReads<SwapToken[]>(tokensTtlMs)
  const quoteReads = sharedReads<Awaited<ReturnType<SwapProvider['quote']>>>(quoteTtlMs)
  const gasReads = sharedReads<Awaited<ReturnType<SwapProvider['gasPrices']>>>(gasPriceTtlMs)

  // This plugin's refusals take the convert API's shape; the rest of the server keeps `{ error, field }`.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { field, error: description } = describeValidation(
        error.validation,
        error.validationContext,
        request.body,
      )
      return reply.code(400).send(failed(field, description))
    }
    if (error instanceof ProviderRefusal) return reply.code(400).send(failed(error.field, error.message))
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500)
      return reply
        .code(status)
        .send(failed(error.code?.startsWith('FST_ERR_CTP_') ? 'body' : 'request', error.message))
    request.log.error({ err: error }, 'swap provider failed')
    return reply.code(502).send(failed('provider', 'The swap provider could not answer; try again shortly'))
  })

  /** The provider of a swap network, or undefined off them. */
  const providerOf = (chainId: number | undefined) =>
    chainId !== undefined && networks.has(chainId)
      ? providers.find((provider) => provider.chains.includes(chainId))
      : undefined

  const ask = <T>(promise: Promise<T>) =>
    withTimeout(promise, providerTimeoutMs, 'The swap provider').catch((error: unknown) => {
      if (error instanceof ProviderRefusal) throw error
      throw Object.assign(new Error('The swap provider did not answer', { cause: error }), {
        statusCode: 502,
      })
    })

  const tokensOf = (provider: SwapProvider, chainId: number) =>
    tokenReads(String(chainId), () => ask(provider.tokens(chainId)))

  /** The token a CAIP-10 address names on the provider's list, or a 400 naming the field. */
  async function tokenOf(provider: SwapProvider, field: string, token: AccountOnChain): Promise<SwapToken> {
    const chainId = token.chainId!
    const found = (await tokensOf(provider, chainId)).find(
      (candidate) => candidate.address.toLowerCase() === token.address.toLowerCase(),
    )
    if (!found) throw new ProviderRefusal(field, `${field} is not a token swapped on eip155:${chainId}`)
    return found
  }

  /** The provider of a swap between `from` and `to`, which must be on one chain, or undefined off the networks. */
  function pairProvider(from: AccountOnChain, to: AccountOnChain) {
    const provider = providerOf(from.chainId)
    if (provider && to.chainId !== from.chainId)
      throw new ProviderRefusal('to', `to must be on the chain of from (eip155:${from.chainId})`)
    return provider
  }

  /** The percent the swap's value falls short of what it puts in, from the prices, when both are known. */
  async function impactFromPrices(
    chainId: number,
    from: SwapToken,
    to: SwapToken,
    amount: bigint,
    toAmount: bigint,
  ): Promise<number | undefined> {
    const assetOf = (token: SwapToken) => ({
      chainId: `eip155:${chainId}`,
      address: token.address.toLowerCase() === nativeTokenAddress ? 'native' : token.address,
      symbol: token.symbol,
    })
    const prices = await blockchain.prices
      .prices('usd', [assetOf(from), assetOf(to)])
      .catch(() => new Map<string, number>())
    const fromPrice = prices.get(priceKey(assetOf(from)))
    const toPrice = prices.get(priceKey(assetOf(to)))
    if (!fromPrice || toPrice === undefined) return undefined
    const putIn = (Number(amount) / 10 ** from.decimals) * fromPrice
    const got = (Number(toAmount) / 10 ** to.decimals) * toPrice
    return Math.max(0, (1 - got / putIn) * 100)
  }

  const sdk = { config: { usage: true }, schema: { tags: ['convert'] } } as const
  // What may reach the provider for each different request: its own, tighter limit.
  const costly = { config: { usage: true, limit: 'swaps' }, schema: sdk.schema } as const
  const refusals = { 400: failedAnswer, 429: failedAnswer, 502: failedAnswer }

  app.get(
    '/v1/convert/tokens',
    {
      ...sdk,
      schema: {
        ...sdk.schema,
        summary: 'The tokens swapped on a network, the coin first',
        description: 'Off the swap networks: no tokens.',
        querystring: tokensQuery,
        response: { 200: tokensAnswer, ...refusals },
      },
    },
    async (request) => {
      const id = request.query.chainId
      const provider = providerOf(id)
      if (!provider || id === undefined) return { tokens: [] }
      const base = baseUrl()
      return {
        tokens: (await tokensOf(provider, id)).map((token) => ({
          name: token.name,
          symbol: token.symbol,
          address: `eip155:${id}:${token.address}`,
          decimals: token.decimals,
          logoUri: `${base}/public/getTokenImage/${encodeURIComponent(token.symbol)}`,
        })),
      }
    },
  )

  app.get(
    '/v1/convert/quotes',
    {
      ...costly,
      schema: {
        ...sdk.schema,
        summary: 'What swapping an amount of one token gives of another, now',
        description:
          'The best route the provider has. No quotes off the swap networks, and where no pool can fill the amount.',
        querystring: quotesQuery,
        response: { 200: quotesAnswer, ...refusals },
      },
    },
    async (request) => {
      const { amount, from, to } = request.query
      const provider = pairProvider(from, to)
      if (!provider) return { quotes: [] }
      const chainId = from.chainId!
      const [fromToken, toToken] = await Promise.all([
        tokenOf(provider, 'from', from),
        tokenOf(provider, 'to', to),
      ])
      if (fromToken === toToken) throw new ProviderRefusal('to', 'to must be another token than from')
      const key = JSON.stringify([chainId, fromToken.address, toToken.address, String(amount)])
      const quote = await quoteReads(key, () =>
        ask(provider.quote({ chainId, from: fromToken.address, to: toToken.address, amount })),
      )
      if (!quote) return { quotes: [] }
      const priceImpact =
        quote.priceImpact ?? (await impactFromPrices(chainId, fromToken, toToken, amount, quote.toAmount))
      return {
        quotes: [
          {
            id: null,
            fromAmount: String(amount),
            fromAccount: from.caip10,
            toAmount: String(quote.toAmount),
            toAccount: to.caip10,
            ...(priceImpact === undefined ? {} : { priceImpact }),
            ...(quote.gas === undefined ? {} : { gas: String(quote.gas) }),
          },
        ],
      }
    },
  )

  app.get(
    '/v1/convert/allowance',
    {
      ...sdk,
      schema: {
        ...sdk.schema,
        summary: 'How much of a token the swap contract may move for an account',
        description: "Off the swap networks: '0'. The coin needs no allowance.",
        querystring: allowanceQuery,
        response: { 200: allowanceAnswer, ...refusals },
      },
    },
    async (request) => {
      const { tokenAddress, userAddress } = request.query
      const provider = providerOf(tokenAddress.chainId)
      if (!provider) return { allowance: '0' }
      const token = await tokenOf(provider, 'tokenAddress', tokenAddress)
      const allowance = await ask(
        provider.allowance(tokenAddress.chainId!, token.address, userAddress.address),
      )
      return { allowance: String(allowance) }
    },
  )

  app.get(
    '/v1/convert/gas-price',
    {
      ...sdk,
      schema: {
        ...sdk.schema,
        summary: 'Gas prices on a network for three speeds, in wei',
        description: "Off the swap networks: 400 'Network not supported for Gas Price'.",
        querystring: gasPriceQuery,
        response: { 200: gasPriceAnswer, ...refusals },
      },
    },
    async (request) => {
      const id = request.query.chainId
      const provider = providerOf(id)
      if (!provider || id === undefined) throw new ProviderRefusal('chainId', gasPriceUnsupported)
      const prices = await gasReads(String(id), () => ask(provider.gasPrices(id)))
      return { standard: String(prices.standard), fast: String(prices.fast), instant: String(prices.instant) }
    },
  )

  app.get(
    '/v1/convert/build-approve',
    {
      ...costly,
      schema: {
        ...sdk.schema,
        summary: 'The approval the swap contract needs before it can move a token, for the wallet to send',
        description: "Off the swap networks: 400 'Network not supported for Swaps'.",
        querystring: buildApproveQuery,
        response: { 200: approveAnswer, ...refusals },
      },
    },
    async (request) => {
      const { userAddress, from, to, amount } = request.query
      const provider = pairProvider(from, to)
      if (!provider) throw new ProviderRefusal('from', swapsUnsupported)
      const token = await tokenOf(provider, 'from', from)
      if (token.address.toLowerCase() === nativeTokenAddress)
        throw new ProviderRefusal('from', 'from is the network’s coin, which needs no approval')
      const tx = await ask(
        provider.buildApprove({
          chainId: from.chainId!,
          token: token.address,
          owner: userAddress.address,
          amount: amount ?? 2n ** 256n - 1n,
        }),
      )
      return {
        tx: {
          from: tx.from,
          to: tx.to,
          data: tx.data,
          value: String(tx.value),
          eip155: { ...(tx.gas === undefined ? {} : { gas: String(tx.gas) }), gasPrice: String(tx.gasPrice) },
        },
      }
    },
  )

  app.post(
    '/v1/convert/build-transaction',
    {
      ...costly,
      schema: {
        ...sdk.schema,
        summary: 'The swap, for the wallet to send',
        description:
          'Gives at least the quote less the slippage (SPEC §9: 1 % unless eip155.slippage says otherwise). Gas is ' +
          "estimated on the node unless disableEstimate. Off the swap networks: 400 'Network not supported for Swaps'.",
        querystring: sdkQuery,
        body: buildTransactionBody,
        response: { 200: swapAnswer, ...refusals },
      },
    },
    async (request) => {
      const { amount, from, to, userAddress, eip155, disableEstimate, minToAmount } = request.body
      const provider = pairProvider(from, to)
      if (!provider) throw new ProviderRefusal('from', swapsUnsupported)
      const [fromToken, toToken] = await Promise.all([
        tokenOf(provider, 'from', from),
        tokenOf(provider, 'to', to),
      ])
      if (fromToken === toToken) throw new ProviderRefusal('to', 'to must be another token than from')
      const tx = await ask(
        provider.buildSwap({
          chainId: from.chainId!,
          from: fromToken.address,
          to: toToken.address,
          amount,
          userAddress: userAddress.address,
          slippage: eip155?.slippage ?? defaultSlippage,
          disableEstimate: disableEstimate ?? false,
          ...(minToAmount === undefined ? {} : { minToAmount }),
        }),
      )
      return {
        tx: {
          from: tx.from,
          to: tx.to,
          data: tx.data,
          amount: String(tx.value),
          eip155: { ...(tx.gas === undefined ? {} : { gas: String(tx.gas) }), gasPrice: String(tx.gasPrice) },
        },
        toAmount: String(tx.toAmount),
      }
    },
  )
}
