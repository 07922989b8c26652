// The e-mail login: the address, the code (a device new to its account approves itself from a mailed link
// first), a new code, and the session it trades for.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { devicePage } from '../../auth/devicePage.ts'
import { newSession } from '../../auth/session.ts'
import { user, userOf } from '../../auth/user.ts'
import { errorBody } from '../../schemas.ts'
import { sha256Hex } from '../../tokens.ts'
import type { AuthApp, AuthContext } from './context.ts'
import { CODE_TTL_MS, MAX_SENDS, RESEND_MS } from './rules.ts'
import { authError, code, device, email, idParams, waiting } from './schemas.ts'

/** POST /v1/auth/login */
function startLogin(app: AuthApp, ctx: AuthContext) {
  const { storage, mailUnavailable, mailFirst, startChallenge, resendAt } = ctx
  app.post(
    '/v1/auth/login',
    {
      config: { limit: 'write' },
      schema: {
        summary: 'Start an e-mail login: mail a code, or first a link that approves a new device',
        description:
          'Answers the same whether the address has an account or not, and whether this device is new to it: only the mail differs.',
        tags: ['auth'],
        body: z.object({ email, device }),
        response: { 200: waiting, 400: errorBody, 429: authError, 502: errorBody, 503: errorBody },
      },
    },
    async (request, reply) => {
      const { email: address, device: deviceSecret } = request.body
      if (await mailUnavailable(reply)) return reply
      const deviceHash = sha256Hex(deviceSecret)
      const account = await storage.auth.accountByEmail(address)
      const newDevice = account ? !(await storage.auth.deviceConfirmed(account.id, deviceHash)) : false
      const challenge = await startChallenge(request, reply, {
        kind: 'login',
        email: address,
        accountId: account?.id ?? null,
        deviceHash,
        trusted: account !== undefined && !newDevice,
        state: newDevice ? 'device' : 'code',
        ttlMs: CODE_TTL_MS,
      })
      if (!challenge || !(await mailFirst(request, reply, challenge))) return reply
      return {
        login: challenge.id,
        waitingFor: 'code' as const,
        resendAt: resendAt({ sentAt: challenge.createdAt }),
      }
    },
  )
}

