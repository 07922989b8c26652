import rateLimit, { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'

/**
 * Who is asking, as every budget counts them: the client's address (behind trusted proxies, the one they name), an
 * IPv6 one as its /64 (one household or server has a whole /64, so a single address would be no limit).
 */
export const requesterOf = (request: FastifyRequest) => normalizeIP(request.ip, 64)

/** The rate-limit classes a route belongs to; every limit counts requests per client IP per minute. */
export interface RateLimits {
  /** Reads: the directory, balances, history, names, identity. Default 600. */
  read: number
  /** Images: cached in memory and a modal shows dozens at once (All Wallets scrolls through hundreds). Default 3,000. */
  images: number
  /** Writes and what creates rows: nonces, sign-in, revocation, name registration. Default 30. */
  write: number
  /** Balance reads that skip the cache (`forceUpdate=true`): each asks every chain 4 times. Default 20. */
  refresh: number
  /**
   * What may ask a provider whose quota the deployment pays for: swap quotes and transactions (`/v1/convert/quotes`,
   * `build-*`; an open Swap view asks every 10 s), on-ramp quotes and purchases (`/v1/onramp/quote`,
   * `history?onramp=`; an open Buy view asks every 30 s per provider, BuyInProgress every 4 s). Default 120.
   */
  swaps: number
  /** Analytics posts (`POST /e`). Default 120. */
  analytics: number
  /**
   * Paymaster calls (`/v1/paymaster/:chainId`): each may sign away the paymaster's deposit, and a user operation takes
   * two. Default 60.
   */
  sponsor: number
  /**
   * Bundler calls (`/v1/bundler/:chainId`): each is a request to the chain's bundler, which simulates what it is sent
   * (a smart account's send takes a few, then polls its receipt). Default 120.
   */
  bundler: number
  /** Analytics events one project may store per minute, from all clients together. Default 6,000. */
  eventsPerProject: number
}

export type RateLimitClass = Exclude<keyof RateLimits, 'eventsPerProject'>

export const defaultRateLimits: RateLimits = {
  read: 600,
  images: 3000,
  write: 30,
  refresh: 20,
  swaps: 120,
  analytics: 120,
  sponsor: 60,
  bundler: 120,
  eventsPerProject: 6000,
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's rate-limit class (default `read`), or a function of the request for a route whose cost
     * depends on it, or false for none (health checks).
     */
    limit?: RateLimitClass | ((request: FastifyRequest) => RateLimitClass) | false
  }
}

/** A refusal as the error handler answers it: 429 `{ error }`; the plugin has set `Retry-After`. */
class TooManyRequests extends Error {
  statusCode = 429
}

const WINDOW_MS = 60_000

/**
 * Rate limits per route class with `@fastify/rate-limit`: counted in this process, or in Redis when given, so that
 * the limits hold across the instances behind one load balancer. Over the limit → 429 with `Retry-After`. A
 * Redis that does not answer lets requests through rather than fail them. Register before the routes.
 *
 * @example
 * await registerRateLimits(app, { limits: defaultRateLimits })
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: {
    limits: RateLimits
    redis?: Redis
    /** Answers paths no route serves; rate limited as reads, so probing for routes is limited too. */
    notFound: (request: FastifyRequest, reply: FastifyReply) => void
  },
): Promise<void> {
  const { limits } = options
  const settingsOf = (classOf: (request: FastifyRequest) => RateLimitClass) => ({
    timeWindow: WINDOW_MS,
    max: (request: FastifyRequest) => limits[classOf(request)],
    keyGenerator: (request: FastifyRequest) => `${classOf(request)}:${requesterOf(request)}`,
  })
  // Translates each route's class into the plugin's per-route settings; added before the plugin so that its own
  // onRoute hook sees them.
  app.addHook('onRoute', (route) => {
    const declared = route.config?.limit ?? 'read'
    if (declared === false) return
    const classOf = typeof declared === 'function' ? declared : () => declared
    route.config = { ...route.config, rateLimit: settingsOf(classOf) }
  })
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: 'latch:rate:' } : {}),
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new TooManyRequests(
        `Too many requests: at most ${context.max} a minute from one address; retry in ${context.after}`,
      ),
  })
  app.setNotFoundHandler({ preHandler: app.rateLimit(settingsOf(() => 'read')) }, options.notFound)
}
