import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getAddress } from 'viem'
import { z } from 'zod'
import { devicePage } from '../auth/devicePage.ts'
import {
  addressTakenMail,
  changeCodeMail,
  deviceLinkMail,
  loginCodeMail,
  type Mail,
  type Mailer,
} from '../auth/mail.ts'
import { type AuthSecrets, codeHmac, codeKey, codeMatches, seal, unseal } from '../auth/secrets.ts'
import { newSession, RECOVERY_WINDOW_MS } from '../auth/session.ts'
import { user, userOf } from '../auth/user.ts'
import { errorBody, text } from '../schemas.ts'
import type { AuthSession, BudgetRefusal, Challenge, Resend, StoredShares } from '../storage/auth.ts'
import type { Storage } from '../storage/types.ts'
import { sha256Hex } from '../tokens.ts'

export interface AuthRoutesOptions {
  storage: Storage
  /** Sends the codes and links; without it a login is refused with 503 (no SMTP_URL). */
  mailer?: Mailer
  secrets: AuthSecrets
  /** The frame's own base URL (its origin), which device links point at. */
  baseUrl: () => string
  /** How long a frame session lasts (default 30 days). */
  sessionMs?: number
  /** The clock (tests). */
  now?: () => Date
  /** The hourly e-mail budgets, over `loginBudgets`. */
  budgets?: Partial<LoginBudgets>
}

/** What logins may mail in an hour: per requester (a client address, an IPv6 one as its /64), and all together. */
export interface LoginBudgets {
  mailsPerRequester: number
  mailsPerAddress: number
  mailsPerHour: number
}

/** A code is good for 10 minutes and 5 attempts; a new one may be asked for after 30 s, 5 times per login. */
export const CODE_TTL_MS = 10 * 60_000
export const MAX_ATTEMPTS = 5
export const RESEND_MS = 30_000
export const MAX_SENDS = 5
/** A device link is good for 20 minutes. */
export const DEVICE_LINK_TTL_MS = 20 * 60_000
/**
 * Logins and changes one address may start per hour from one requester (a client address, an IPv6 one as its /64),
 * or from one device the account knows (the owner's device counts only its own starts).
 */
export const MAX_CHALLENGES_PER_HOUR = 10
/** Logins of one address all strangers together may start per hour: far above one requester's 10. */
export const MAX_CHALLENGES_PER_ADDRESS = 100
/**
 * E-mails one requester's logins may cause per hour, whatever their addresses, all strangers' logins of one address
 * together (far above one requester's), and all strangers' logins together (the owner's known devices and sessions
 * are not counted: their mails go to their own address).
 */
export const loginBudgets: LoginBudgets = { mailsPerRequester: 30, mailsPerAddress: 100, mailsPerHour: 2_000 }
/** Wrong codes an address's logins from devices it does not know may take per day, however many logins. */
export const GUESSES_PER_DAY = 20
const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS
/** How long a frame session lasts by default: 30 days. */
export const SESSION_MS = 30 * 24 * HOUR_MS
const PURGE_INTERVAL_MS = 10 * 60_000

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
/** Six digits, each equally likely. */
const newCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0')

const email = text('email', 254)
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.email({ error: 'email must be an e-mail address' }))
const device = z
  .string({ error: 'device must be a string' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'device must be 43 base64url characters (32 random bytes)')
const code = z.string({ error: 'code must be a string' }).regex(/^\d{6}$/, 'code must be 6 digits')
const idParams = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}$/, 'id must be a login id from POST /v1/auth/login'),
})
/** A Shamir share of a 32-byte key: 33 bytes (the library's x coordinate last), base64. */
const share = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .regex(/^[A-Za-z0-9+/]{44}$/, `${field} must be a 33-byte share as base64`)
    .transform((value) => new Uint8Array(Buffer.from(value, 'base64')))
