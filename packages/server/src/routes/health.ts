import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { health } from '../schemas.ts'
import type { Storage } from '../storage/types.ts'

export interface HealthRoutesOptions {
  storage: Storage
}

/** `GET /health`: 200 when the database answers, 503 when it does not (a load balancer takes the instance out). */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { storage }) => {
  app.get(
    '/health',
    {
      // Load balancers poll it; it costs one trivial query.
      config: { limit: false },
      schema: {
        summary: 'Liveness and database reachability',
        tags: ['health'],
        response: { 200: health, 503: health },
      },
    },
    async (request, reply) => {
      try {
        await storage.ping()
        return { status: 'ok' as const }
      } catch (error) {
        request.log.warn({ err: error }, 'database ping failed')
        return reply.code(503).send({ status: 'unavailable' })
      }
    },
  )
}