/** GET /v1/auth/login/:id */
function loginState(app: AuthApp, ctx: AuthContext) {
  const { resendAt, loginOf } = ctx
  app.get(
    '/v1/auth/login/:id',
    {
      schema: {
        summary: 'What a login waits for: its code, or nothing (done)',
        description: 'A login whose device link is still unused waits for its code too, as the link says.',
        tags: ['auth'],
        params: idParams,
        response: { 200: waiting, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const challenge = await loginOf(reply, request.params.id)
      if (!challenge) return reply
      const waitingFor = challenge.state === 'done' ? ('done' as const) : ('code' as const)
      return { login: challenge.id, waitingFor, resendAt: resendAt(challenge) }
    },
  )
}

/** POST /v1/auth/login/:id/resend */
function resendLogin(app: AuthApp, ctx: AuthContext) {
  const { storage, now, mailFailed, mailCode, mailLink, budget, refuseBudget, resendAt, loginOf } = ctx
  app.post(
    '/v1/auth/login/:id/resend',
    {
      config: { limit: 'write' },
      schema: {
        summary: 'Mail a new code (or device link) for a login, 30 s after the last one',
        tags: ['auth'],
        params: idParams,
        body: z.object({ device }),
        response: {
          200: waiting,
          400: errorBody,
          403: errorBody,
          404: errorBody,
          409: authError,
          410: authError,
          429: authError,
          502: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const challenge = await loginOf(reply, request.params.id, request.body.device)
      if (!challenge) return reply
      if (challenge.state === 'done')
        return reply.code(409).send({ error: 'This login is complete; start a new one', reason: 'used' })
      // The hour's mail budgets count the logins started within it: an older login mails no more.
      if (challenge.createdAt.getTime() <= budget().since.getTime())
        return reply
          .code(410)
          .send({ error: 'This login is over an hour old; start again', reason: 'expired' })
      const wait = challenge.sentAt ? challenge.sentAt.getTime() + RESEND_MS - now().getTime() : 0
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000)
        reply.header('retry-after', String(seconds))
        return reply
          .code(429)
          .send({ error: `You can ask for a new code in ${seconds} s`, reason: 'wait', retryAfter: seconds })
      }
      if (challenge.sends >= MAX_SENDS)
        return reply.code(429).send({ error: 'Too many codes for this login; start again', reason: 'quota' })
      const over = await storage.auth.mayMail(challenge, budget())
      if (over) return refuseBudget(reply, over)
      const sentAt = now()
      const condition = { resendAfter: new Date(sentAt.getTime() - RESEND_MS), maxSends: MAX_SENDS }
      const outcome =
        challenge.state === 'device'
          ? await mailLink(request, challenge, condition)
          : await mailCode(request, challenge, { from: 'code', ...condition })
      // Another request sent one meanwhile: it counts as this one's wait.
      if (outcome === 'refused')
        return reply.code(429).send({
          error: `You can ask for a new code in ${RESEND_MS / 1000} s`,
          reason: 'wait',
          retryAfter: RESEND_MS / 1000,
        })
      if (outcome === 'failed') return mailFailed(reply)
      return { login: challenge.id, waitingFor: 'code' as const, resendAt: resendAt({ sentAt }) }
    },
  )
}

/** POST /v1/auth/login/:id/verify */
function verifyLogin(app: AuthApp, ctx: AuthContext) {
  const { storage, now, sessionMs, loginOf, checkCode } = ctx
  app.post(
    '/v1/auth/login/:id/verify',
    {
      config: { limit: 'write' },
      schema: {
        summary: 'Check a login code: on success, a frame session (and the account, created on first login)',
        tags: ['auth'],
        params: idParams,
        body: z.object({ device, code }),
        response: {
          200: z.object({ token: z.string(), user, created: z.boolean() }),
          400: authError,
          403: errorBody,
          404: errorBody,
          409: authError,
          410: authError,
          429: authError,
        },
      },
    },
    async (request, reply) => {
      const challenge = await loginOf(reply, request.params.id, request.body.device)
      if (!challenge) return reply
      const matched = await checkCode(reply, challenge, { code: request.body.code })
      if (!matched) return reply
      const { token, session } = newSession(now(), sessionMs)
      const newAccountId = randomUUID()
      const account = await storage.auth.completeLogin(challenge.id, {
        codeHmac: matched,
        email: challenge.email,
        expectedAccountId: challenge.accountId,
        newAccountId,
        deviceHash: challenge.deviceHash,
        session,
      })
      if (account === 'used')
        return reply.code(409).send({
          error: 'This code has already been used or replaced; ask for a new one',
          field: 'code',
          reason: 'used',
        })
      if (account === 'device')
        return reply.code(409).send({
          error: 'This address has an account now, which has not approved this device; start the login again',
          field: 'code',
          reason: 'device',
        })
      return { token, user: userOf(account), created: account.id === newAccountId }
    },
  )
}

/** GET /v1/auth/device */
function devicePageRoute(app: AuthApp, ctx: AuthContext) {
  const { storage, now } = ctx
  app.get(
    '/v1/auth/device',
    {
      schema: {
        summary:
          'The page a device link opens: approve the device (a button, so that mail scanners approve nothing)',
        tags: ['auth'],
        querystring: z.object({ token: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? ''
      const link = /^[A-Za-z0-9_-]{43}$/.test(token)
        ? await storage.auth.deviceLink(sha256Hex(token), now())
        : ({ status: 'unknown' } as const)
      return devicePage(reply, link.status === 'usable' ? { status: 'ask', token } : link)
    },
  )
}

/** POST /v1/auth/device */
function approveDevice(app: AuthApp, ctx: AuthContext) {
  const { storage, now, mailCode } = ctx
  app.post(
    '/v1/auth/device',
    {
      config: { limit: 'write', form: true },
      schema: {
        summary: 'Approve a device from its link: its login code is mailed next',
        description: 'Answers a page saying what happened: approved, or why not (used, expired, unknown).',
        tags: ['auth'],
        body: z.object({
          token: z.string({ error: 'token must be a string' }).max(100, 'token is too long'),
        }),
      },
    },
    async (request, reply) => {
      const token = request.body.token
      const challengeId = /^[A-Za-z0-9_-]{43}$/.test(token)
        ? await storage.auth.useDeviceLink(sha256Hex(token), now())
        : undefined
      if (!challengeId) {
        const link = /^[A-Za-z0-9_-]{43}$/.test(token)
          ? await storage.auth.deviceLink(sha256Hex(token), now())
          : ({ status: 'unknown' } as const)
        return devicePage(reply, link.status === 'usable' ? { status: 'unknown' } : link)
      }
      const challenge = await storage.auth.challenge(challengeId)
      if (!challenge) return devicePage(reply, { status: 'unknown' })
      const outcome = await mailCode(request, challenge, { from: 'device' })
      // Approved either way: a code that could not be mailed is asked for again from the app (resend). Refused: an
      // earlier link of the login (a resend mails a new one) approved the device already.
      const status = { sent: 'approved', failed: 'approved-unmailed', refused: 'used' } as const
      return devicePage(reply, { status: status[outcome] })
    },
  )
}

/** The login routes and the device link's page. */
export function loginRoutes(app: AuthApp, ctx: AuthContext) {
  startLogin(app, ctx)
  loginState(app, ctx)
  resendLogin(app, ctx)
  verifyLogin(app, ctx)
  devicePageRoute(app, ctx)
  approveDevice(app, ctx)
}