const address = z
  .string({ error: 'address must be a string' })
  .regex(/^0x[0-9a-fA-F]{40}$/, 'address must be 0x and 40 hex characters')
  .transform((value) => getAddress(value.toLowerCase()))
const boxText = (field: string, max: number) =>
  z
    .string({ error: `passphraseBox.${field} must be a string` })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, `passphraseBox.${field} must be base64`)
    .max(max, `passphraseBox.${field} must be at most ${max} characters`)
/** The recovery share sealed in the frame under the user's passphrase; the server keeps it as given. */
const passphraseBox = z.object({
  kdf: z.literal('pbkdf2-sha256', { error: 'passphraseBox.kdf must be pbkdf2-sha256' }),
  iterations: z
    .number({ error: 'passphraseBox.iterations must be a number' })
    .int('passphraseBox.iterations must be an integer')
    .min(600_000, 'passphraseBox.iterations must be at least 600000')
    .max(10_000_000, 'passphraseBox.iterations must be at most 10000000'),
  salt: boxText('salt', 64),
  iv: boxText('iv', 32),
  ciphertext: boxText('ciphertext', 200),
})

const authError = errorBody.extend({
  reason: z
    .enum(['wrong', 'expired', 'used', 'locked', 'device', 'wait', 'quota', 'verify', 'passphrase'])
    .optional()
    .meta({ description: 'What the frame tells the user, for a refused code or a refused mail' }),
  retryAfter: z.number().optional().meta({ description: 'Seconds until a new code may be asked for' }),
})
/** The header every use of a frame session carries: the secret of the device it was made on. */
const DEVICE_HEADER = 'x-latch-device'

const authHeaders = z.object({
  authorization: z.string().max(200).optional(),
  [DEVICE_HEADER]: z
    .string()
    .max(100)
    .optional()
    .meta({ description: 'The secret of the device the session was made on (the login’s `device`)' }),
})
/** 32 bytes, base64: what a passphrase derives to prove it (the frame's PBKDF2), never the key that opens its box. */
const passphraseProof = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .regex(/^[A-Za-z0-9+/]{43}=$/, `${field} must be 32 bytes as base64`)
const waiting = z.object({
  login: z.string(),
  waitingFor: z.enum(['code', 'done']),
  resendAt: z.string().nullable().meta({ description: 'When a new code may be asked for' }),
})

const shareContext = (kind: 'auth' | 'recovery', accountId: string) => `latch:${kind}-share:${accountId}`
/** Two hex digests compared in constant time. */
const hashesEqual = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
const bearer = (request: FastifyRequest) =>
  /^Bearer\s+([A-Za-z0-9_-]{43})$/i.exec(request.headers.authorization ?? '')?.[1]

