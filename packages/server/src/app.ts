import cors from '@fastify/cors'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import type { BlockchainConfig } from './chains/types.ts'
import { corsOptions } from './cors.ts'
import { frameworkError, notFound, registerErrorHandlers } from './errors.ts'
import { createEventQuota } from './eventQuota.ts'
import { defaultRateLimits, type RateLimits, registerRateLimits } from './limits.ts'
import { loggerOptions } from './logging.ts'
import { analyticsRoutes } from './routes/analytics.ts'
import { blockchainRoutes } from './routes/blockchain.ts'
import { convertRoutes } from './routes/convert.ts'
import { directoryRoutes } from './routes/directory.ts'
import { type FarcasterRelayOptions, farcasterRelayRoutes } from './routes/farcasterRelay.ts'
import { healthRoutes } from './routes/health.ts'
import { historyRoutes } from './routes/history.ts'
import { imageRoutes } from './routes/images.ts'
import { namesRoutes } from './routes/names.ts'
import { createOnramp, onrampRoutes } from './routes/onramp.ts'
import { sessionsRoutes } from './routes/sessions.ts'
import { offeredSocialRoutes } from './routes/socials.ts'
import { userOperationRoutes } from './routes/userOperations.ts'
import { docsCsp, registerSecurity } from './security.ts'
import type { Storage } from './storage/types.ts'
import { createUsageRecorder } from './usage.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Count this route's requests per (projectId, st, sv). */
    usage?: boolean
  }
}

export interface CreateAppOptions {
  storage: Storage
  /** Fastify's (pino) logger: false for none, true for info, or pino options such as `{ level: 'debug' }`. */
  logger?: FastifyServerOptions['logger']
  /**
   * Base URL of the links the API answers with (image_url, icon URLs). Default: the address the server listens on
   * (`http://localhost` before it listens). Never taken from the request's Host header, which a client chooses.
   */
  publicUrl?: string
  /** Host names (with port when not the default) the server answers for; others get 421. Default: any. */
  allowedHosts?: readonly string[]
  /** Per-IP rate limits per route class, and analytics events per project; false turns them off (tests). */
  rateLimits?: Partial<RateLimits> | false
  /** A Redis client that rate limits and analytics quotas are counted in, shared by every instance. */
  redis?: Redis
  /** How often usage counters are written (default 5 s). */
  usageFlushIntervalMs?: number
  /** Chains, tokens and prices of the blockchain API; without it those routes (and names) are not served. */
  blockchain?: BlockchainConfig
  /** Name zones (default `latch.id`) and the clock registration messages are checked against. */
  names?: { zones?: readonly string[]; now?: () => Date }
  /**
   * Sign-in: domains accepted from requests without an Origin header, the longest a session lasts (default 30
   * days), and the clock messages are checked against.
   */
  sessions?: { domains?: readonly string[]; maxSessionMs?: number; now?: () => Date }
  /** The clock the paymaster's caps, signatures and settling read. */
  userOperations?: { now?: () => Date }
  /**
   * Where the client's IP (for rate limits) comes from behind proxies: a number of proxies in front of the server
   * (the `X-Forwarded-For` entry that many hops from the right, the one the outermost proxy appended), or the
   * proxies' addresses or CIDR ranges. Default: the connection's own address. Never the leftmost entry, which the
   * client writes itself.
   */
  trustProxy?: number | readonly string[]
  /** The social logins the embedded wallet's origin offers (`GET /v1/auth/socials` tells the modal); default none. */
  socials?: readonly string[]
  /**
   * Serve a Sign In With Farcaster relay at `/farcaster` (`relay: '<server>/farcaster'` in `@farcaster/auth-client`):
   * the key Farcaster clients complete channels with (none: the relay takes no sign-ins) and the ID registry that
   * fills a channel's custody address. Not served without it.
   */
  farcasterRelay?: Omit<FarcasterRelayOptions, 'storage'>
}

/** The app after `createApp`: routes typed by their zod schemas. */
export type LatchApp = FastifyInstance

/**
 * The Fastify app: directory, images, analytics, health, the blockchain API when configured, OpenAPI at /docs.
 * Does not listen and does not close the storage; closing the app flushes the usage counters.
 *
 * @example
 * const app = await createApp({ storage: await openStorage({ dataDir: 'memory' }), logger: false })
 * const response = await app.inject('/getWallets?entries=10')
 */
