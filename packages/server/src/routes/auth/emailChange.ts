// Changing an account's e-mail: a code to the current address and one to the new.
import { z } from 'zod'
import { user, userOf } from '../../auth/user.ts'
import { errorBody } from '../../schemas.ts'
import type { AuthApp, AuthContext } from './context.ts'
import { CODE_TTL_MS } from './rules.ts'
import { authError, authHeaders, code, email, idParams } from './schemas.ts'

/** POST /v1/auth/email */
function startChange(app: AuthApp, ctx: AuthContext) {
  const { storage, mailUnavailable, mailFirst, startChallenge, sessionOf } = ctx
  app.post(
    '/v1/auth/email',
    {
      config: { limit: 'write' },
      schema: {
        summary: 'Start changing the account’s e-mail: a code to the current address and one to the new',
        tags: ['auth'],
        headers: authHeaders,
        body: z.object({ email }),
        response: {
          200: z.object({ change: z.string() }),
          400: errorBody,
          401: errorBody,
          409: errorBody,
          429: authError,
          502: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const session = await sessionOf(request, reply)
      if (!session) return reply
      const newEmail = request.body.email
      const current = session.account.email
      if (!current)
        return reply.code(409).send({
          error: 'This account has no e-mail to change: it logs in with its social account',
          field: 'email',
        })
      if (newEmail === current)
        return reply.code(400).send({ error: 'This is the account’s e-mail already', field: 'email' })
      // An address another account has gets a notice, not a code: the answer is the same either way, so that it does
      // not tell which addresses have accounts (the change cannot complete without the new address's code).
      const taken = (await storage.auth.accountByEmail(newEmail)) !== undefined
      if (await mailUnavailable(reply)) return reply
      const challenge = await startChallenge(request, reply, {
        kind: 'change',
        // Asked by the account's session, but it mails (and lets guess the code of) an address that may be anyone's:
        // budgeted as a stranger's.
        trusted: false,
        email: current,
        newEmail,
        accountId: session.account.id,
        deviceHash: session.deviceHash,
        state: 'code',
        ttlMs: CODE_TTL_MS,
      })
      if (!challenge) return reply
      if (!(await mailFirst(request, reply, challenge, taken))) return reply
      return { change: challenge.id }
    },
  )
}

/** POST /v1/auth/email/:id/verify */
function verifyChange(app: AuthApp, ctx: AuthContext) {
  const { storage, now, sessionOf, checkCode } = ctx
  app.post(
    '/v1/auth/email/:id/verify',
    {
      config: { limit: 'write' },
      schema: {
        summary: 'Finish an e-mail change with both codes',
        tags: ['auth'],
        headers: authHeaders,
        params: idParams,
        body: z.object({ code, newCode: code }),
        response: {
          200: z.object({ user }),
          400: authError,
          401: errorBody,
          404: errorBody,
          409: authError,
          410: authError,
          429: authError,
        },
      },
    },
    async (request, reply) => {
      const session = await sessionOf(request, reply)
      if (!session) return reply
      const challenge = await storage.auth.challenge(request.params.id)
      if (challenge?.kind !== 'change' || challenge.accountId !== session.account.id)
        return reply.code(404).send({ error: 'This e-mail change is unknown or has ended; start again' })
      const matched = await checkCode(reply, challenge, request.body)
      if (!matched) return reply
      const newEmail = challenge.newEmail ?? ''
      const changed = await storage.auth.completeChange(
        challenge.id,
        matched,
        session.account.id,
        newEmail,
        now(),
      )
      if (changed === 'used')
        return reply
          .code(409)
          .send({ error: 'These codes have already been used', field: 'code', reason: 'used' })
      if (changed === 'taken')
        return reply.code(409).send({ error: 'Another account uses this e-mail now', field: 'newCode' })
      return { user: { ...userOf(session.account, session.social), email: newEmail } }
    },
  )
}

/** The e-mail change routes. */
export function emailChangeRoutes(app: AuthApp, ctx: AuthContext) {
  startChange(app, ctx)
  verifyChange(app, ctx)
}
