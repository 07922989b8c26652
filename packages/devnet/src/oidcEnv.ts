// The Latch server's configuration for the local issuers: one client per issuer, by convention `latch-<name>` with
// the secret `latch-<name>-secret` (development only), its callbacks on the frame's origin. No import of
// oidc-provider here: `npm start` reads it before the issuers start.
import type { LocalOidcClient } from './oidcIssuers.ts'
import { type LocalIssuerName, localIssuerNames } from './oidcUsers.ts'
import { localTelegramBotToken } from './telegramLogin.ts'

export { localIssuerNames } from './oidcUsers.ts'

/** The Latch server's client at the local issuer `name`, its callback on `frameUrl`. */
export const localIssuerClient = (name: LocalIssuerName, frameUrl: string): LocalOidcClient => ({
  clientId: `latch-${name}`,
  clientSecret: `latch-${name}-secret`,
  redirectUris: [`${frameUrl.replace(/\/+$/, '')}/v1/auth/social/${name}/callback`],
})

/**
 * The server's environment for the issuers at `issuersUrl`: `LATCH_OAUTH_<NAME>_CLIENT_ID`, `_CLIENT_SECRET` and
 * `_URL` for each, and Telegram's stand-in (`TELEGRAM_BOT_TOKEN`, `LATCH_TELEGRAM_URL`).
 *
 * @example
 * localSocialEnv('http://127.0.0.1:8790').LATCH_OAUTH_GOOGLE_URL // 'http://127.0.0.1:8790/google'
 */
export function localSocialEnv(issuersUrl: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of localIssuerNames) {
    const prefix = `LATCH_OAUTH_${name.toUpperCase()}`
    env[`${prefix}_CLIENT_ID`] = `latch-${name}`
    env[`${prefix}_CLIENT_SECRET`] = `latch-${name}-secret`
    env[`${prefix}_URL`] = `${issuersUrl.replace(/\/+$/, '')}/${name}`
  }
  // Telegram's login page's stand-in, with the devnet's test bot.
  env.TELEGRAM_BOT_TOKEN = localTelegramBotToken
  env.LATCH_TELEGRAM_URL = `${issuersUrl.replace(/\/+$/, '')}/telegram`
  return env
}
