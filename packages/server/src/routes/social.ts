import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { newSession } from '../auth/session.ts'
import { createOAuthClient, type OAuthClient, OAuthRefusal } from '../auth/social/oauth.ts'
import { resultPage, resultScript } from '../auth/social/pages.ts'
import { providerShapes, type SocialProviderSetup, socialProviderNames } from '../auth/social/providers.ts'
import { user, userOf } from '../auth/user.ts'
import { errorBody } from '../schemas.ts'
import { DeviceNotApproved } from '../storage/social.ts'
import type { Storage } from '../storage/types.ts'
import { sha256Hex } from '../tokens.ts'

export interface SocialRoutesOptions {
  storage: Storage
  /** The providers configured; the others are refused (404). */
  providers: readonly SocialProviderSetup[]
  /** The frame's own base URL: the providers call back to it. */
  baseUrl: () => string
  /** How long a frame session lasts. */
  sessionMs: number
  now?: () => Date
  /** The HTTP client to the providers (tests). */
  fetch?: typeof fetch
}

/** A login must come back from the provider, and be completed by its frame, within 10 minutes. */
export const SOCIAL_LOGIN_TTL_MS = 10 * 60_000
/** Logins one device may start per hour. */
export const MAX_SOCIAL_LOGINS_PER_HOUR = 30
const HOUR_MS = 60 * 60_000

/** The quota of a device's logins started at `createdAt`: every kind of social login (OAuth, Farcaster, Telegram) counts. */
export const socialLoginQuota = (createdAt: Date) => ({
  since: new Date(createdAt.getTime() - HOUR_MS),
  max: MAX_SOCIAL_LOGINS_PER_HOUR,
})

const device = z
  .string({ error: 'device must be a string' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'device must be 43 base64url characters (32 random bytes)')
const provider = z.enum(socialProviderNames, {
  error: `provider must be one of ${socialProviderNames.join(', ')}`,
})
const proof = z
  .string({ error: 'proof must be a string' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'proof must be the 43 characters the login’s page handed over')
const loginId = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}$/, 'id must be a login id from POST /v1/auth/social/start'),
})
/** What a provider sends back: its code and our state, or its error; `iss` (RFC 9207) when it says who it is. */
const callbackQuery = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  iss: z.string().max(500).optional(),
})

/**
 * The embedded wallet's social logins, on the frame's origin (only the frame calls the API; the provider sends the
 * visitor's popup to the callback). The frame starts a login for its device; the callback checks the provider's
 * answer, links the identity to its account (the README's account linking rules), and hands the popup's page a one-time
 * proof that page posts to the frame alone; the frame exchanges proof and device secret for its session. The dapp's
 * page sees the provider's address at most, never the proof or the session.
 */