/**
 * The embedded wallet's e-mail login, served on the frame's own origin (no CORS: only the frame calls it). A login
 * mails a 6-digit code (stored as an HMAC; 10 minutes, 5 attempts, a new one after 30 s); on a device the account
 * has not used, a link mailed first must approve it. A verified code starts a frame session, whose bearer stores
 * the key's two server-held shares once (sealed under the KEKs) and fetches them back.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { storage, mailer, secrets } = options
  const now = options.now ?? (() => new Date())
  const sessionMs = options.sessionMs ?? SESSION_MS
  const hmacKey = codeKey(secrets)
  const budgets = { ...loginBudgets, ...options.budgets }
  // Challenges stay a day after they expire: the guess budget counts their wrong codes that long.
  const purge = setInterval(() => {
    storage.auth.purge(new Date(now().getTime() - DAY_MS)).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not delete expired login codes and sessions')
    })
  }, PURGE_INTERVAL_MS)
  purge.unref()
  app.addHook('onClose', async () => clearInterval(purge))
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  /** Refuses with 503 when no SMTP server is configured, before anything is recorded. */
  async function mailUnavailable(reply: FastifyReply): Promise<boolean> {
    if (mailer) return false
    await reply.code(503).send({ error: 'E-mail login is not configured on this server (no SMTP_URL)' })
    return true
  }

  /** Sends mails; false when the SMTP server refused one or did not answer (logged). */
  async function deliver(request: FastifyRequest, ...mails: Mail[]): Promise<boolean> {
    try {
      for (const mail of mails) {
        if (!mailer) throw new Error('no SMTP_URL')
        await mailer.send(mail)
      }
      return true
    } catch (error) {
      request.log.error({ err: error }, 'could not send a login e-mail')
      return false
    }
  }

  const mailFailed = (reply: FastifyReply) =>
    reply.code(502).send({ error: 'The e-mail could not be sent; try again in a moment' })

  /**
   * Records a fresh code (two for a change) under `condition` and mails it: 'refused' when the condition no longer
   * held (another request sent one, or used the challenge, first), 'failed' when the mail could not be sent. A change
   * to an address `taken` by another account mails that address a notice instead of its code.
   */
  async function mailCode(
    request: FastifyRequest,
    challenge: Challenge,
    condition: Parameters<Storage['auth']['codeSent']>[2],
    taken = false,
  ): Promise<'sent' | 'refused' | 'failed'> {
    const sentAt = now()
    const minutes = CODE_TTL_MS / 60_000
    const first = newCode()
    const second = challenge.kind === 'change' ? newCode() : undefined
    const recorded = await storage.auth.codeSent(
      challenge.id,
      {
        codeHmac: codeHmac(hmacKey, challenge.id, first),
        ...(second ? { newCodeHmac: codeHmac(hmacKey, `${challenge.id}:new`, second) } : {}),
        sentAt,
        expiresAt: new Date(sentAt.getTime() + CODE_TTL_MS),
      },
      condition,
    )
    if (!recorded) return 'refused'
    const newEmail = challenge.newEmail ?? ''
    const sent =
      challenge.kind === 'login'
        ? await deliver(request, loginCodeMail(challenge.email, first, minutes))
        : await deliver(
            request,
            changeCodeMail(challenge.email, first, 'current', newEmail, minutes),
            taken
              ? addressTakenMail(newEmail)
              : changeCodeMail(newEmail, second ?? '', 'new', newEmail, minutes),
          )
    return sent ? 'sent' : 'failed'
  }

  /**
   * Records a new link approving the challenge's device (a login on a device new to its account) under `condition`
   * and mails it: 'refused' when the condition no longer held, 'failed' when the mail could not be sent.
   */
  async function mailLink(
    request: FastifyRequest,
    challenge: Challenge,
    condition: Resend,
  ): Promise<'sent' | 'refused' | 'failed'> {
    const sentAt = now()
    const token = randomBytes(32).toString('base64url')
    const expiresAt = new Date(sentAt.getTime() + DEVICE_LINK_TTL_MS)
    if (
      !(await storage.auth.linkSent(
        challenge.id,
        { tokenHash: sha256Hex(token), sentAt, expiresAt },
        condition,
      ))
    )
      return 'refused'
    const href = `${options.baseUrl()}/v1/auth/device?token=${token}`
    const sent = await deliver(request, deviceLinkMail(challenge.email, href, DEVICE_LINK_TTL_MS / 60_000))
    return sent ? 'sent' : 'failed'
  }

  /**
   * The first mail of a challenge just recorded (its code, or its device's link): false with the reply sent when it
   * could not be mailed.
   */
  async function mailFirst(
    request: FastifyRequest,
    reply: FastifyReply,
    challenge: Challenge,
    taken = false,
  ) {
    const first = { resendAfter: challenge.createdAt, maxSends: MAX_SENDS }
    const outcome =
      challenge.state === 'device'
        ? await mailLink(request, challenge, first)
        : await mailCode(request, challenge, { from: 'code', ...first }, taken)
    if (outcome === 'sent') return true
    await mailFailed(reply)
    return false
  }

  /** The hour's budgets of the challenges started from now. */
  const budget = () => ({
    since: new Date(now().getTime() - HOUR_MS),
    perRequester: MAX_CHALLENGES_PER_HOUR,
    perAddress: MAX_CHALLENGES_PER_ADDRESS,
    requesterMails: budgets.mailsPerRequester,
    addressMails: budgets.mailsPerAddress,
    mails: budgets.mailsPerHour,
  })

  /** What a refused start or resend answers, by the budget it would have passed. */
  const budgetRefusals: Record<BudgetRefusal, string> = {
    address: 'Too many codes were asked for this address; try again later',
    requester: 'Too many e-mails were sent at your request; try again later',
    mails: 'This server has sent all the login e-mails it may this hour; try again later',
  }
  const refuseBudget = (reply: FastifyReply, refusal: BudgetRefusal) =>
    reply.code(429).send({ error: budgetRefusals[refusal], reason: 'quota' })

  /**
   * Records a new login or change asked for by `request`, nothing mailed yet, expiring `ttlMs` from now; undefined
   * with 429 sent when it would pass one of the hour's budgets. `trusted`: started on a device the account knows, or by
   * its session.
   */
  async function startChallenge(
    request: FastifyRequest,
    reply: FastifyReply,
    fields: Pick<Challenge, 'kind' | 'email' | 'accountId' | 'deviceHash' | 'state' | 'trusted'> & {
      newEmail?: string
      ttlMs: number
    },
  ): Promise<Challenge | undefined> {
    const { ttlMs, newEmail, ...rest } = fields
    const createdAt = now()
    const challenge: Challenge = {
      ...rest,
      id: randomUUID(),
      newEmail: newEmail ?? null,
      requester: normalizeIP(request.ip, 64),
      codeHmac: null,
      newCodeHmac: null,
      attempts: 0,
      sends: 0,
      mails: 0,
      guesses: 0,
      sentAt: null,
      expiresAt: new Date(createdAt.getTime() + ttlMs),
      createdAt,
    }
    const outcome = await storage.auth.createChallenge(challenge, budget())
    if (outcome === 'created') return challenge
    await refuseBudget(reply, outcome)
    return undefined
  }

  const resendAt = (challenge: Pick<Challenge, 'sentAt'>) =>
    challenge.sentAt ? new Date(challenge.sentAt.getTime() + RESEND_MS).toISOString() : null

  /**
   * The session of the request's bearer token, shown with the secret of the device it was made on (a token alone,
   * taken elsewhere, is nothing), or undefined with 401 sent.
   */
  async function sessionOf(request: FastifyRequest, reply: FastifyReply): Promise<AuthSession | undefined> {
    const token = bearer(request)
    const session = token ? await storage.auth.session(sha256Hex(token), now()) : undefined
    if (!session) {
      await reply.code(401).send({ error: 'Not logged in: the session is missing, ended or unknown' })
      return undefined
    }
    const device = request.headers[DEVICE_HEADER]
    if (typeof device !== 'string' || !hashesEqual(sha256Hex(device), session.deviceHash)) {
      await reply.code(401).send({ error: 'Not logged in: this session belongs to another device' })
      return undefined
    }
    return session
  }

  /** The session's account key as stored, or undefined with 401 (no session) or 404 (no key yet) sent. */
  async function keyOf(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ session: AuthSession; shares: StoredShares } | undefined> {
    const session = await sessionOf(request, reply)
    if (!session) return undefined
    const shares = await storage.auth.shares(session.account.id)
    if (!shares) {
      await reply.code(404).send({ error: 'This account has no key yet' })
      return undefined
    }
    return { session, shares }
  }

  /** Whether the session's login is recent enough for the recovery share (a new device rebuilding its key). */
  const recoveryOpen = (session: AuthSession) =>
    session.recoveryUntil !== null && session.recoveryUntil.getTime() > now().getTime()

  // 401: to the frame, this session is not logged in enough; it logs in again (a fresh code opens the window).
  const refuseRecovery = (reply: FastifyReply) =>
    reply.code(401).send({
      error: 'Your recovery share is given only just after a login on this device: log in again',
      reason: 'verify',
    })

  /** Whether `current` is the proof of the account's passphrase (a box set before proofs has none to match). */
  const passphraseShown = (shares: StoredShares, current: string | undefined) =>
    current !== undefined &&
    shares.passphraseProof !== null &&
    hashesEqual(sha256Hex(current), shares.passphraseProof)

  const refusePassphrase = (reply: FastifyReply, shares: StoredShares, current: string | undefined) =>
    reply.code(403).send({
      error:
        shares.passphraseProof === null
          ? 'Log in again on this device to change your passphrase'
          : current
            ? 'That is not your current passphrase'
            : 'Your current passphrase is needed to change it',
      field: 'current',
      reason: 'passphrase',
    })

  /** The login challenge `id` started on `device` (when given), or undefined with 404 / 403 sent. */
  async function loginOf(reply: FastifyReply, id: string, device?: string): Promise<Challenge | undefined> {
    const challenge = await storage.auth.challenge(id)
    if (challenge?.kind !== 'login') {
      await reply.code(404).send({ error: 'This login is unknown or has ended; start again' })
      return undefined
    }
    if (device !== undefined && challenge.deviceHash !== sha256Hex(device)) {
      await reply.code(403).send({ error: 'This login was started on another device' })
      return undefined
    }
    return challenge
  }

  /** Why a challenge takes no code now, as the refusal to answer; undefined when it does. */
  function codeRefusal(challenge: Challenge): [number, string, 'used' | 'locked' | 'expired'] | undefined {
    if (challenge.state === 'done') return [409, 'This code has already been used; ask for a new one', 'used']
    if (challenge.attempts >= MAX_ATTEMPTS) return [429, 'Too many wrong codes; ask for a new code', 'locked']
    // A login waiting for its device's approval takes codes (all wrong) and expires as one waiting for its code, so
    // that its answers do not tell a stranger the address has an account.
    const expiresAt =
      challenge.state === 'device'
        ? (challenge.sentAt ?? challenge.createdAt).getTime() + CODE_TTL_MS
        : challenge.expiresAt.getTime()
    if (expiresAt <= now().getTime()) return [410, 'This code has expired; ask for a new one', 'expired']
    return undefined
  }

  /**
   * Checks a code against its challenge, counting the attempt first in one statement (so concurrent guesses cannot
   * share one count): the HMAC it matched, or false with the refusal sent.
   */
  async function checkCode(
    reply: FastifyReply,
    challenge: Challenge,
    codes: { code: string; newCode?: string },
  ): Promise<string | false> {
    const early = codeRefusal(challenge)
    if (early) return refuseCode(reply, ...early)
    // A stranger's login spends its address's budget of wrong codes too, and a change its new address's.
    const guessed = challenge.kind === 'login' ? challenge.email : challenge.newEmail
    const guesses =
      !challenge.trusted && guessed
        ? { email: guessed, since: new Date(now().getTime() - DAY_MS), max: GUESSES_PER_DAY }
        : undefined
    const claimed = await storage.auth.claimAttempt(challenge.id, now(), MAX_ATTEMPTS, guesses)
    if (claimed === 'budget')
      return refuseCode(
        reply,
        429,
        'Too many wrong codes were tried for this address today; start again tomorrow',
        'locked',
      )
    if (!claimed) {
      const current = await storage.auth.challenge(challenge.id)
      return refuseCode(
        reply,
        ...((current && codeRefusal(current)) ?? [
          409,
          'This code has already been used; ask for a new one',
          'used',
        ]),
      )
    }
    const right =
      codeMatches(hmacKey, challenge.id, codes.code, claimed.codeHmac ?? '') &&
      (challenge.kind === 'login' ||
        codeMatches(hmacKey, `${challenge.id}:new`, codes.newCode ?? '', claimed.newCodeHmac ?? ''))
    if (right && claimed.codeHmac) return claimed.codeHmac
    const left = MAX_ATTEMPTS - claimed.attempts
    if (left <= 0) return refuseCode(reply, 429, 'Too many wrong codes; ask for a new code', 'locked')
    return refuseCode(reply, 400, `Wrong code; ${left} ${left === 1 ? 'attempt' : 'attempts'} left`, 'wrong')
  }

  async function refuseCode(
    reply: FastifyReply,
    status: number,
    error: string,
    reason: 'wrong' | 'expired' | 'used' | 'locked',
  ): Promise<false> {
    await reply.code(status).send({ error, field: 'code', reason })
    return false
  }

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
        ttlMs: newDevice ? DEVICE_LINK_TTL_MS : CODE_TTL_MS,
      })
      if (!challenge || !(await mailFirst(request, reply, challenge))) return reply
      return {
        login: challenge.id,
        waitingFor: 'code' as const,
        resendAt: resendAt({ sentAt: challenge.createdAt }),
      }
    },
  )

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

  app.get(
    '/v1/auth/session',
    {
      schema: {
        summary: 'The logged-in user of a frame session',
        tags: ['auth'],
        headers: authHeaders,
        response: { 200: z.object({ user, expiresAt: z.string() }), 401: errorBody },
      },
    },
    async (request, reply) => {
      const session = await sessionOf(request, reply)
      if (!session) return reply
      return { user: userOf(session.account, session.social), expiresAt: session.expiresAt.toISOString() }
    },
  )

  app.post(
    '/v1/auth/signout',
    {
      schema: {
        summary: 'End a frame session',
        tags: ['auth'],
        headers: authHeaders,
        response: { 200: z.object({ signedOut: z.literal(true) }), 401: errorBody },
      },
    },
    async (request, reply) => {
      const token = bearer(request)
      if (!token)
        return reply.code(401).send({ error: 'Not logged in: the session is missing, ended or unknown' })
      await storage.auth.revokeSession(sha256Hex(token), now())
      return { signedOut: true as const }
    },
  )

  app.put(
    '/v1/auth/keys',
    {
      config: { limit: 'write' },
      schema: {
        summary: 'Store the account key’s two server-held shares (once)',
        description:
          'The frame made the key and split it 2-of-3; it keeps the device share and sends the auth and recovery ' +
          'shares, which are sealed under LATCH_KEK and LATCH_RECOVERY_KEK. 409 when the account has a key.',
        tags: ['auth'],
        headers: authHeaders,
        body: z.object({ address, authShare: share('authShare'), recoveryShare: share('recoveryShare') }),
        response: { 201: z.object({ user }), 400: errorBody, 401: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const session = await sessionOf(request, reply)
      if (!session) return reply
      const { id } = session.account
      const stored = await storage.auth.storeShares(id, {
        address: request.body.address,
        authShare: seal(secrets.kek, request.body.authShare, shareContext('auth', id)),
        recoveryShare: seal(secrets.recoveryKek, request.body.recoveryShare, shareContext('recovery', id)),
      })
      if (stored === 'exists') return reply.code(409).send({ error: 'This account has a key already' })
      return reply
        .code(201)
        .send({ user: { ...userOf(session.account, session.social), address: request.body.address } })
    },
  )

  app.get(
    '/v1/auth/keys',
    {
      schema: {
        summary:
          'The account key’s address and how it recovers: the server’s share, or the user’s passphrase',
        tags: ['auth'],
        headers: authHeaders,
        response: {
          200: z.object({
            address: z.string(),
            recovery: z.enum(['automatic', 'passphrase']),
            current: z.boolean().meta({
              description:
                'Whether the passphrase has a proof, which replacing it takes (or a login of the last 10 minutes); a passphrase set before proofs is replaced after a fresh login',
            }),
          }),
          401: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const key = await keyOf(request, reply)
      if (!key) return reply
      const { session, shares } = key
      return {
        // Stored with the shares, in one transaction.
        address: session.account.address ?? '',
        recovery: shares.passphraseBox ? ('passphrase' as const) : ('automatic' as const),
        current: shares.passphraseProof !== null,
      }
    },
  )

  app.get(
    '/v1/auth/keys/auth',
    {
      schema: {
        summary: 'The auth share, for a frame session (combined with the device share for one signature)',
        tags: ['auth'],
        headers: authHeaders,
        response: { 200: z.object({ authShare: z.string() }), 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const key = await keyOf(request, reply)
      if (!key) return reply
      const { session, shares } = key
      return {
        authShare: base64(unseal(secrets.kek, shares.authShare, shareContext('auth', session.account.id))),
      }
    },
  )

  app.get(
    '/v1/auth/keys/recovery',
    {
      schema: {
        summary:
          'The recovery share, or the box the user’s passphrase seals, for a new device’s frame session',
        description: `Only within ${RECOVERY_WINDOW_MS / 60_000} minutes of the session's login (401 \`verify\` after).`,
        tags: ['auth'],
        headers: authHeaders,
        response: {
          200: z.object({
            recoveryShare: z.string().nullable(),
            passphraseBox: passphraseBox.nullable(),
          }),
          401: authError,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const key = await keyOf(request, reply)
      if (!key) return reply
      const { session, shares } = key
      if (!recoveryOpen(session)) return refuseRecovery(reply)
      const { id } = session.account
      return {
        recoveryShare: shares.recoveryShare
          ? base64(unseal(secrets.recoveryKek, shares.recoveryShare, shareContext('recovery', id)))
          : null,
        passphraseBox: shares.passphraseBox as z.infer<typeof passphraseBox> | null,
      }
    },
  )

  app.put(
    '/v1/auth/keys/recovery',
    {
      config: { limit: 'write' },
      schema: {
        summary: 'Replace the server’s recovery share with one sealed under the user’s passphrase',
        description:
          'The server keeps the box as given and deletes its own copy: it can no longer recover the key. `proof` is ' +
          'what the new passphrase derives to prove itself; replacing a box takes the current passphrase’s ' +
          `(\`current\`), or a session whose login is at most ${RECOVERY_WINDOW_MS / 60_000} minutes old.`,
        tags: ['auth'],
        headers: authHeaders,
        body: z.object({
          passphraseBox,
          proof: passphraseProof('proof'),
          current: passphraseProof('current').optional(),
        }),
        response: {
          200: z.object({ recovery: z.literal('passphrase') }),
          400: errorBody,
          401: errorBody,
          403: authError,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const key = await keyOf(request, reply)
      if (!key) return reply
      const { session, shares } = key
      const { passphraseBox: box, proof, current } = request.body
      if (shares.passphraseBox && !recoveryOpen(session) && !passphraseShown(shares, current))
        return refusePassphrase(reply, shares, current)
      const set = await storage.auth.setPassphraseBox(session.account.id, box, {
        hash: sha256Hex(proof),
        expected: shares.passphraseProof,
      })
      if (set === 'none') return reply.code(404).send({ error: 'This account has no key yet' })
      if (set === 'changed')
        return reply.code(409).send({ error: 'The passphrase was changed meanwhile; try again' })
      return { recovery: 'passphrase' as const }
    },
  )

  app.post(
    '/v1/auth/keys/recovery/check',
    {
      config: { limit: 'write' },
      schema: {
        summary: 'Whether `current` is the proof of the account’s passphrase (asked before a new one)',
        tags: ['auth'],
        headers: authHeaders,
        body: z.object({ current: passphraseProof('current') }),
        response: {
          200: z.object({ current: z.boolean() }),
          400: errorBody,
          401: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const key = await keyOf(request, reply)
      if (!key) return reply
      if (!key.shares.passphraseBox)
        return reply.code(404).send({ error: 'This account has no recovery passphrase' })
      return { current: passphraseShown(key.shares, request.body.current) }
    },
  )

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
