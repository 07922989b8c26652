import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { FastifyRequest } from 'fastify'
import { type CreateAppOptions, createBaseApp, type LatchApp } from './app.ts'
import type { Mailer } from './auth/mail.ts'
import type { AuthSecrets } from './auth/secrets.ts'
import type { SocialProviderSetup } from './auth/social/providers.ts'
import type { BlockchainConfig } from './chains/types.ts'
import { authRoutes, type LoginBudgets, SESSION_MS } from './routes/auth.ts'
import { type FarcasterRoutesOptions, farcasterRoutes } from './routes/farcaster.ts'
import { type FrameChain, frameRoutes } from './routes/frame.ts'
import { healthRoutes } from './routes/health.ts'
import { socialRoutes } from './routes/social.ts'
import { telegramRoutes } from './routes/telegram.ts'
import { userOperationRoutes } from './routes/userOperations.ts'
import type { Storage } from './storage/types.ts'

export interface CreateFrameAppOptions
  extends Pick<CreateAppOptions, 'logger' | 'trustProxy' | 'allowedHosts' | 'rateLimits' | 'redis'> {
  storage: Storage
  /** The key-encryption keys of the key shares (and the codes' HMAC key). */
  secrets: AuthSecrets
  /** Mails codes and device links; without it logins are refused (503). */
  mailer?: Mailer
  /** The frame's public base URL (its own origin): device links point at it. */
  publicUrl: () => string
  /** How long a frame session lasts (default 30 days). */
  sessionMs?: number
  /** The e-mail logins' hourly mail budgets over `loginBudgets` (routes/auth.ts). */
  loginBudgets?: Partial<LoginBudgets>
  /** The social logins offered (OAuth 2 / OpenID Connect providers with their clients); default none. */
  social?: readonly SocialProviderSetup[]
  /** The HTTP client to the social providers (tests put a hostile provider in the middle). */
  socialFetch?: typeof fetch
  /** Telegram logins: the bot's token and Telegram's login page's origin; default off. */
  telegram?: { botToken: string; url: string }
  /** Sign In With Farcaster: the ID registry its answers are checked on and the relay its channels are on; default off. */
  farcaster?: Pick<FarcasterRoutesOptions, 'registry' | 'relayUrl'>
  /** The clock (tests). */
  now?: () => Date
  /** The frame's build (index.html, assets/); default the workspace's `packages/frame/dist`. */
  frameAssets?: string
  /**
   * The chains the wallet reads and sends on, straight from the visitor's browser to their `rpcUrl` (published in
   * the frame's page: public endpoints only; `startServer` gives each chain's `publicRpcUrl`). Default none: the
   * wallet then signs personal messages only.
   */
  chains?: readonly FrameChain[]
  /**
   * The chains' bundlers and paymaster (`/v1/bundler/:chainId`, `/v1/paymaster/:chainId`), served on the frame's
   * origin too, for the embedded wallet's smart account: its CSP reaches its own origin and the chains' RPCs only.
   * The policy judges the page the frame serves. Default none: the wallet's account is then its key's (an EOA).
   */
  userOperations?: BlockchainConfig
}

/**
 * The frame's build: beside this module in the published package (`dist/frame`, copied there by its build), else
 * where the workspace builds it (`packages/frame/dist`, by `npm run build` and `npm start`).
 */
export const defaultFrameAssets =
  [new URL('./frame', import.meta.url), new URL('../../frame/dist', import.meta.url)]
    .map((url) => fileURLToPath(url))
    .find((dir) => existsSync(dir)) ?? fileURLToPath(new URL('../../frame/dist', import.meta.url))

/** Form posts (the device page's button): a small urlencoded body as an object of its fields. */
const FORM_BODY_LIMIT = 2048

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes a form post (`application/x-www-form-urlencoded`): the device page's button, Apple's
     * `form_post` callback. Every other route of the frame's origin takes JSON only.
     */
    form?: boolean
  }
}

/** Whether a request's body is a form's (what any website may make its visitors' browsers post, with no preflight). */
const isFormPost = (request: FastifyRequest) =>
  request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded'

/**
 * The embedded wallet's origin: the frame's page (`routes/frame.ts`), the e-mail login API (`routes/auth.ts`), the
 * social logins (`routes/social.ts`, `routes/farcaster.ts`, `routes/telegram.ts`) and `/health`, on a listener of its own
 * so that the frame it serves is a different origin from every dapp and from the public API. It sends no CORS
 * headers: only pages of its own origin (the frame) can read its answers.
 *
 * @example
 * const frame = await createFrameApp({ storage, secrets: generateAuthSecrets(), publicUrl: () => 'http://127.0.0.1:8789' })
 */
export async function createFrameApp(options: CreateFrameAppOptions): Promise<LatchApp> {
  const { app } = await createBaseApp(options)
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )
  // A page of any site may post a form here from its visitor's browser (no preflight): only the routes made for a form
  // take one, so that no other site starts logins, mails codes or changes an account through its visitors.
  app.addHook('onRequest', async (request, reply) => {
    const { url, config } = request.routeOptions
    if (url !== undefined && isFormPost(request) && config.form !== true)
      return reply.code(415).send({ error: 'This route takes JSON (Content-Type: application/json)' })
  })
  await app.register(healthRoutes, { storage: options.storage })
  const { userOperations } = options
  await app.register(frameRoutes, {
    storage: options.storage,
    assetsDir: options.frameAssets ?? defaultFrameAssets,
    ...(options.chains
      ? {
          chains: options.chains.map((chain) => {
            const served = userOperations?.chains.find(({ chainId }) => chainId === chain.chainId)
            return {
              ...chain,
              bundler: Boolean(served?.bundlerUrl),
              paymaster: Boolean(served?.paymaster && userOperations?.sponsorship),
            }
          }),
        }
      : {}),
  })
  if (userOperations) {
    const ownOrigin = () => new URL(options.publicUrl()).origin
    await app.register(userOperationRoutes, {
      storage: options.storage,
      blockchain: userOperations,
      // The frame's own page names the page it serves (`x-latch-parent`, checked against the project's origins like
      // any Origin). No other page can send that header: it needs a preflight this origin never grants. Any other
      // request is judged by its own Origin.
      originOf(request) {
        const { origin } = request.headers
        const parent = request.headers['x-latch-parent']
        return origin === ownOrigin() && typeof parent === 'string' ? parent : origin
      },
    })
  }
  await app.register(authRoutes, {
    storage: options.storage,
    secrets: options.secrets,
    baseUrl: options.publicUrl,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.sessionMs ? { sessionMs: options.sessionMs } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.loginBudgets ? { budgets: options.loginBudgets } : {}),
  })
  await app.register(socialRoutes, {
    storage: options.storage,
    providers: options.social ?? [],
    baseUrl: options.publicUrl,
    sessionMs: options.sessionMs ?? SESSION_MS,
    ...(options.socialFetch ? { fetch: options.socialFetch } : {}),
    ...(options.now ? { now: options.now } : {}),
  })
  if (options.telegram)
    await app.register(telegramRoutes, {
      storage: options.storage,
      botToken: options.telegram.botToken,
      telegramUrl: options.telegram.url,
      baseUrl: options.publicUrl,
      ...(options.now ? { now: options.now } : {}),
    })
  if (options.farcaster)
    await app.register(farcasterRoutes, {
      ...options.farcaster,
      storage: options.storage,
      baseUrl: options.publicUrl,
      sessionMs: options.sessionMs ?? SESSION_MS,
      ...(options.now ? { now: options.now } : {}),
    })
  return app
}
