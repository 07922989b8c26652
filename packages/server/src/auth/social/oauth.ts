// The server as the OAuth client of one social provider, on openid-client: the authorization URL (code flow, PKCE
// S256, state, and a nonce for OpenID providers), then, from the callback, the code exchanged and the answer checked
// (state, the issuer's `iss`, the ID token's signature, issuer, audience and nonce), and who logged in read from the ID
// token or, for OAuth 2 only providers, from the provider's own user endpoints.
import * as client from 'openid-client'
import { z } from 'zod'
import type { SocialIdentity } from '../../storage/social.ts'
import { endpointsOf, type ProviderShape, type SocialProviderSetup } from './providers.ts'

/** What the callback needs again: kept with the login, never sent to the browser but `state`. */
export interface AuthorizationRequest {
  url: string
  state: string
  nonce: string
  codeVerifier: string
}

export interface OAuthClient {
  readonly setup: SocialProviderSetup
  readonly title: string
  /** The provider's authorization URL for a new login, and what its callback is checked against. */
  authorize(): Promise<AuthorizationRequest>
  /**
   * The identity the callback `url` (with its code and state) proves, once every check passed; throws an
   * `OAuthRefusal` naming what failed otherwise.
   */
  finish(url: URL, login: Omit<AuthorizationRequest, 'url'>): Promise<SocialIdentity>
}

/**
 * A refusal of the provider's answer, in words a visitor may read (the cause keeps the library's): `status` 400 for an
 * answer that fails a check or the visitor's own decline, 502 when the provider could not be reached or answered
 * with an error of its own.
 */
export class OAuthRefusal extends Error {
  override name = 'OAuthRefusal'
  constructor(
    message: string,
    readonly status: 400 | 502,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

export interface OAuthClientOptions {
  /** This server's callback for the provider (read when a login starts: the server's URL is known once it listens). */
  redirectUri: () => string
  /** How long one request to the provider may take (default 10 s). */
  timeoutMs?: number
  /** The HTTP client (tests put a hostile provider in the middle). */
  fetch?: typeof fetch
}

const lower = (email: string | null | undefined) => (email ? email.trim().toLowerCase() : null)

const oidcClaims = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(254).optional(),
  // Apple writes it as a string.
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  preferred_username: z.string().max(100).optional(),
  name: z.string().max(200).optional(),
})

const id = z.union([z.string().min(1).max(64), z.number().int().nonnegative()]).transform(String)
const discordUser = z.object({
  id,
  username: z.string().max(100),
  email: z.string().max(254).nullish(),
  verified: z.boolean().optional(),
})
const githubUser = z.object({ id, login: z.string().max(100) })
const githubEmails = z.array(
  z.object({ email: z.string().max(254), primary: z.boolean(), verified: z.boolean() }),
)
const xUser = z.object({ data: z.object({ id, username: z.string().max(100) }) })
const facebookUser = z.object({
  id,
  name: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
})

/** The identity in an OAuth 2 only provider's answers: its user endpoint (and GitHub's e-mails). */
async function userOf(
  name: SocialProviderSetup['provider'],
  read: (path: string) => Promise<unknown>,
  oauth: NonNullable<ProviderShape['oauth']>,
): Promise<Omit<SocialIdentity, 'provider'>> {
  const body = await read(oauth.user)
  switch (name) {
    case 'discord': {
      const user = discordUser.parse(body)
      return {
        subject: user.id,
        email: lower(user.email),
        emailVerified: user.verified === true && Boolean(user.email),
        username: user.username,
      }
    }
    case 'github': {
      const user = githubUser.parse(body)
      const emails = githubEmails.parse(await read(oauth.emails ?? '/user/emails'))
      const primary = emails.find((entry) => entry.primary) ?? emails[0]
      return {
        subject: user.id,
        email: lower(primary?.email),
        emailVerified: primary?.verified === true,
        username: user.login,
      }
    }
    case 'x': {
      const { data } = xUser.parse(body)
      return { subject: data.id, email: null, emailVerified: false, username: data.username }
    }
    default: {
      // Facebook says nothing of whether the address was confirmed: it never links to another account.
      const user = facebookUser.parse(body)
      return { subject: user.id, email: lower(user.email), emailVerified: false, username: user.name ?? null }
    }
  }
}

/**
 * The OAuth client of `setup`'s provider. An OpenID provider's endpoints are discovered on first use (again after a
 * failure); an http URL (a local stand-in) is allowed, and only then.
 *
 * @example
 * const google = createOAuthClient({ provider: 'google', clientId, clientSecret }, { redirectUri })
 * const { url, ...login } = await google.authorize()
 * // … the visitor logs in; the callback:
 * const identity = await google.finish(new URL(callbackUrl), login)
 */
