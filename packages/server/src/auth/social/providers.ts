// The social logins the server can be the OAuth client of (SPEC §1's socials but Farcaster, which is not OAuth): two
// OpenID providers, whose ID token says who logged in, and four OAuth 2 only providers, whose own user endpoints do.
// A provider is offered only when it is configured (a client id and secret from the provider's console).

export type SocialProviderName = 'google' | 'x' | 'discord' | 'github' | 'apple' | 'facebook'

export const socialProviderNames: readonly SocialProviderName[] = [
  'google',
  'x',
  'discord',
  'github',
  'apple',
  'facebook',
]

/** The provider's own user endpoints (OAuth 2 only providers), paths relative to its API's base. */
export interface UserEndpoints {
  /** Who logged in. */
  user: string
  /** GitHub's: the user's addresses and whether each is verified. */
  emails?: string
}

export interface ProviderShape {
  /** The provider's name as people know it. */
  title: string
  scope: string
  /** OpenID providers: the issuer, whose discovery document names the endpoints. */
  issuer?: string
  /** Apple answers the callback with a form post when it is asked for the e-mail (`response_mode=form_post`). */
  formPost?: boolean
  /**
   * OAuth 2 only providers: who they are (an authorization answer's `iss`, RFC 9207, when one is given, must be
   * it), where the visitor authorizes, where the code is exchanged, and the API's base.
   */
  oauth?: { issuer: string; authorization: string; token: string; api: string } & UserEndpoints
}

export const providerShapes: Record<SocialProviderName, ProviderShape> = {
  google: { title: 'Google', scope: 'openid email profile', issuer: 'https://accounts.google.com' },
  apple: { title: 'Apple', scope: 'openid email', issuer: 'https://appleid.apple.com', formPost: true },
  x: {
    title: 'X',
    scope: 'users.read tweet.read',
    oauth: {
      issuer: 'https://x.com',
      authorization: 'https://x.com/i/oauth2/authorize',
      token: 'https://api.x.com/2/oauth2/token',
      api: 'https://api.x.com',
      user: '/2/users/me',
    },
  },
  discord: {
    title: 'Discord',
    scope: 'identify email',
    oauth: {
      issuer: 'https://discord.com',
      authorization: 'https://discord.com/oauth2/authorize',
      token: 'https://discord.com/api/oauth2/token',
      api: 'https://discord.com',
      user: '/api/users/@me',
    },
  },
  github: {
    title: 'GitHub',
    scope: 'read:user user:email',
    oauth: {
      issuer: 'https://github.com',
      authorization: 'https://github.com/login/oauth/authorize',
      token: 'https://github.com/login/oauth/access_token',
      api: 'https://api.github.com',
      user: '/user',
      emails: '/user/emails',
    },
  },
  facebook: {
    title: 'Facebook',
    scope: 'email public_profile',
    oauth: {
      issuer: 'https://www.facebook.com',
      authorization: 'https://www.facebook.com/v21.0/dialog/oauth',
      token: 'https://graph.facebook.com/v21.0/oauth/access_token',
      api: 'https://graph.facebook.com',
      user: '/me?fields=id,name,email',
    },
  },
}

/** One configured provider: the client the provider's console issued, and where it runs when not at its home. */
export interface SocialProviderSetup {
  provider: SocialProviderName
  clientId: string
  clientSecret: string
  /**
   * A stand-in of the provider (the devnet's local issuers): for an OpenID provider its issuer; for an OAuth 2 only
   * provider a base whose `/auth` and `/token` are the OAuth endpoints and under which the provider's own user paths
   * answer. Default the provider's own.
   */
  url?: string
}

/** The endpoints of `setup`: the provider's own, or its stand-in's. */
export function endpointsOf(setup: SocialProviderSetup): ProviderShape {
  const shape = providerShapes[setup.provider]
  const base = setup.url?.replace(/\/+$/, '')
  if (!base) return shape
  if (shape.issuer) return { ...shape, issuer: base }
  const oauth = shape.oauth as NonNullable<ProviderShape['oauth']>
  return {
    ...shape,
    oauth: { ...oauth, issuer: base, authorization: `${base}/auth`, token: `${base}/token`, api: base },
  }
}

/**
 * The providers configured in `env`: `LATCH_OAUTH_<NAME>_CLIENT_ID` and `_CLIENT_SECRET` (both, or neither), and
 * `_URL` for a stand-in. Throws naming the variable when one is missing or malformed.
 *
 * @example
 * socialProvidersFromEnv({ LATCH_OAUTH_GOOGLE_CLIENT_ID: 'id', LATCH_OAUTH_GOOGLE_CLIENT_SECRET: 'secret' })
 * // [{ provider: 'google', clientId: 'id', clientSecret: 'secret' }]
 */
export function socialProvidersFromEnv(env: Record<string, string | undefined>): SocialProviderSetup[] {
  const setups: SocialProviderSetup[] = []
  for (const provider of socialProviderNames) {
    const prefix = `LATCH_OAUTH_${provider.toUpperCase()}`
    const clientId = env[`${prefix}_CLIENT_ID`]?.trim()
    const clientSecret = env[`${prefix}_CLIENT_SECRET`]?.trim()
    const url = env[`${prefix}_URL`]?.trim()
    if (!clientId && !clientSecret && !url) continue
    if (!clientId) throw new Error(`${prefix}_CLIENT_ID is required with ${prefix}_CLIENT_SECRET or _URL`)
    if (!clientSecret) throw new Error(`${prefix}_CLIENT_SECRET is required with ${prefix}_CLIENT_ID`)
    if (url && !/^https?:\/\/[^\s]+$/.test(url)) throw new Error(`${prefix}_URL must be an http(s) URL`)
    setups.push({ provider, clientId, clientSecret, ...(url ? { url } : {}) })
  }
  return setups
}
