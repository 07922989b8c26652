import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { isOriginAllowed } from '../cors.ts'
import type { EventQuota } from '../eventQuota.ts'
import { createProjectLookup } from '../projectLookup.ts'
import { analyticsAccepted, analyticsBody, analyticsConfig, analyticsQuery, errorBody } from '../schemas.ts'
import type { Project, Storage } from '../storage/types.ts'

export interface AnalyticsRoutesOptions {
  storage: Storage
  /** How long a project's settings are cached (default 5 s). */
  projectTtlMs?: number
  /** Events each project may store per minute; without it, no quota. */
  eventQuota?: EventQuota
}

/**
 * `GET /getAnalyticsConfig` and `POST /e` (SPEC §7). The project must exist and, when the request has an
 * Origin, allow it — else 403, which the client turns into 'Invalid App Configuration'.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsRoutesOptions> = async (app, options) => {
  const { storage, eventQuota } = options
  const lookupProject = createProjectLookup(storage, options.projectTtlMs)

  /** The project, or undefined after answering 403. */
  async function authorize(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
  ): Promise<Project | undefined> {
    const project = await lookupProject(id)
    if (!project) {
      await reply.code(403).send({ error: `Unknown project ${id}` })
      return undefined
    }
    const origin = request.headers.origin
    if (origin !== undefined && !isOriginAllowed(project.allowedOrigins, origin)) {
      await reply.code(403).send({ error: `Origin ${origin} is not allowed for project ${id}` })
      return undefined
    }
    return project
  }

  // navigator.sendBeacon posts text/plain; its body is the same JSON.
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'))

  app.get(
    '/getAnalyticsConfig',
    {
      config: { usage: true },
      schema: {
        summary: "Whether the project's analytics are on",
        tags: ['analytics'],
        querystring: analyticsQuery,
        response: { 200: analyticsConfig, 400: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const project = await authorize(request, reply, request.query.projectId)
      if (!project) return reply
      return { isAnalyticsEnabled: project.analyticsEnabled }
    },
  )

  app.post(
    '/e',
    {
      config: { usage: true, limit: 'analytics' },
      bodyLimit: 512 * 1024,
      schema: {
        summary: 'Store analytics events (one, or an array of up to 100)',
        description:
          'application/json or text/plain (sendBeacon). Each (project, eventId) is stored once, so resending a batch is harmless. 202 once stored; 204 when the project has analytics off (nothing stored).',
        tags: ['analytics'],
        querystring: analyticsQuery,
        body: analyticsBody,
        response: {
          202: analyticsAccepted,
          204: z.null().meta({ description: 'Analytics are off for the project' }),
          400: errorBody,
          403: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const project = await authorize(request, reply, request.query.projectId)
      if (!project) return reply
      if (!project.analyticsEnabled) return reply.code(204).send(null)
      const batch = Array.isArray(request.body) ? request.body : [request.body]
      const quota = (await eventQuota?.take(project.id, batch.length)) ?? { ok: true }
      if (!quota.ok)
        return reply
          .code(429)
          .header('retry-after', String(quota.retryAfterS))
          .send({ error: `Project ${project.id} has sent its analytics events for this minute` })
      await storage.insertEvents(
        project.id,
        batch.map((event) => ({
          eventId: event.eventId,
          url: event.url,
          domain: event.domain,
          eventAt: new Date(event.timestamp),
          event: event.props.event,
          address: event.props.address ?? null,
          props: event.props.properties ?? null,
        })),
      )
      return reply.code(202).send({ accepted: batch.length })
    },
  )
}
