// The auth routes' shared parts, made once per server and handed to every route file.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AuthBase } from './base.ts'
import { createChallenges } from './challenges.ts'
import { createCodes } from './codes.ts'
import { createCustody } from './custody.ts'
import { createMailing } from './mailing.ts'

/** The auth routes' shared parts, made once per server: what every route file reads. */
export type AuthContext = AuthBase &
  ReturnType<typeof createMailing> &
  ReturnType<typeof createChallenges> &
  ReturnType<typeof createCustody> &
  ReturnType<typeof createCodes>

/** The Fastify instance the auth routes are registered on. */
export type AuthApp = Parameters<FastifyPluginAsyncZod>[0]

export function createAuthContext(base: AuthBase): AuthContext {
  return {
    ...base,
    ...createMailing(base),
    ...createChallenges(base),
    ...createCustody(base),
    ...createCodes(base),
  }
}
