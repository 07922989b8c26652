import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ImageKind } from '../directory/records.ts'
import { LruCache } from '../lruCache.ts'
import { errorBody, imageParams, sdkQuery } from '../schemas.ts'
import type { Storage, StoredImage } from '../storage/types.ts'

export interface ImageRoutesOptions {
  storage: Storage
}

const routes: { url: string; kind: ImageKind; summary: string }[] = [
  { url: '/getWalletImage/:id', kind: 'wallet', summary: "A wallet's image" },
  { url: '/public/getAssetImage/:id', kind: 'asset', summary: "A network's image" },
  { url: '/public/getCurrencyImage/:id', kind: 'currency', summary: "A fiat currency's image" },
  { url: '/public/getTokenImage/:id', kind: 'token', summary: "A token's image" },
]

/** Whether an If-None-Match header names this entity tag (weak or strong, or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '')
    return tag === '*' || tag === etag
  })
}

/** The image routes (SPEC §7): bytes with their content type, a strong ETag and a year of caching. */
export const imageRoutes: FastifyPluginAsyncZod<ImageRoutesOptions> = async (app, { storage }) => {
  const cache = new LruCache<StoredImage>({ maxEntries: 5000, ttlMs: 5 * 60_000 })
  const unsubscribe = storage.onDirectoryReplaced(() => cache.clear())
  app.addHook('onClose', async () => unsubscribe())

  for (const route of routes) {
    app.get(
      route.url,
      {
        config: { usage: true, limit: 'images' },
        schema: {
          summary: route.summary,
          tags: ['images'],
          params: imageParams,
          querystring: sdkQuery,
          response: {
            200: z.string().meta({ description: 'The image bytes', format: 'binary' }),
            304: z.null().meta({ description: 'If-None-Match named the current ETag' }),
            400: errorBody,
            404: errorBody,
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params
        const key = `${route.kind}/${id}`
        let image = cache.get(key)
        if (!image) {
          image = await storage.getImage(route.kind, id)
          if (!image) return reply.code(404).send({ error: `Unknown image ${id}` })
          cache.set(key, image)
        }
        const etag = `"${image.etag}"`
        reply
          .header('etag', etag)
          .header('cache-control', 'public, max-age=31536000, immutable')
          // An SVG opened directly must not run anything.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .header('x-content-type-options', 'nosniff')
        if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null)
        return reply.type(image.contentType).send(image.bytes as unknown as string)
      },
    )
  }
}
