import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

export interface OfferedSocialsOptions {
  /**
   * The social logins the embedded wallet's origin serves: the OAuth clients (`LATCH_OAUTH_<NAME>_…`), Farcaster
   * (`LATCH_FARCASTER_RPC_URL`) and Telegram (`TELEGRAM_BOT_TOKEN`).
   */
  providers: readonly string[]
}

/**
 * `GET /v1/auth/socials`: which social logins this deployment offers, for the modal's social row (a provider without
 * its configuration is not shown; Telegram, which is not among SPEC §1's, is shown when listed here). On the public API, for any page: the frame's origin answers no other.
 */
export const offeredSocialRoutes: FastifyPluginAsyncZod<OfferedSocialsOptions> = async (
  app,
  { providers },
) => {
  const answer = { providers: [...providers] }
  app.get(
    '/v1/auth/socials',
    {
      schema: {
        summary: 'The social logins the embedded wallet’s origin serves (configured on this deployment)',
        tags: ['auth'],
        response: { 200: z.object({ providers: z.array(z.string()) }) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(answer),
  )
}