export function createOAuthClient(setup: SocialProviderSetup, options: OAuthClientOptions): OAuthClient {
  const shape = endpointsOf(setup)
  const timeout = Math.ceil((options.timeoutMs ?? 10_000) / 1000)
  const insecure = (url: string) => url.startsWith('http://')
  const tune = (config: client.Configuration) => {
    config.timeout = timeout
    if (options.fetch) config[client.customFetch] = options.fetch as client.CustomFetch
    return config
  }

  let configuration: Promise<client.Configuration> | undefined
  function configure(): Promise<client.Configuration> {
    configuration ??= (async () => {
      if (shape.issuer) {
        return tune(
          await client.discovery(new URL(shape.issuer), setup.clientId, setup.clientSecret, undefined, {
            timeout,
            ...(insecure(shape.issuer) ? { execute: [client.allowInsecureRequests] } : {}),
            ...(options.fetch ? { [client.customFetch]: options.fetch as client.CustomFetch } : {}),
          }),
        )
      }
      const oauth = shape.oauth as NonNullable<ProviderShape['oauth']>
      const config = new client.Configuration(
        {
          issuer: oauth.issuer,
          authorization_endpoint: oauth.authorization,
          token_endpoint: oauth.token,
        },
        setup.clientId,
        setup.clientSecret,
      )
      if (insecure(oauth.token)) client.allowInsecureRequests(config)
      return tune(config)
    })()
    configuration.catch(() => {
      configuration = undefined
    })
    return configuration
  }

  return {
    setup,
    title: shape.title,
    async authorize() {
      const config = await configure()
      const codeVerifier = client.randomPKCECodeVerifier()
      const state = client.randomState()
      const nonce = client.randomNonce()
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri(),
        scope: shape.scope,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        ...(shape.issuer ? { nonce } : {}),
        ...(shape.formPost ? { response_mode: 'form_post' } : {}),
      })
      return { url: url.href, state, nonce, codeVerifier }
    },
    async finish(url, login) {
      const config = await configure()
      let tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers
      try {
        tokens = await client.authorizationCodeGrant(config, url, {
          pkceCodeVerifier: login.codeVerifier,
          expectedState: login.state,
          ...(shape.issuer ? { expectedNonce: login.nonce, idTokenExpected: true } : {}),
        })
      } catch (error) {
        throw new OAuthRefusal(refusalOf(error, shape.title), statusOf(error), { cause: error })
      }
      if (shape.issuer) {
        const parsed = oidcClaims.safeParse(tokens.claims())
        if (!parsed.success)
          throw new OAuthRefusal(`${shape.title}’s ID token does not say who logged in`, 502)
        const claims = parsed.data
        const email = lower(claims.email)
        return {
          provider: setup.provider,
          subject: claims.sub,
          email,
          emailVerified:
            Boolean(email) && (claims.email_verified === true || claims.email_verified === 'true'),
          // Google and Apple give no handle: the account's line shows the e-mail then.
          username: claims.preferred_username ?? (email ? null : (claims.name ?? null)),
        }
      }
      const oauth = shape.oauth as NonNullable<ProviderShape['oauth']>
      const read = async (path: string) => {
        let response: Response
        try {
          response = await client.fetchProtectedResource(
            config,
            tokens.access_token,
            new URL(`${oauth.api}${path}`),
            'GET',
          )
        } catch (error) {
          throw new OAuthRefusal(`${shape.title} did not say who logged in`, 502, { cause: error })
        }
        if (!response.ok)
          throw new OAuthRefusal(`${shape.title} did not say who logged in (HTTP ${response.status})`, 502)
        return response.json().catch(() => undefined)
      }
      try {
        return { provider: setup.provider, ...(await userOf(setup.provider, read, oauth)) }
      } catch (error) {
        if (error instanceof OAuthRefusal) throw error
        throw new OAuthRefusal(`${shape.title}’s answer about the user is not one we know`, 502, {
          cause: error,
        })
      }
    },
  }
}

/**
 * 400 for what the answer itself got wrong (the visitor declined, a check failed, the code was refused as invalid);
 * 502 when the provider did not answer, or answered with an error of its own.
 */
function statusOf(error: unknown): 400 | 502 {
  if (error instanceof client.AuthorizationResponseError) return 400
  if (error instanceof client.ResponseBodyError) return error.status >= 500 ? 502 : 400
  return error instanceof client.ClientError && error.code !== 'OAUTH_TIMEOUT' ? 400 : 502
}

/** What went wrong at the provider's answer, for the visitor: the visitor's own refusal, or a check that failed. */
function refusalOf(error: unknown, title: string): string {
  if (error instanceof client.AuthorizationResponseError) {
    if (error.error === 'access_denied') return `You declined the login at ${title}`
    return `${title} refused the login (${error.error})`
  }
  if (error instanceof client.ResponseBodyError) return `${title} refused the login code (${error.error})`
  // openid-client's own words are general ("invalid response encountered"); the check that failed is its cause's.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  return `${title}’s answer did not pass the checks: ${cause instanceof Error ? cause.message : 'unknown error'}`
}
