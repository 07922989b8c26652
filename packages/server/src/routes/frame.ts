import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { isOriginAllowed } from '../cors.ts'
import { errorBody, label, text } from '../schemas.ts'
import type { Storage } from '../storage/types.ts'

/** A chain the embedded wallet reads and sends on, from its own page: what the frame is told of it. */
export interface FrameChain {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** The frame's origin proxies a bundler for it (`/v1/bundler/:chainId`): its smart account can send there. */
  bundler?: boolean
  /** …and a paymaster (`/v1/paymaster/:chainId`) that may sponsor its operations. */
  paymaster?: boolean
}

export interface FrameRoutesOptions {
  storage: Storage
  /** The frame's build (`packages/frame/dist`): index.html and assets/. */
  assetsDir: string
  /** The chains the wallet serves (their RPC URLs are visible to visitors' browsers). */
  chains?: readonly FrameChain[]
}

/** An origin as `location.origin` writes it, its host a plain name or address (nothing that ends a directive). */
const plainOrigin = /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/

/**
 * The frame document's policy: its own script and nothing else, requests to its own origin and the chains' RPC
 * origins only, and exactly one page allowed to frame it, the parent its URL names (once checked against the
 * project's allowed origins).
 */
export function frameCsp(parent: string, rpcOrigins: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    ["connect-src 'self'", ...rpcOrigins].join(' '),
    "style-src 'self'",
    "img-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${parent}`,
  ].join('; ')
}

/**
 * An origin as `location.origin` writes it, its host a plain name or address: the URL parser takes `;`, `,` and quotes
 * in a host name, which would end the frame-ancestors directive (or the meta attribute) the value is written into.
 */
const origin = text('parent', 300).refine((value) => {
  if (!plainOrigin.test(value)) return false
  try {
    return new URL(value).origin === value
  } catch {
    return false
  }
}, 'parent must be an http(s) origin, as location.origin writes it')

/** Text for a double-quoted HTML attribute. */
const escapeAttribute = (value: string) =>
  value.replace(/[&"'<>]/g, (character) => `&#${character.charCodeAt(0)};`)

const asset = z.object({
  file: z
    .string()
    .regex(/^[\w-]+\.(js|css)$/, 'file must be one of the frame’s built scripts or stylesheets'),
})

const contentTypes: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
}

/**
 * `GET /frame?projectId&parent`: the embedded wallet's page, for a parent page of the project's allowed origins only
 * (checked here, and by the browser through `frame-ancestors`, and again by the page's script before it answers a
 * message); `GET /assets/:file`: its built script.
 */
export const frameRoutes: FastifyPluginAsyncZod<FrameRoutesOptions> = async (
  app,
  { storage, assetsDir, chains = [] },
) => {
  // Only RPCs at a plain origin are served (a host with `;` or quotes would end the CSP directive).
  const served = chains.filter((chain) => {
    const plain = URL.canParse(chain.rpcUrl) && plainOrigin.test(new URL(chain.rpcUrl).origin)
    if (!plain)
      app.log.warn(
        `The frame does not serve chain ${chain.chainId}: its RPC ${chain.rpcUrl} is not at a plain origin`,
      )
    return plain
  })
  const rpcOrigins = [...new Set(served.map((chain) => new URL(chain.rpcUrl).origin))]
  const chainsMeta = escapeAttribute(
    JSON.stringify(
      served.map(({ chainId, name, rpcUrl, nativeCurrency, bundler, paymaster }) => ({
        chainId,
        name,
        rpcUrl,
        nativeCurrency,
        ...(bundler ? { bundler } : {}),
        ...(bundler && paymaster ? { paymaster } : {}),
      })),
    ),
  )
  let page: Promise<string> | undefined
  const template = () => {
    page ??= readFile(join(assetsDir, 'index.html'), 'utf8')
    page.catch(() => {
      page = undefined
    })
    return page
  }

  app.get(
    '/frame',
    {
      schema: {
        summary: 'The embedded wallet’s page, for a parent page of the project’s allowed origins',
        tags: ['frame'],
        querystring: z.object({
          projectId: label('projectId', 100).min(1, 'projectId is required'),
          parent: origin,
          window: z.literal('1', 'window must be 1').optional().meta({
            description:
              'The wallet’s own window, which a frame the browser gives no storage opens (it keeps its opener)',
          }),
        }),
        response: {
          200: z.string().meta({ description: 'The page (text/html)' }),
          400: errorBody,
          403: errorBody,
          404: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { projectId, parent } = request.query
      const project = await storage.getProject(projectId)
      if (!project) return reply.code(404).send({ error: `Unknown project ${projectId}`, field: 'projectId' })
      if (!isOriginAllowed(project.allowedOrigins, parent))
        return reply
          .code(403)
          .send({ error: `${parent} is not on the project’s allowed origins`, field: 'parent' })
      let html: string
      try {
        html = await template()
      } catch {
        return reply.code(503).send({ error: 'The frame is not built: run npm run build' })
      }
      reply.removeHeader('x-frame-options')
      // The wallet's own window talks to the frame that opened it: it keeps its opener (a same-origin policy would
      // cut the frame on another site off).
      if (request.query.window) reply.header('cross-origin-opener-policy', 'unsafe-none')
      return reply
        .header('content-security-policy', frameCsp(parent, rpcOrigins))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          html
            .replace(
              '<meta name="latch-parent" content="" />',
              `<meta name="latch-parent" content="${parent}" />`,
            )
            .replace(
              '<meta name="latch-chains" content="" />',
              `<meta name="latch-chains" content="${chainsMeta}" />`,
            ),
        )
    },
  )

  app.get(
    '/assets/:file',
    {
      config: { limit: 'images' },
      schema: {
        summary: 'The frame’s built script',
        tags: ['frame'],
        params: asset,
        response: {
          200: z.string().meta({ description: 'The script or stylesheet', format: 'binary' }),
          400: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params
      let body: Buffer
      try {
        body = await readFile(join(assetsDir, 'assets', file))
      } catch {
        return reply.code(404).send({ error: `No asset ${file}` })
      }
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type(contentTypes[file.split('.').pop() ?? ''] ?? 'application/octet-stream')
        .send(body as unknown as string)
    },
  )
}
