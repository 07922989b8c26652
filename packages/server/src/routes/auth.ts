// The embedded wallet's e-mail login, in parts (routes/auth/): the login and the device link (login.ts), the session
// and the key's shares (keys.ts), the e-mail change (emailChange.ts), on the shared parts context.ts makes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Mailer } from '../auth/mail.ts'
import { type AuthSecrets, codeKey } from '../auth/secrets.ts'
import type { Storage } from '../storage/types.ts'
import { createAuthContext } from './auth/context.ts'
import { emailChangeRoutes } from './auth/emailChange.ts'
import { keyRoutes } from './auth/keys.ts'
import { loginRoutes } from './auth/login.ts'
import { DAY_MS, type LoginBudgets, loginBudgets, PURGE_INTERVAL_MS, SESSION_MS } from './auth/rules.ts'

export {
  CODE_TTL_MS,
  DEVICE_LINK_TTL_MS,
  GUESSES_PER_DAY,
  type LoginBudgets,
  loginBudgets,
  MAX_ATTEMPTS,
  MAX_CHALLENGES_PER_ADDRESS,
  MAX_CHALLENGES_PER_HOUR,
  MAX_SENDS,
  RESEND_MS,
  SESSION_MS,
} from './auth/rules.ts'

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

/**
 * The embedded wallet's e-mail login, served on the frame's own origin (no CORS: only the frame calls it). A login
 * mails a 6-digit code (stored as an HMAC; 10 minutes, 5 attempts, a new one after 30 s); on a device the account
 * has not used, a link mailed first must approve it. A verified code starts a frame session, whose bearer stores
 * the key's two server-held shares once (sealed under the KEKs) and fetches them back.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { storage, secrets } = options
  const now = options.now ?? (() => new Date())
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

  const context = createAuthContext({
    storage,
    mailer: options.mailer,
    secrets,
    hmacKey: codeKey(secrets),
    now,
    sessionMs: options.sessionMs ?? SESSION_MS,
    budgets: { ...loginBudgets, ...options.budgets },
    baseUrl: options.baseUrl,
  })
  loginRoutes(app, context)
  keyRoutes(app, context)
  emailChangeRoutes(app, context)
}
