import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { chainClient } from '../chains/clients.ts'
import { readBalances } from '../chains/readBalances.ts'
import { readSolanaBalances } from '../chains/readSolanaBalances.ts'
import {
  accountParams,
  balanceQuery,
  balances,
  fungiblePriceBody,
  fungiblePrices,
  supportedChains,
} from '../chains/schemas.ts'
import { type BlockchainConfig, type PricedAsset, priceKey } from '../chains/types.ts'
import { LruCache } from '../lruCache.ts'
import { errorBody, sdkQuery } from '../schemas.ts'

export interface BlockchainRoutesOptions {
  blockchain: BlockchainConfig
  /** Base URL of icon URLs (the server's public URL). */
  baseUrl: () => string
}

type TokenBalance = z.output<typeof balances>['balances'][number]

/** One non-zero holding, whatever the namespace: the chain's coin (`token` absent) or a configured token. */
interface Holding {
  caipNetworkId: string
  /** The token's contract or mint. */
  token?: string
  name: string
  symbol: string
  decimals: number
  /** Exact decimal amount. */
  numeric: string
}

/** A chain the balance route reads: an EVM chain or a Solana cluster. */
interface BalanceChain {
  caipNetworkId: string
  name: string
  namespace: 'eip155' | 'solana'
  read(address: string): Promise<Holding[]>
}

/** What a balance read gives: the balances of the chains that answered, and the chains that did not. */
interface BalanceRead {
  balances: TokenBalance[]
  failed: BalanceChain[]
}

/** SPEC §9: balances are cached 30 s. */
const balanceTtlMs = 30_000

function assetOf(holding: Holding): PricedAsset {
  return { chainId: holding.caipNetworkId, address: holding.token ?? 'native', symbol: holding.symbol }
}

async function pricesOf(
  blockchain: BlockchainConfig,
  currency: string,
  assets: readonly PricedAsset[],
): Promise<Map<string, number>> {
  if (assets.length === 0) return new Map()
  // A provider should not throw; if one does, the balances still go out, without prices.
  return blockchain.prices.prices(currency, assets).catch(() => new Map<string, number>())
}

const iconUrlOf = (baseUrl: string, symbol: string) =>
  `${baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}`

/**
 * The blockchain API (SPEC §7): supported chains, an account's balances read from the chains (cached 30 s), and
 * fungible prices.
 */
