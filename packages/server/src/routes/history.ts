import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { readSolanaHistory, type SolanaActivity } from '../chains/readSolanaHistory.ts'
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
import { errorBody, isStorableDate, sdkQuery, text } from '../schemas.ts'
import type { HistoryCursor, HistoryEntry } from '../storage/history.ts'
import type { Storage } from '../storage/types.ts'
import { withTimeout } from '../timeout.ts'
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
const ZERO = '0x0000000000000000000000000000000000000000'

const transfer = z.object({
  fungible_info: z
    .object({ name: z.string(), symbol: z.string(), icon: z.object({ url: z.string() }).nullable() })
    .optional(),
  nft_info: z
    .object({
      name: z.string(),
      content: z.object({ preview: z.object({ url: z.string() }).nullable() }),
      flags: z.object({ is_spam: z.boolean() }),
    })
    .optional(),
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.object({ numeric: z.string().meta({ description: 'Whole units, exact, e.g. 1.5' }) }),
  value: z.number().optional(),
  price: z.number().optional(),
})

const transaction = z.object({
  id: z.string().meta({ description: '<CAIP-2>:<hash>' }),
  metadata: z.object({
    operationType: z
      .enum(['send', 'receive', 'trade', 'execute', 'deploy', 'approve', 'mint', 'burn', 'buy'])
      .meta({ description: '`buy`: an on-ramp purchase (only with `onramp`)' }),
    hash: z.string(),
    minedAt: z.string().meta({ description: 'ISO 8601' }),
    sentFrom: z.string(),
    sentTo: z.string().nullable(),
    status: z.enum(['confirmed', 'failed', 'pending', 'completed']).meta({
      description: 'A transaction’s: confirmed or failed. A purchase’s: pending, completed or failed',
    }),
    nonce: z.number(),
    chain: z.string().meta({ description: 'CAIP-2' }),
  }),
  transfers: z.array(transfer),
})

type Transfer = z.output<typeof transfer>
type Transaction = z.output<typeof transaction>

/** An amount in base units as an exact decimal in whole units. */
export function toNumeric(amount: string, decimals: number): string {
  if (decimals <= 0) return amount
  const digits = amount.replace(/^-/, '').padStart(decimals + 1, '0')
  const whole = digits.slice(0, -decimals)
  const fraction = digits.slice(-decimals).replace(/0+$/, '')
  return `${amount.startsWith('-') ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(
    JSON.stringify([cursor.minedAt.toISOString(), cursor.chainId, cursor.blockNumber, cursor.txIndex]),
  ).toString('base64url')
}

const INT32_MAX = 2_147_483_647

/** A Solana page's cursor: the signature the next page starts before. */
export const encodeSolanaCursor = (signature: string) =>
  Buffer.from(JSON.stringify(['solana', signature])).toString('base64url')

function decodeSolanaCursor(cursor: string): string | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (!Array.isArray(value) || value.length !== 2 || value[0] !== 'solana') return undefined
    return typeof value[1] === 'string' && /^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value[1])
      ? value[1]
      : undefined
  } catch {
    return undefined
  }
}

/** What a Solana transaction was for `account`: what moved to or from it. */
function solanaOperationType(
  account: string,
  activity: SolanaActivity,
): Transaction['metadata']['operationType'] {
  const mine = activity.transfers.filter((t) => t.from === account || t.to === account)
  const out = new Set(mine.filter((t) => t.from === account && t.to !== account).map((t) => t.mint ?? 'SOL'))
  const inward = mine.filter((t) => t.to === account && t.from !== account)
  if (out.size && inward.some((t) => !out.has(t.mint ?? 'SOL'))) return 'trade'
  if (out.size) return 'send'
  if (inward.length) return 'receive'
  // Nothing moved to or from it (another's payer created its token account): a call, not a receipt.
  return 'execute'
}

/** The cursor's position, or undefined when the text is not a cursor this server could have written. */
export function decodeCursor(cursor: string): HistoryCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (!Array.isArray(value) || value.length !== 4) return undefined
    const [minedAt, chainId, blockNumber, txIndex] = value as [unknown, unknown, unknown, unknown]
    const date = typeof minedAt === 'string' ? new Date(minedAt) : undefined
    // Within the columns' ranges: chain id and transaction index are PostgreSQL integers, the block a bigint.
    const within = (n: unknown, max: number) =>
      Number.isSafeInteger(n) && (n as number) >= 0 && (n as number) <= max
    const integers =
      within(chainId, INT32_MAX) && within(blockNumber, Number.MAX_SAFE_INTEGER) && within(txIndex, INT32_MAX)
    if (!date || !isStorableDate(date) || !integers) return undefined
    return {
      minedAt: date,
      chainId: chainId as number,
      blockNumber: blockNumber as number,
      txIndex: txIndex as number,
    }
  } catch {
    return undefined
  }
}

/** What a transaction was for `account`: its own kind (deploy, approve), else what moved to or from it. */
function operationTypeFor(
  account: string,
  entry: HistoryEntry,
  mine: HistoryEntry['transfers'],
): Transaction['metadata']['operationType'] {
  const kind = entry.transaction.operationType
  if (kind === 'deploy' || kind === 'approve') return kind
  if (mine.some((t) => t.from === ZERO && t.to === account)) return 'mint'
  if (mine.some((t) => t.to === ZERO && t.from === account)) return 'burn'
  // A swap: the account called a swap, or one token went out and another came in.
  if (kind === 'trade' && entry.transaction.from === account) return 'trade'
  const tokenOf = (t: (typeof mine)[number]) => (t.kind === 'native' ? 'native' : t.token)
  const out = new Set(mine.filter((t) => t.from === account && t.to !== account).map(tokenOf))
  if (mine.some((t) => t.to === account && t.from !== account && !out.has(tokenOf(t))) && out.size)
    return 'trade'
  if (mine.some((t) => t.from === account)) return 'send'
  if (mine.some((t) => t.to === account)) return 'receive'
  return kind === 'send' && entry.transaction.from === account ? 'send' : 'execute'
}

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
