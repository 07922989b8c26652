import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { readSolanaHistory } from '../chains/readSolanaHistory.ts'
import { accountParams } from '../chains/schemas.ts'
import {
  type BlockchainConfig,
  type ChainConfig,
  type PricedAsset,
  priceKey,
  type SolanaChainConfig,
} from '../chains/types.ts'
import { LruCache } from '../lruCache.ts'
import type { OnrampPurchase } from '../onramp/types.ts'
import { errorBody, sdkQuery, text } from '../schemas.ts'
import type { Storage } from '../storage/types.ts'
import { withTimeout } from '../timeout.ts'
import {
  decodeCursor,
  decodeSolanaCursor,
  encodeCursor,
  encodeSolanaCursor,
  operationTypeFor,
  solanaOperationType,
  type Transaction,
  type Transfer,
  toNumeric,
  transaction,
} from './historyEntries.ts'
import type { Onramp } from './onramp.ts'

export interface HistoryRoutesOptions {
  storage: Storage
  blockchain: BlockchainConfig
  /** Base URL of icon URLs (the server's public URL). */
  baseUrl: () => string
  /** The on-ramp's providers, whose purchases `?onramp=<provider>` lists. */
  onramp?: Onramp
}

/** The longest an on-ramp provider may take to list purchases. */
const purchasesTimeoutMs = 8000

/** Transactions per page. */
export const HISTORY_PAGE_SIZE = 20

/**
 * An account's history (SPEC §3 Transaction, §7): the transactions the indexer recorded that the account took part
 * in, newest first, in cursor pages, with the transfers to or from it.
 */