export async function createApp(options: CreateAppOptions): Promise<LatchApp> {
  const { storage } = options
  const { app, limits } = await createBaseApp(options)

  const usage = createUsageRecorder(storage, {
    flushIntervalMs: options.usageFlushIntervalMs,
    onError: (error, dropped) =>
      app.log.error(
        { err: error, dropped },
        dropped
          ? 'could not write some usage counters; dropped them'
          : 'could not write usage counters; will retry',
      ),
  })
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.usage) return
    const query = request.query as { projectId?: string; st?: string; sv?: string }
    usage.record(query.projectId ?? '', query.st ?? '', query.sv ?? '')
  })
  app.addHook('onClose', () => usage.stop())

  await app.register(cors, corsOptions(storage))
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Latch server',
        description: 'Wallet directory and analytics for the Latch modal.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: docsCsp })

  const baseUrl = baseUrlOf(app, options.publicUrl)
  await app.register(directoryRoutes, { storage, baseUrl })
  await app.register(imageRoutes, { storage })
  await app.register(analyticsRoutes, {
    storage,
    ...(limits
      ? {
          eventQuota: createEventQuota({
            max: limits.eventsPerProject,
            ...(options.redis ? { redis: options.redis } : {}),
          }),
        }
      : {}),
  })
  await app.register(healthRoutes, { storage })
  await app.register(offeredSocialRoutes, { providers: options.socials ?? [] })
  if (options.farcasterRelay) await app.register(farcasterRelayRoutes, { storage, ...options.farcasterRelay })
  if (options.blockchain) {
    await app.register(blockchainRoutes, { blockchain: options.blockchain, baseUrl })
    await app.register(convertRoutes, { blockchain: options.blockchain, baseUrl })
    const onramp = createOnramp({ blockchain: options.blockchain, storage, baseUrl, log: app.log })
    await app.register(onrampRoutes, { blockchain: options.blockchain, onramp })
    await app.register(namesRoutes, { storage, blockchain: options.blockchain, ...options.names })
    await app.register(sessionsRoutes, { storage, blockchain: options.blockchain, ...options.sessions })
    await app.register(historyRoutes, { storage, blockchain: options.blockchain, baseUrl, onramp })
    await app.register(userOperationRoutes, {
      storage,
      blockchain: options.blockchain,
      ...options.userOperations,
    })
  }
  return app
}

/**
 * A Fastify instance with what every Latch listener shares: zod validation, JSON errors, the security headers,
 * the host check, and the per-IP rate limits (the limits answered, undefined when off).
 */
export async function createBaseApp(
  options: Pick<CreateAppOptions, 'logger' | 'trustProxy' | 'allowedHosts' | 'rateLimits' | 'redis'>,
): Promise<{ app: LatchApp; limits: RateLimits | undefined }> {
  const app = Fastify({
    logger: loggerOptions(options.logger ?? false),
    frameworkErrors: frameworkError,
    ...(options.trustProxy !== undefined ? { trustProxy: trustedHops(options.trustProxy) } : {}),
    // Image ids may be 128 characters; longer ones get the route's 400 rather than the router's 414.
    routerOptions: { maxParamLength: 256 },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandlers(app)
  await registerSecurity(app, { ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}) })
  const limits = options.rateLimits === false ? undefined : { ...defaultRateLimits, ...options.rateLimits }
  if (limits)
    await registerRateLimits(app, { limits, notFound, ...(options.redis ? { redis: options.redis } : {}) })
  else app.setNotFoundHandler(notFound)
  return { app, limits }
}

/**
 * Fastify's trustProxy for a number of proxies: trust the connection's address and the entries the other proxies
 * appended (proxy-addr counts hops from the socket), so the address is the one the outermost proxy saw.
 */
function trustedHops(
  trust: number | readonly string[],
): string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return [...trust]
  return (_address, hop) => hop < trust
}

/**
 * The base URL of the API's links: the configured public URL, else the address the server listens on (read once
 * it listens), else `http://localhost`.
 */
function baseUrlOf(app: FastifyInstance, publicUrl: string | undefined): () => string {
  if (publicUrl) {
    const fixed = publicUrl.replace(/\/+$/, '')
    return () => fixed
  }
  let listening: string | undefined
  return () => {
    listening ??= listeningUrl(app)
    return listening ?? 'http://localhost'
  }
}

/** `http://host:port` an app listens on (IPv6 hosts in brackets), or undefined before it listens. */
export function listeningUrl(app: FastifyInstance): string | undefined {
  const [address] = app.addresses()
  if (!address || typeof address === 'string') return undefined
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return `http://${host}:${address.port}`
}
