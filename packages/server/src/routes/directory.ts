import { gzipSync } from 'node:zlib'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { WalletRecord } from '../directory/records.ts'
import { LruCache } from '../lruCache.ts'
import { errorBody, getWalletsQuery, walletsPage } from '../schemas.ts'
import { appendVary } from '../security.ts'
import type { Storage } from '../storage/types.ts'

export interface DirectoryRoutesOptions {
  storage: Storage
  /** Base URL of image_url (the server's public URL). */
  baseUrl: () => string
}

type WalletsPageBody = (typeof walletsPage)['_zod']['output']
type WalletListingBody = WalletsPageBody['data'][number]

function toListing(wallet: WalletRecord, baseUrl: string): WalletListingBody {
  return {
    id: wallet.id,
    name: wallet.name,
    image_id: wallet.imageId,
    image_url: wallet.imageId ? `${baseUrl}/getWalletImage/${encodeURIComponent(wallet.imageId)}` : null,
    rdns: wallet.rdns,
    chains: wallet.chains,
    mobile_link: wallet.mobileLink,
    desktop_link: wallet.desktopLink,
    webapp_link: wallet.webappLink,
    app_store: wallet.appStore,
    play_store: wallet.playStore,
    chrome_store: wallet.chromeStore,
    homepage: wallet.homepage,
    injected: wallet.injected,
    badge_type: wallet.badgeType,
    order: wallet.order,
  }
}

interface CachedBody {
  json: string
  gzip: Buffer
}

/** Whether an Accept-Encoding header admits gzip (`gzip;q=0` refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  return header.split(',').some((part) => {
    const [coding, ...parameters] = part.trim().toLowerCase().split(';')
    if (coding !== 'gzip' && coding !== '*') return false
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  })
}

/** `GET /getWallets` (SPEC §7): a page of the directory, filtered, in a stable order, cached for 30 s. */
export const directoryRoutes: FastifyPluginAsyncZod<DirectoryRoutesOptions> = async (
  app,
  { storage, baseUrl: baseUrlOf },
) => {
  // Serialised bodies by normalised query (projectId, st and sv do not change the answer), each also gzipped
  // once when cached: a page of 40 wallets is ~25 KB of JSON and ~3 KB gzipped, and browsers always accept gzip.
  const cache = new LruCache<CachedBody>({ maxEntries: 1000, ttlMs: 30_000 })
  let generation = 0
  const unsubscribe = storage.onDirectoryReplaced(() => {
    generation++
    cache.clear()
  })
  app.addHook('onClose', async () => unsubscribe())

  app.get(
    '/getWallets',
    {
      config: { usage: true },
      schema: {
        summary: 'A page of wallets',
        tags: ['directory'],
        querystring: getWalletsQuery,
        response: { 200: walletsPage, 400: errorBody },
      },
    },
    async (request, reply) => {
      const query = request.query
      const baseUrl = baseUrlOf()
      const key = JSON.stringify([
        baseUrl,
        query.page,
        query.entries,
        query.include,
        query.exclude,
        query.search?.toLowerCase(),
        query.badge_type,
        query.chains,
      ])
      let body = cache.get(key)
      if (body === undefined) {
        const started = generation
        const result = await storage.listWallets({
          page: query.page,
          entries: query.entries,
          include: query.include,
          exclude: query.exclude,
          search: query.search,
          badgeType: query.badge_type,
          chains: query.chains,
        })
        const json = reply.serialize({
          count: result.count,
          data: result.data.map((wallet) => toListing(wallet, baseUrl)),
        }) as string
        body = { json, gzip: gzipSync(json) }
        // An import that committed meanwhile made this answer stale: serve it once, do not keep it.
        if (started === generation) cache.set(key, body)
      }
      reply.header('cache-control', 'public, max-age=60').type('application/json; charset=utf-8')
      appendVary(reply, 'Accept-Encoding')
      // A string or buffer with a JSON content type goes out as it is: the cached body is not serialised again.
      if (acceptsGzip(request.headers['accept-encoding'])) {
        return reply.header('content-encoding', 'gzip').send(body.gzip as unknown as WalletsPageBody)
      }
      return reply.send(body.json as unknown as WalletsPageBody)
    },
  )
}