export const historyRoutes: FastifyPluginAsyncZod<HistoryRoutesOptions> = async (
  app,
  { storage, blockchain, baseUrl: baseUrlOf, onramp },
) => {
  const purchasers = onramp?.providers ?? []
  const onrampMessage = `onramp must be one of: ${purchasers.map(({ id }) => id).join(', ') || 'none configured'}`
  /** A purchase's network as CAIP-2: a chain id is eip155's, a configured chain's name is that chain's. */
  const caipOf = (network: string) =>
    /^\d{1,10}$/.test(network)
      ? `eip155:${network}`
      : (blockchain.chains.find((chain) => chain.name === network)?.caipNetworkId ?? network)
  const chains = new Map(blockchain.chains.map((chain) => [chain.caipNetworkId, chain]))
  const byId = new Map(blockchain.chains.map((chain) => [chain.chainId, chain]))
  const clusters = new Map((blockchain.solana ?? []).map((chain) => [chain.caipNetworkId as string, chain]))
  const chainMessage = `chainId must be one of the supported chains: ${[...chains.keys(), ...clusters.keys()].join(', ')}`
  // A Solana page costs the node a call per transaction: the same page asked again within 10 s is answered from here.
  const solanaPages = new LruCache<Awaited<ReturnType<typeof readSolanaHistory>>>({
    maxEntries: 5_000,
    ttlMs: 10_000,
  })

  /** A page of a Solana account's history, in the response's shape. */
  async function solanaHistory(chain: SolanaChainConfig, account: string, before: string | undefined) {
    const key = JSON.stringify([chain.caipNetworkId, account, before ?? ''])
    let page = solanaPages.get(key)
    if (!page) {
      page = await readSolanaHistory(chain, account, { limit: HISTORY_PAGE_SIZE, before })
      solanaPages.set(key, page)
    }
    const baseUrl = baseUrlOf()
    const assetOf = (mint: string | undefined) => {
      const token = mint === undefined ? undefined : chain.tokens.find((candidate) => candidate.mint === mint)
      if (mint !== undefined && !token) return undefined
      const symbol = token?.symbol ?? chain.nativeCurrency.symbol
      return {
        chainId: chain.caipNetworkId,
        address: token?.mint ?? 'native',
        symbol,
        name: token?.name ?? chain.nativeCurrency.name,
      }
    }
    const assets = new Map<string, PricedAsset>()
    for (const { transfers } of page.activities)
      for (const t of transfers) {
        const asset = assetOf(t.mint)
        if (asset) assets.set(priceKey(asset), asset)
      }
    const prices = assets.size
      ? await blockchain.prices.prices('usd', [...assets.values()]).catch(() => new Map<string, number>())
      : new Map<string, number>()
    const data = page.activities.map((activity): Transaction => {
      const mine = activity.transfers.filter((t) => t.from === account || t.to === account)
      return {
        id: `${chain.caipNetworkId}:${activity.signature}`,
        metadata: {
          operationType: solanaOperationType(account, activity),
          hash: activity.signature,
          minedAt: activity.minedAt.toISOString(),
          sentFrom: activity.feePayer,
          sentTo: mine.find((t) => t.from === account)?.to ?? mine[0]?.to ?? null,
          status: activity.status,
          nonce: 0,
          chain: chain.caipNetworkId,
        },
        transfers: mine.map((t): Transfer => {
          const asset = assetOf(t.mint)
          const numeric = toNumeric(t.amount, t.decimals)
          const price = asset && prices.get(priceKey(asset))
          return {
            fungible_info: {
              name: asset?.name ?? 'Unknown token',
              symbol: asset?.symbol ?? '???',
              icon: asset
                ? { url: `${baseUrl}/public/getTokenImage/${encodeURIComponent(asset.symbol)}` }
                : null,
            },
            direction: t.from === account && t.to === account ? 'self' : t.from === account ? 'out' : 'in',
            quantity: { numeric },
            ...(price === undefined ? {} : { value: Number(numeric) * price, price }),
          }
        }),
      }
    })
    return { data, next: page.next ? encodeSolanaCursor(page.next) : null }
  }

  app.get(
    '/v1/account/:account/history',
    {
      // The purchases ask an on-ramp provider, whose quota the deployment pays for: the provider calls' class.
      config: {
        usage: true,
        limit: (request) => ((request.query as { onramp?: unknown }).onramp === undefined ? 'read' : 'swaps'),
      },
      schema: {
        summary: "An account's transactions, newest first, in pages of 20",
        description:
          'From the server’s own indexer. `next` is the cursor of the following page (null on the last). ' +
          'With `onramp=<provider>`: the account’s purchases from that on-ramp provider instead (operationType ' +
          '`buy`, status pending, completed or failed), newest first, in one page.',
        tags: ['blockchain'],
        params: z.object({ account: accountParams.shape.address }),
        querystring: sdkQuery.extend({
          cursor: text('cursor', 500).optional(),
          chainId: z
            .string()
            .refine((value) => chains.has(value) || clusters.has(value), chainMessage)
            .optional(),
          onramp: text('onramp', 50).optional(),
        }),
        response: {
          200: z.object({ data: z.array(transaction), next: z.string().nullable() }),
          400: errorBody,
          502: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { namespace, address: account } = request.params.account
      const { cursor: cursorText, chainId } = request.query
      if (request.query.onramp !== undefined) {
        const provider = purchasers.find(({ id }) => id === request.query.onramp)
        if (!provider) return reply.code(400).send({ error: onrampMessage, field: 'onramp' })
        let purchases: OnrampPurchase[]
        try {
          purchases = await withTimeout(provider.purchases(account), purchasesTimeoutMs, provider.name)
        } catch (error) {
          request.log.warn({ err: error, provider: provider.id }, 'on-ramp provider listed no purchases')
          return reply.code(502).send({ error: `${provider.name} could not list the purchases. Try again.` })
        }
        const baseUrl = baseUrlOf()
        const data = purchases
          .map(
            (purchase): Transaction => ({
              id: `onramp:${provider.id}:${purchase.id}`,
              metadata: {
                operationType: 'buy',
                hash: purchase.txHash ?? '',
                minedAt: purchase.createdAt.toISOString(),
                sentFrom: provider.name,
                sentTo: purchase.destination,
                status: purchase.status,
                nonce: 0,
                chain: caipOf(purchase.network),
              },
              transfers: [
                {
                  fungible_info: {
                    name: purchase.purchaseCurrency,
                    symbol: purchase.purchaseCurrency,
                    icon: {
                      url: `${baseUrl}/public/getTokenImage/${encodeURIComponent(purchase.purchaseCurrency)}`,
                    },
                  },
                  direction: 'in',
                  quantity: { numeric: purchase.purchaseAmount },
                },
              ],
            }),
          )
          .filter(({ metadata }) => !chainId || metadata.chain === chainId)
        reply.header('cache-control', 'no-cache')
        return { data, next: null }
      }
      const mismatch = {
        error: `chainId ${chainId} is not a chain of a ${namespace} address`,
        field: 'chainId',
      }
      if (namespace === 'solana') {
        const cluster = chainId ? clusters.get(chainId) : clusters.values().next().value
        if (!cluster)
          return reply
            .code(400)
            .send(chainId ? mismatch : { error: 'No Solana chain is served here', field: 'account' })
        const before = cursorText === undefined ? undefined : decodeSolanaCursor(cursorText)
        if (cursorText !== undefined && !before)
          return reply.code(400).send({ error: 'Invalid cursor', field: 'cursor' })
        try {
          const page = await solanaHistory(cluster, account, before)
          reply.header('cache-control', 'no-cache')
          return page
        } catch (error) {
          request.log.warn({ err: error, chain: cluster.caipNetworkId }, 'could not read a Solana history')
          return reply
            .code(502)
            .send({ error: `Could not read the history from ${cluster.name}. Try again.` })
        }
      }
      if (chainId && !chains.has(chainId)) return reply.code(400).send(mismatch)
      const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText)
      if (cursorText !== undefined && !cursor)
        return reply.code(400).send({ error: 'Invalid cursor', field: 'cursor' })
      const entries = await storage.history.page({
        account,
        ...(chainId ? { chainId: chains.get(chainId)!.chainId } : {}),
        ...(cursor ? { cursor } : {}),
        limit: HISTORY_PAGE_SIZE,
      })
      const page = entries.slice(0, HISTORY_PAGE_SIZE)
      const last = page.at(-1)?.transaction
      const next =
        entries.length > HISTORY_PAGE_SIZE && last
          ? encodeCursor({
              minedAt: last.minedAt,
              chainId: last.chainId,
              blockNumber: last.blockNumber,
              txIndex: last.txIndex,
            })
          : null

      const baseUrl = baseUrlOf()
      const assets = new Map<string, PricedAsset>()
      const listed = (chain: ChainConfig, token: string | null) =>
        token === null
          ? undefined
          : chain.tokens.find((candidate) => candidate.address.toLowerCase() === token)
      for (const { transfers } of page) {
        for (const t of transfers) {
          const chain = byId.get(t.chainId)
          if (!chain || t.kind === 'erc721') continue
          const asset =
            t.kind === 'native'
              ? { address: 'native', symbol: chain.nativeCurrency.symbol }
              : listed(chain, t.token)
          if (asset) {
            const priced = { chainId: chain.caipNetworkId, address: asset.address, symbol: asset.symbol }
            assets.set(priceKey(priced), priced)
          }
        }
      }
      const prices = assets.size
        ? await blockchain.prices.prices('usd', [...assets.values()]).catch(() => new Map<string, number>())
        : new Map<string, number>()

      const data = page.flatMap((entry): Transaction[] => {
        const chain = byId.get(entry.transaction.chainId)
        if (!chain) return []
        const mine = entry.transfers.filter((t) => t.from === account || t.to === account)
        const transfers = mine.map((t): Transfer => {
          const direction =
            t.from === account && t.to === account ? 'self' : t.from === account ? 'out' : 'in'
          if (t.kind === 'erc721') {
            const meta = t.token_metadata
            return {
              nft_info: {
                name: `${meta?.name ?? 'NFT'} #${t.tokenId ?? ''}`,
                content: { preview: null },
                flags: {
                  is_spam: (chain.spamContracts ?? []).some((address) => address.toLowerCase() === t.token),
                },
              },
              direction,
              quantity: { numeric: '1' },
            }
          }
          const token = t.kind === 'native' ? undefined : listed(chain, t.token)
          const name =
            t.kind === 'native'
              ? chain.nativeCurrency.name
              : (token?.name ?? t.token_metadata?.name ?? 'Unknown token')
          const symbol =
            t.kind === 'native'
              ? chain.nativeCurrency.symbol
              : (token?.symbol ?? t.token_metadata?.symbol ?? '???')
          const decimals =
            t.kind === 'native'
              ? chain.nativeCurrency.decimals
              : (token?.decimals ?? t.token_metadata?.decimals ?? 0)
          const numeric = toNumeric(t.amount, decimals)
          const price =
            t.kind === 'native' || token
              ? prices.get(priceKey({ chainId: chain.caipNetworkId, address: token?.address ?? 'native' }))
              : undefined
          return {
            fungible_info: {
              name,
              symbol,
              icon:
                t.kind === 'native' || token
                  ? { url: `${baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}` }
                  : null,
            },
            direction,
            quantity: { numeric },
            ...(price === undefined ? {} : { value: Number(numeric) * price, price }),
          }
        })
        const { transaction: tx } = entry
        return [
          {
            id: `${chain.caipNetworkId}:${tx.hash}`,
            metadata: {
              operationType: operationTypeFor(account, entry, mine),
              hash: tx.hash,
              minedAt: tx.minedAt.toISOString(),
              sentFrom: tx.from,
              sentTo: tx.to,
              status: tx.status,
              nonce: tx.nonce,
              chain: chain.caipNetworkId,
            },
            transfers,
          },
        ]
      })
      reply.header('cache-control', 'no-cache')
      return { data, next }
    },
  )
}