export const blockchainRoutes: FastifyPluginAsyncZod<BlockchainRoutesOptions> = async (
  app,
  { blockchain, baseUrl: baseUrlOf },
) => {
  const chains = blockchain.chains
  const solanaChains = blockchain.solana ?? []
  const balanceChains: BalanceChain[] = [
    ...chains.map((chain): BalanceChain => {
      const client = chainClient(chain, 'balances')
      return {
        caipNetworkId: chain.caipNetworkId,
        name: chain.name,
        namespace: 'eip155',
        read: async (address) =>
          (await readBalances(chain, client, address as `0x${string}`)).map(({ token, ...holding }) => ({
            ...holding,
            caipNetworkId: chain.caipNetworkId,
            ...(token ? { token: token.address } : {}),
          })),
      }
    }),
    ...solanaChains.map(
      (chain): BalanceChain => ({
        caipNetworkId: chain.caipNetworkId,
        name: chain.name,
        namespace: 'solana',
        read: async (address) =>
          (await readSolanaBalances(chain, address)).map(({ token, ...holding }) => ({
            ...holding,
            caipNetworkId: chain.caipNetworkId,
            ...(token ? { token: token.mint } : {}),
          })),
      }),
    ),
  ]
  const cache = new LruCache<TokenBalance[]>({ maxEntries: 10_000, ttlMs: balanceTtlMs })
  // Concurrent requests for the same uncached balances share one read of the chains.
  const reading = new Map<string, Promise<BalanceRead>>()

  async function readAccount(
    address: string,
    requested: BalanceChain[],
    currency: string,
    baseUrl: string,
  ): Promise<BalanceRead> {
    const results = await Promise.allSettled(requested.map((chain) => chain.read(address)))
    const holdings: Holding[] = []
    const failed: BalanceChain[] = []
    results.forEach((result, index) => {
      if (result.status === 'fulfilled') holdings.push(...result.value)
      else {
        failed.push(requested[index]!)
        app.log.warn(
          { err: result.reason, chain: requested[index]!.caipNetworkId },
          'could not read balances from a chain',
        )
      }
    })
    const prices = await pricesOf(blockchain, currency, holdings.map(assetOf))
    return {
      failed,
      balances: holdings.map((holding) => {
        const price = prices.get(priceKey(assetOf(holding)))
        return {
          name: holding.name,
          symbol: holding.symbol,
          chainId: holding.caipNetworkId,
          ...(holding.token ? { address: `${holding.caipNetworkId}:${holding.token}` } : {}),
          ...(price === undefined ? {} : { value: Number(holding.numeric) * price, price }),
          quantity: { decimals: String(holding.decimals), numeric: holding.numeric },
          iconUrl: iconUrlOf(baseUrl, holding.symbol),
        }
      }),
    }
  }

  app.get(
    '/v1/supported-chains',
    {
      config: { usage: true },
      schema: {
        summary: 'The chains the blockchain API serves',
        tags: ['blockchain'],
        querystring: sdkQuery,
        response: { 200: supportedChains, 400: errorBody },
      },
    },
    async () => ({
      http: [...chains, ...solanaChains].map((chain) => chain.caipNetworkId),
      ws: [...chains, ...solanaChains].filter((chain) => chain.wsUrl).map((chain) => chain.caipNetworkId),
    }),
  )

  app.get(
    '/v1/account/:address/balance',
    {
      // A forced read skips the cache and asks every chain: limited apart, and more tightly.
      config: {
        usage: true,
        limit: (request) =>
          (request.query as { forceUpdate?: unknown }).forceUpdate === 'true' ? 'refresh' : 'read',
      },
      schema: {
        summary: "An account's native and token balances, read from the chains",
        description:
          'Zero balances are left out. Cached 30 s per address, chain and currency unless forceUpdate=true. A chain ' +
          'that cannot be read is left out of the answer; 502 when none of the requested chains can be read.',
        tags: ['blockchain'],
        params: accountParams,
        querystring: balanceQuery(balanceChains.map((chain) => chain.caipNetworkId)),
        response: { 200: balances, 400: errorBody, 502: errorBody },
      },
    },
    async (request, reply) => {
      const { address, namespace } = request.params.address
      const { currency, chainId, forceUpdate } = request.query
      const ofNamespace = balanceChains.filter((chain) => chain.namespace === namespace)
      if (chainId && !ofNamespace.some((chain) => chain.caipNetworkId === chainId))
        return reply
          .code(400)
          .send({ error: `chainId ${chainId} is not a chain of a ${namespace} address`, field: 'chainId' })
      const baseUrl = baseUrlOf()
      const key = JSON.stringify([baseUrl, address, chainId ?? '*', currency])
      if (!forceUpdate) {
        const cached = cache.get(key)
        if (cached) return { balances: cached }
      }
      const requested = chainId ? ofNamespace.filter((chain) => chain.caipNetworkId === chainId) : ofNamespace
      if (requested.length === 0) return { balances: [] }
      // Concurrent requests share one read of the chains, so a flood of forced reads costs one. Forced ones share
      // only a forced one: an ordinary read under way may be older than the transaction the caller waits for.
      const readKey = forceUpdate ? `${key}:forced` : key
      let read = reading.get(readKey)
      if (!read) {
        read = readAccount(address, requested, currency, baseUrl)
        reading.set(readKey, read)
        void read.finally(() => reading.delete(readKey)).catch(() => {})
      }
      const result = await read
      if (result.failed.length === requested.length) {
        const names = result.failed.map((chain) => `${chain.name} (${chain.caipNetworkId})`).join(', ')
        return reply.code(502).send({ error: `Could not read balances from ${names}` })
      }
      // A partial answer is served but not kept: the next request tries the missing chains again.
      if (result.failed.length === 0) cache.set(key, result.balances)
      return { balances: result.balances }
    },
  )

  app.post(
    '/v1/fungible/price',
    {
      config: { usage: true },
      schema: {
        summary: 'Prices of native coins and tokens by CAIP-10 address',
        description: 'Unknown addresses, and assets without a known price, are left out.',
        tags: ['blockchain'],
        querystring: sdkQuery,
        body: fungiblePriceBody,
        response: { 200: fungiblePrices, 400: errorBody },
      },
    },
    async (request) => {
      const { currency, addresses } = request.body
      const baseUrl = baseUrlOf()
      const known = new Map<string, PricedAsset & { name: string }>()
      for (const caip10 of addresses) {
        const cut = caip10.lastIndexOf(':')
        const chain = chains.find((candidate) => candidate.caipNetworkId === caip10.slice(0, cut))
        const address = caip10.slice(cut + 1).toLowerCase()
        if (!chain) continue
        const token =
          address === 'native'
            ? undefined
            : chain.tokens.find((candidate) => candidate.address.toLowerCase() === address)
        if (address !== 'native' && !token) continue
        const asset = {
          chainId: chain.caipNetworkId,
          address: token?.address ?? 'native',
          symbol: token?.symbol ?? chain.nativeCurrency.symbol,
          name: token?.name ?? chain.nativeCurrency.name,
        }
        known.set(priceKey(asset), asset)
      }
      const assets = [...known.values()]
      const prices = await pricesOf(blockchain, currency, assets)
      return {
        fungibles: assets.flatMap((asset) => {
          const price = prices.get(priceKey(asset))
          if (price === undefined) return []
          return [
            { name: asset.name, symbol: asset.symbol, iconUrl: iconUrlOf(baseUrl, asset.symbol), price },
          ]
        }),
      }
    },
  )
}
