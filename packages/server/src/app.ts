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
import type { BlockchainConfig } from './chains/types.ts'
import { corsOptions } from './cors.ts'
import { registerErrorHandlers } from './errors.ts'
import { analyticsRoutes } from './routes/analytics.ts'
import { blockchainRoutes } from './routes/blockchain.ts'
import { directoryRoutes } from './routes/directory.ts'
import { healthRoutes } from './routes/health.ts'
import { historyRoutes } from './routes/history.ts'
import { imageRoutes } from './routes/images.ts'
import { namesRoutes } from './routes/names.ts'
import { sessionsRoutes } from './routes/sessions.ts'
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
  /** Base URL for the image_url of listings; default: the request's protocol and host. */
  publicUrl?: string
  /** How often usage counters are written (default 5 s). */
  usageFlushIntervalMs?: number
  /** Chains, tokens and prices of the blockchain API; without it those routes (and names) are not served. */
  blockchain?: BlockchainConfig
  /** Name zones (default `latch.id`) and the clock registration messages are checked against. */
  names?: { zones?: readonly string[]; now?: () => Date }
  /** Sign-in: domains accepted from requests without an Origin header, and the clock messages are checked against. */
  sessions?: { domains?: readonly string[]; now?: () => Date }
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
  const app = Fastify({
    logger: options.logger ?? false,
    // Image ids may be 128 characters; longer ones get the route's 400 rather than the router's 414.
    routerOptions: { maxParamLength: 256 },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandlers(app)

  const usage = createUsageRecorder(storage, {
    flushIntervalMs: options.usageFlushIntervalMs,
    onError: (error) => app.log.error({ err: error }, 'could not write usage counters'),
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
  await app.register(swaggerUi, { routePrefix: '/docs' })

  const publicUrl = options.publicUrl?.replace(/\/+$/, '')
  await app.register(directoryRoutes, { storage, ...(publicUrl ? { publicUrl } : {}) })
  await app.register(imageRoutes, { storage })
  await app.register(analyticsRoutes, { storage })
  await app.register(healthRoutes, { storage })
  if (options.blockchain) {
    await app.register(blockchainRoutes, {
      blockchain: options.blockchain,
      ...(publicUrl ? { publicUrl } : {}),
    })
    await app.register(namesRoutes, { storage, blockchain: options.blockchain, ...options.names })
    await app.register(sessionsRoutes, { storage, blockchain: options.blockchain, ...options.sessions })
    await app.register(historyRoutes, {
      storage,
      blockchain: options.blockchain,
      ...(publicUrl ? { publicUrl } : {}),
    })
  }
  return app
}