export const socialRoutes: FastifyPluginAsyncZod<SocialRoutesOptions> = async (app, options) => {
  const { storage } = options
  const now = options.now ?? (() => new Date())
  /** Where `provider` calls back: the same URL at the authorization and in the token request. */
  const redirectUri = (provider: string) => `${options.baseUrl()}/v1/auth/social/${provider}/callback`
  const clients = new Map<string, OAuthClient>(
    options.providers.map((setup) => [
      setup.provider,
      createOAuthClient(setup, {
        redirectUri: () => redirectUri(setup.provider),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    ]),
  )
  const purge = setInterval(() => {
    storage.social.purge(new Date(now().getTime() - HOUR_MS)).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not delete old social logins')
    })
  }, 10 * 60_000)
  purge.unref()
  app.addHook('onClose', async () => clearInterval(purge))

  app.get('/v1/auth/social/result.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(resultScript),
  )

  app.post(
    '/v1/auth/social/start',
    {
      config: { limit: 'write' },
      schema: {
        summary: 'Start a social login: the provider’s address for the popup',
        tags: ['auth'],
        body: z.object({ provider, device }),
        response: {
          200: z.object({ login: z.string(), url: z.string() }),
          400: errorBody,
          404: errorBody,
          429: errorBody,
          502: errorBody,
        },
      },
    },
    async (request, reply) => {
      const oauth = clients.get(request.body.provider)
      if (!oauth)
        return reply.code(404).send({
          error: `${providerShapes[request.body.provider].title} login is not configured on this server`,
          field: 'provider',
        })
      let authorization: Awaited<ReturnType<OAuthClient['authorize']>>
      try {
        authorization = await oauth.authorize()
      } catch (error) {
        request.log.error({ err: error }, `could not reach ${oauth.title} for a login`)
        return reply.code(502).send({ error: `${oauth.title} could not be reached; try again in a moment` })
      }
      const createdAt = now()
      const id = randomUUID()
      const started = await storage.social.startLogin(
        {
          id,
          provider: oauth.setup.provider,
          stateHash: sha256Hex(authorization.state),
          nonce: authorization.nonce,
          codeVerifier: authorization.codeVerifier,
          deviceHash: sha256Hex(request.body.device),
          expiresAt: new Date(createdAt.getTime() + SOCIAL_LOGIN_TTL_MS),
          createdAt,
        },
        socialLoginQuota(createdAt),
      )
      if (started === 'quota')
        return reply.code(429).send({ error: 'Too many logins were started on this device; try again later' })
      return { login: id, url: authorization.url }
    },
  )

  /** The provider's answer: checked, the account found or made, and the outcome handed to the popup's page. */
  async function callback(
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    query: z.infer<typeof callbackQuery>,
  ) {
    const unknown = () =>
      resultPage(reply.code(400), {
        title: 'Login not recognised',
        text: 'This login is incomplete or unknown. Start it again in the app.',
      })
    if (!query.state) return unknown()
    const login = await storage.social.takeLogin(sha256Hex(query.state), now())
    if (!login) return unknown()
    if (login === 'used')
      return resultPage(reply.code(409), {
        title: 'Login already used',
        text: 'This login was finished already. Go back to the app.',
      })
    if (login === 'expired')
      return resultPage(reply.code(410), {
        title: 'Login expired',
        text: 'A login must be finished within 10 minutes. Start it again in the app.',
      })
    const oauth = clients.get(login.provider)
    const refuse = async (failure: string, status = 400) => {
      await storage.social.settleLogin(login.id, { failure })
      return resultPage(reply.code(status), {
        title: 'Login failed',
        text: `${failure}. Close this window and try again in the app.`,
        message: { protocol: 'latch-frame', type: 'social', login: login.id, error: failure },
      })
    }
    if (!oauth || login.provider !== name)
      return refuse('This answer came from another provider than the login’s')
    const proof = randomBytes(32).toString('base64url')
    try {
      // The answer's own parameters (a form post's too) on the redirect URI the login was authorized with.
      const url = new URL(redirectUri(login.provider))
      for (const [key, value] of Object.entries(query))
        if (value !== undefined) url.searchParams.set(key, value)
      const identity = await oauth.finish(url, {
        state: query.state,
        nonce: login.nonce,
        codeVerifier: login.codeVerifier,
      })
      const account = await storage.social.accountOf(identity, randomUUID(), now(), login.deviceHash)
      await storage.social.settleLogin(login.id, {
        accountId: account.id,
        subject: identity.subject,
        proofHash: sha256Hex(proof),
      })
    } catch (error) {
      // Whatever went wrong, the frame hears it now, in words, rather than waiting out its time.
      if (error instanceof DeviceNotApproved)
        return refuse(
          `Your ${oauth.title} e-mail has an account here, which has not approved this device: log in with that e-mail's code on this device first, then ${oauth.title} joins it`,
          409,
        )
      if (error instanceof OAuthRefusal) {
        request.log.warn({ err: error.cause ?? error }, `a ${oauth.title} login was refused`)
        return refuse(error.message, error.status)
      }
      request.log.error({ err: error }, `a ${oauth.title} login could not be finished`)
      return refuse(`The ${oauth.title} login could not be finished here; try again in a moment`, 500)
    }
    return resultPage(reply, {
      title: 'Logged in',
      text: `You logged in with ${oauth.title}. This window closes by itself; if it stays, close it and go back to the app.`,
      message: { protocol: 'latch-frame', type: 'social', login: login.id, proof },
    })
  }

  const callbackSchema = {
    summary: 'Where the provider sends the popup back: a page that hands the outcome to the wallet’s frame',
    tags: ['auth'],
    params: z.object({ provider }),
  }
  app.get(
    '/v1/auth/social/:provider/callback',
    { schema: { ...callbackSchema, querystring: callbackQuery } },
    async (request, reply) => callback(request, reply, request.params.provider, request.query),
  )
  // Apple answers with a form post (response_mode=form_post) when it is asked for the e-mail.
  app.post(
    '/v1/auth/social/:provider/callback',
    { config: { form: true }, schema: { ...callbackSchema, body: callbackQuery } },
    async (request, reply) => callback(request, reply, request.params.provider, request.body),
  )

  app.post(
    '/v1/auth/social/:id/complete',
    {
      config: { limit: 'write' },
      schema: {
        summary: 'Exchange the proof the login’s page handed the frame (and the device secret) for a session',
        tags: ['auth'],
        params: loginId,
        body: z.object({ device, proof }),
        response: { 200: z.object({ token: z.string(), user }), 400: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const createdAt = now()
      const { token, session: made } = newSession(createdAt, options.sessionMs)
      const account = await storage.social.completeLogin(
        request.params.id,
        {
          proofHash: sha256Hex(request.body.proof),
          deviceHash: sha256Hex(request.body.device),
          now: createdAt,
        },
        made,
      )
      if (account === 'refused')
        return reply.code(409).send({
          error: 'This login cannot be completed: it has ended, was used, or was started on another device',
        })
      const session = await storage.auth.session(sha256Hex(token), createdAt)
      return { token, user: userOf(account, session?.social ?? null) }
    },
  )
}
