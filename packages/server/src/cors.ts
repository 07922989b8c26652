import type { FastifyCorsOptions } from '@fastify/cors'
import type { Storage } from './storage/types.ts'

const patternShape =
  /^(?<scheme>[a-z][a-z0-9+.-]*):\/\/(?<wildcard>\*\.)?(?<host>[^/:*]+)(?::(?<port>\*|\d{1,5}))?$/i

function defaultPort(scheme: string): string {
  return scheme === 'https' ? '443' : scheme === 'http' ? '80' : ''
}

/**
 * Whether an allowed-origin pattern admits an Origin header value. Patterns: an exact origin, `*` (any),
 * `*` as the port (`http://localhost:*`), a `*.` subdomain (`https://*.example.com`: any subdomain, not the
 * bare domain).
 *
 * @example
 * originMatches('http://localhost:*', 'http://localhost:5173') // true
 * originMatches('https://*.example.com', 'https://example.com') // false
 */
export function originMatches(pattern: string, origin: string): boolean {
  if (pattern === '*') return true
  const shape = patternShape.exec(pattern)?.groups
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (!shape || url.origin !== origin.toLowerCase().replace(/\/$/, '')) return false
  const scheme = shape.scheme!.toLowerCase()
  if (url.protocol !== `${scheme}:`) return false
  const port = url.port || defaultPort(scheme)
  if (shape.port !== '*' && port !== (shape.port ?? defaultPort(scheme))) return false
  const host = shape.host!.toLowerCase()
  return shape.wildcard ? url.hostname.endsWith(`.${host}`) : url.hostname === host
}

/**
 * Whether a pattern admits every port of this machine (`http://localhost:*`, `http://127.0.0.1:*`): any local app or
 * development server the visitor runs, which only development may trust.
 */
export function admitsAnyLocalPort(pattern: string): boolean {
  const shape = patternShape.exec(pattern)?.groups
  if (shape?.port !== '*' || shape.wildcard) return false
  const host = shape.host!.toLowerCase()
  return host === 'localhost' || /^127(\.\d{1,3}){3}$/.test(host)
}

/** Whether any of the patterns admits the origin. */
export function isOriginAllowed(patterns: readonly string[], origin: string): boolean {
  return patterns.some((pattern) => originMatches(pattern, origin))
}

/**
 * CORS options: a browser may read responses when any project allows the request's Origin (the set is read
 * from storage at most every `ttlMs`). Whether this project allows it is the routes' 403, which the browser
 * can then read.
 */
export function corsOptions(storage: Storage, ttlMs = 5_000): FastifyCorsOptions {
  let cached: { patterns: string[]; expires: number } | undefined
  let loading: Promise<string[]> | undefined

  async function patterns(): Promise<string[]> {
    if (cached && cached.expires > Date.now()) return cached.patterns
    loading ??= storage
      .allowedOrigins()
      .then((loaded) => {
        cached = { patterns: loaded, expires: Date.now() + ttlMs }
        return loaded
      })
      .finally(() => {
        loading = undefined
      })
    return loading
  }

  return {
    origin: async (origin: string | undefined) =>
      origin !== undefined && isOriginAllowed(await patterns(), origin),
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['Content-Type', 'If-None-Match', 'Authorization'],
    exposedHeaders: ['ETag'],
    maxAge: 600,
  }
}
