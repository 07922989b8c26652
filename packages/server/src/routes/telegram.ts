import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { telegramReturnPage } from '../auth/social/pages.ts'
import { botIdOf, TelegramRefusal, verifyTelegramLogin } from '../auth/telegram.ts'
import { isOriginAllowed } from '../cors.ts'
import { errorBody, label } from '../schemas.ts'
import type { Storage } from '../storage/types.ts'
import { sha256Hex } from '../tokens.ts'
import { socialLoginQuota } from './social.ts'

export interface TelegramRoutesOptions {
  storage: Storage
  /** The bot's token (`TELEGRAM_BOT_TOKEN`): its id names the bot to Telegram, its secret checks Telegram's answers. */
  botToken: string
  /** Telegram's login page's origin (`https://oauth.telegram.org`; the devnet's stand-in in development). */
  telegramUrl: string
  /** The frame's own base URL: Telegram sends the visitor back to it. */
  baseUrl: () => string
  now?: () => Date
}

/** A Telegram login must come back within 4 minutes, like a pairing (SPEC §4). */
export const TELEGRAM_LOGIN_TTL_MS = 4 * 60_000

const device = z
  .string({ error: 'device must be a string' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'device must be 43 base64url characters (32 random bytes)')
const returnTo = z
  .url({ protocol: /^https?$/, error: 'returnTo must be the http(s) URL of the page to come back to' })
  .max(2000, 'returnTo must be at most 2000 characters')
/** Telegram's answer: the login data as the Login Widget's fields, or its page's `tgAuthResult` (base64 JSON). */
const answer = z.object({
  state: z.string({ error: 'state must be a string' }).max(200),
  result: z.string().max(4000).optional(),
  data: z.record(z.string().max(64), z.string().max(1000)).optional(),
})

/**
 * The page Telegram sends the visitor back to runs this: it hands Telegram's answer (the page's fragment, or its
 * query) and the login's state to the server, takes the data out of the address bar, and goes back to the app's page,
 * or says why the login failed, with the way back.
 */
export const telegramScript = `(async () => {
  const query = new URLSearchParams(location.search)
  const fragment = new URLSearchParams(location.hash.slice(1))
  const data = {}
  for (const [key, value] of query) if (key !== 'state') data[key] = value
  const body = { state: query.get('state') || '', result: fragment.get('tgAuthResult') || undefined, data }
  history.replaceState(null, '', location.pathname)
  let answer = {}
  try {
    const response = await fetch('/v1/auth/telegram/callback', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    answer = await response.json()
  } catch {}
  if (answer.redirect) return location.replace(answer.redirect)
  document.querySelector('h1').textContent = 'Login failed'
  document.querySelector('p').textContent = answer.error || 'Telegram’s answer could not be checked; try again in the app.'
  if (answer.returnTo) {
    const back = document.createElement('a')
    back.href = answer.returnTo
    back.textContent = 'Back to the app'
    document.querySelector('main').append(back)
  }
})()
`

/** `tgAuthResult`: base64 (url-safe or not) of Telegram's JSON; its values as the strings the hash was made of. */
function resultData(result: string): Record<string, string> {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(result.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8'))
  } catch {
    throw new TelegramRefusal('Telegram’s answer could not be read')
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new TelegramRefusal('Telegram’s answer could not be read')
  return Object.fromEntries(
    Object.entries(parsed).flatMap(([key, value]) =>
      typeof value === 'string' || typeof value === 'number' ? [[key, String(value)]] : [],
    ),
  )
}

/**
 * Telegram logins for the embedded wallet, on the frame's origin. Telegram allows no popup: the page goes to Telegram
 * itself (a top-level redirect) and comes back. The frame starts a login for its device with the page to come back
 * to; Telegram's login page sends the visitor to this origin's return page with the login's `state`, whose script
 * hands Telegram's signed answer here; the server checks its HMAC with the bot's token (and that it is at most a day
 * old), links the Telegram user to its account and sends the visitor back to the app's page with a one-time proof in
 * the fragment, which the page gives the frame; the frame trades it and its device secret for the session
 * (`POST /v1/auth/social/:id/complete`, as the popup's proof).
 */
export const telegramRoutes: FastifyPluginAsyncZod<TelegramRoutesOptions> = async (app, options) => {
  const { storage, botToken } = options
  const now = options.now ?? (() => new Date())

  app.get('/v1/auth/telegram/return.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(telegramScript),
  )
  app.get('/v1/auth/telegram/return', { schema: { hide: true } }, async (_request, reply) =>
    telegramReturnPage(reply),
  )

  app.post(
    '/v1/auth/telegram/start',
    {
      config: { limit: 'write' },
      schema: {
        summary: 'Start a Telegram login: the address of Telegram’s login page, for the page itself to go to',
        tags: ['auth'],
        body: z.object({ device, returnTo, projectId: label('projectId', 100) }),
        response: { 200: z.object({ login: z.string(), url: z.string() }), 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      // The way back carries the login's proof: only to a page of the frame's project. A page of any other origin
      // could trade a proof of a login its owner started (on its own device) with a victim's Telegram account.
      const project = await storage.getProject(request.body.projectId)
      if (!project)
        return reply
          .code(400)
          .send({ error: `Unknown project ${request.body.projectId}`, field: 'projectId' })
      if (!isOriginAllowed(project.allowedOrigins, new URL(request.body.returnTo).origin))
        return reply.code(400).send({
          error: 'returnTo must be a page of one of the project’s allowed origins',
          field: 'returnTo',
        })
      const state = randomBytes(32).toString('base64url')
      const createdAt = now()
      const id = randomUUID()
      const back = new URL(request.body.returnTo)
      back.hash = ''
      const started = await storage.social.startLogin(
        {
          id,
          provider: 'telegram',
          stateHash: sha256Hex(state),
          nonce: '',
          codeVerifier: '',
          returnTo: back.href,
          deviceHash: sha256Hex(request.body.device),
          expiresAt: new Date(createdAt.getTime() + TELEGRAM_LOGIN_TTL_MS),
          createdAt,
        },
        socialLoginQuota(createdAt),
      )
      if (started === 'quota')
        return reply.code(429).send({ error: 'Too many logins were started on this device; try again later' })
      const frame = new URL(options.baseUrl())
      const url = new URL(`${options.telegramUrl.replace(/\/+$/, '')}/auth`)
      url.searchParams.set('bot_id', botIdOf(botToken))
      url.searchParams.set('origin', frame.origin)
      url.searchParams.set('request_access', 'write')
      url.searchParams.set('return_to', `${frame.origin}/v1/auth/telegram/return?state=${state}`)
      return { login: id, url: url.href }
    },
  )

  app.post(
    '/v1/auth/telegram/callback',
    {
      config: { limit: 'write' },
      schema: {
        summary: 'Telegram’s signed answer, from the return page: checked, and the way back to the app',
        tags: ['auth'],
        body: answer,
        response: {
          200: z.object({ redirect: z.string() }),
          400: errorBody.extend({ returnTo: z.string().optional() }),
          409: errorBody,
          410: errorBody,
        },
      },
    },
    async (request, reply) => {
      const login = await storage.social.takeLogin(sha256Hex(request.body.state), now())
      if (!login || (typeof login === 'object' && login.provider !== 'telegram'))
        return reply
          .code(409)
          .send({ error: 'This login is incomplete or unknown. Start it again in the app.' })
      if (login === 'used')
        return reply.code(409).send({ error: 'This login was finished already. Go back to the app.' })
      if (login === 'expired')
        return reply
          .code(410)
          .send({ error: 'A Telegram login must be finished within 4 minutes. Start it again in the app.' })
      const back = login.returnTo ?? ''
      try {
        const data = request.body.result ? resultData(request.body.result) : (request.body.data ?? {})
        const user = verifyTelegramLogin(data, botToken, now())
        const account = await storage.social.accountOf(
          {
            provider: 'telegram',
            subject: user.id,
            email: null,
            emailVerified: false,
            username: user.handle,
          },
          randomUUID(),
          now(),
          login.deviceHash,
        )
        const proof = randomBytes(32).toString('base64url')
        await storage.social.settleLogin(login.id, {
          accountId: account.id,
          subject: user.id,
          proofHash: sha256Hex(proof),
        })
        return { redirect: `${back}#latch-telegram=${login.id}.${proof}` }
      } catch (error) {
        if (!(error instanceof TelegramRefusal)) throw error
        request.log.warn({ err: error }, 'a Telegram login was refused')
        await storage.social.settleLogin(login.id, { failure: error.message })
        return reply.code(400).send({
          error: `${error.message}. Try again in the app.`,
          field: request.body.result ? 'result' : 'data',
          returnTo: back,
        })
      }
    },
  )
}
