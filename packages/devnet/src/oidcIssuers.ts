// Local OAuth 2 / OpenID Connect issuers for development and tests: one HTTP server, one oidc-provider per issuer
// mounted under `/<name>`, each shaped like the real provider the Latch server logs in with. Google is an OpenID
// provider; Discord, GitHub, X and Facebook are OAuth 2 only, so the server reads their users from the providers'
// own user endpoints, served here under the same prefix. Test users log in with any login name and any password on
// a login form of our own (oidc-provider's development form loads a web font from fonts.googleapis.com and prints
// the request's parameters): the issuers' pages load nothing from outside their origin, so they work offline.
import { generateKeyPair, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { abortInteraction, showInteraction, submitInteraction } from './oidcPages.ts'
import {
  loadOidcProvider,
  type MountedIssuer,
  type OidcAccount,
  type OidcContext,
  type OidcGrant,
  type OidcProviderModule,
  quietly,
} from './oidcProvider.ts'
import {
  type LocalIssuerName,
  type LocalTestUser,
  localIssuerNames,
  testUserOf,
  userOf,
} from './oidcUsers.ts'
import { localTelegramBotToken, serveTelegramLogin } from './telegramLogin.ts'

export { type LocalIssuerName, type LocalTestUser, testUserOf } from './oidcUsers.ts'

export interface LocalOidcClient {
  clientId: string
  clientSecret: string
  redirectUris: readonly string[]
}

export interface StartOidcIssuersOptions {
  /** Default 8790; 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /**
   * The one client each issuer knows (the Latch server). By convention its id is `latch-<name>` and its secret
   * `latch-<name>-secret`.
   */
  client: (name: LocalIssuerName) => LocalOidcClient
  /** Default all six. */
  issuers?: readonly LocalIssuerName[]
  /** Told of the issuers' server errors (which are answered with a 500 and otherwise not printed). */
  onError?: (error: unknown) => void
  /** The bot whose answers the Telegram login stand-in (under `/telegram`) signs; default the devnet's test bot. */
  telegramBotToken?: string
}

export interface OidcIssuers {
  /** `http://host:port`. */
  url: string
  /** `${url}/${name}`: the issuer identifier and the base of its endpoints. */
  issuer(name: LocalIssuerName): string
  close(): Promise<void>
}

/**
 * The scopes each provider's consent documents: the Latch server requests these, without `openid` but on Google and
 * Apple (both OpenID providers).
 */
const issuerScopes: Record<LocalIssuerName, readonly string[]> = {
  google: ['openid', 'email', 'profile'],
  apple: ['openid', 'email'],
  discord: ['identify', 'email'],
  github: ['read:user', 'user:email'],
  x: ['users.read', 'tweet.read'],
  facebook: ['email', 'public_profile'],
}

/**
 * Starts the issuers on one HTTP server.
 *
 * @example
 * const issuers = await startOidcIssuers({
 *   port: 0,
 *   client: (name) => ({
 *     clientId: `latch-${name}`,
 *     clientSecret: `latch-${name}-secret`,
 *     redirectUris: [`http://127.0.0.1:8789/v1/auth/oauth/${name}/callback`],
 *   }),
 * })
 * issuers.issuer('google') // 'http://127.0.0.1:54321/google', discovery at …/google/.well-known/openid-configuration
 * await issuers.close()
 */
export async function startOidcIssuers(options: StartOidcIssuersOptions): Promise<OidcIssuers> {
  const { Provider, errors } = await loadOidcProvider()
  const server = createServer()
  server.on('connection', (socket) =>
    socket.on('error', () => {
      // A client that went away; the server keeps serving the others.
    }),
  )
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 8790, options.host ?? '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { address, port } = server.address() as AddressInfo
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`
  const reportError = (error: unknown) => options.onError?.(error)

  let mounted: Map<string, MountedIssuer>
  try {
    const issuers = await Promise.all(
      (options.issuers ?? localIssuerNames).map((name) =>
        mountIssuer(Provider, name, `${url}/${name}`, options.client(name)),
      ),
    )
    mounted = new Map(issuers.map((issuer) => [issuer.name, issuer]))
  } catch (error) {
    server.close()
    throw error
  }
  for (const { provider } of mounted.values()) {
    provider.on('server_error', (_ctx, error) => reportError(error))
    // Koa prints an 'error' event unless someone listens.
    provider.on('error', reportError)
  }
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    route(mounted, req, res, options.telegramBotToken ?? localTelegramBotToken).catch((error: unknown) => {
      // The login form's submission after its interaction expired, say: the browser's error, not the server's.
      if (error instanceof errors.OIDCProviderError && error.expose) {
        return sendJson(res, error.statusCode, {
          error: error.error,
          error_description: error.error_description,
        })
      }
      reportError(error)
      if (res.headersSent) res.destroy()
      else sendJson(res, 500, { error: 'server_error' })
    })
  })

  return {
    url,
    issuer: (name) => `${url}/${name}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // fetch keeps connections alive; close() would wait for them to time out.
        server.closeAllConnections()
      }),
  }
}

async function route(
  mounted: Map<string, MountedIssuer>,
  req: IncomingMessage,
  res: ServerResponse,
  telegramBotToken: string,
) {
  const requestUrl = new URL(req.url ?? '/', 'http://issuer.invalid')
  const [, first = '', ...rest] = requestUrl.pathname.split('/')
  if (first === 'telegram') return serveTelegramLogin(`/${rest.join('/')}`, req, res, telegramBotToken)
  const issuer = mounted.get(first)
  if (!issuer) return sendJson(res, 404, { error: 'not_found' })
  const path = `/${rest.join('/')}`
  const interaction = /^\/interaction\/[^/]+(\/abort)?$/.exec(path)
  if (interaction && req.method === 'POST' && !interaction[1]) return submitInteraction(issuer, req, res)
  if (interaction && req.method === 'GET')
    return interaction[1] ? abortInteraction(issuer, req, res) : showInteraction(issuer, req, res)
  const userEndpoint = req.method === 'GET' ? userEndpoints[issuer.name][path] : undefined
  if (userEndpoint) {
    const user = await bearerUser(issuer, req)
    if (!user) {
      return sendJson(
        res,
        401,
        { error: 'invalid_token' },
        { 'www-authenticate': 'Bearer error="invalid_token"' },
      )
    }
    return sendJson(res, 200, userEndpoint(user, requestUrl.searchParams))
  }
  // Mounted under a path the way Express's app.use('/prefix', provider.callback()) does: oidc-provider builds
  // its endpoints' URLs from originalUrl (or baseUrl) less url.
  const prefix = `/${first}`
  const url = `/${(req.url ?? '').slice(prefix.length).replace(/^\//, '')}`
  Object.assign(req, { originalUrl: req.url, baseUrl: prefix, url })
  await issuer.handle(req, res)
}

/** The user an unexpired access token of the issuer's client stands for. */
async function bearerUser(issuer: MountedIssuer, req: IncomingMessage): Promise<LocalTestUser | undefined> {
  const [scheme, token] = (req.headers.authorization ?? '').split(' ')
  if (scheme?.toLowerCase() !== 'bearer' || !token) return undefined
  const accessToken = await issuer.provider.AccessToken.find(token)
  if (!accessToken || accessToken.isExpired || accessToken.clientId !== issuer.clientId) return undefined
  const login = issuer.logins.get(accessToken.accountId)
  return login === undefined ? undefined : userOf(login)
}

type UserEndpoint = (user: LocalTestUser, query: URLSearchParams) => unknown

/** The providers' own user endpoints, in the shape their APIs answer (the fields the Latch server reads). */
const userEndpoints: Record<LocalIssuerName, Record<string, UserEndpoint>> = {
  google: {},
  apple: {},
  discord: {
    '/api/users/@me': (user) => ({
      id: user.subjects.discord,
      username: user.login,
      global_name: user.name,
      email: user.email ?? null,
      verified: user.emailVerified,
    }),
  },
  github: {
    // GitHub's user e-mail is null unless the user made it public, and test users keep theirs private.
    '/user': (user) => ({
      id: Number(user.subjects.github),
      login: user.login,
      name: user.name,
      email: null,
    }),
    '/user/emails': (user) =>
      user.email === undefined
        ? []
        : [{ email: user.email, primary: true, verified: user.emailVerified, visibility: 'private' }],
  },
  // X's v2 API gives no e-mail.
  x: { '/2/users/me': (user) => ({ data: { id: user.subjects.x, name: user.name, username: user.login } }) },
  facebook: {
    // The Graph API answers the fields asked for (id and name by default), the e-mail only when there is one.
    '/me': (user, query) => {
      const fields = new Set((query.get('fields') ?? 'id,name').split(','))
      const known = { id: user.subjects.facebook, name: user.name, email: user.email }
      return Object.fromEntries(
        Object.entries(known).filter(([field, value]) => fields.has(field) && value !== undefined),
      )
    },
  },
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  })
  res.end(JSON.stringify(body))
}

const hour = 60 * 60

async function mountIssuer(
  Provider: OidcProviderModule['Provider'],
  name: LocalIssuerName,
  issuer: string,
  client: LocalOidcClient,
): Promise<MountedIssuer> {
  const logins = new Map<string, string>()
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 })
  const configuration = {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [...client.redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // A client registered for client_secret_basic may send its secret in the body as well (client_secret_post).
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: `${name}-1`, alg: 'RS256', use: 'sig' }] },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      // The issuers share a host, and a browser sends each of them every cookie of the host.
      names: { session: `_${name}_session`, interaction: `_${name}_interaction`, resume: `_${name}_resume` },
    },
    scopes: issuerScopes[name],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts the scopes' claims in the ID token itself, not only at the userinfo endpoint.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // Our own login page (showInteraction) instead of the development one; no logout page (nor its font).
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${issuer}/interaction/${interaction.uid}`,
    },
    // Set, as their defaults print a notice when first used.
    ttl: {
      AccessToken: hour,
      AuthorizationCode: 60,
      IdToken: hour,
      Interaction: hour,
      Session: 24 * hour,
      Grant: 24 * hour,
    },
    // The client is a server: no browser calls the issuer across origins.
    clientBasedCORS: () => false,
    renderError(ctx: { type: string; body: unknown }, out: Record<string, string>) {
      ctx.type = 'json'
      ctx.body = out
    },
    async findAccount(_ctx: unknown, accountId: string): Promise<OidcAccount | undefined> {
      const login = logins.get(accountId)
      if (login === undefined) return undefined
      const user = testUserOf(login)
      const email = user.email === undefined ? {} : { email: user.email, email_verified: user.emailVerified }
      return { accountId, claims: async () => ({ sub: accountId, name: user.name, ...email }) }
    },
    // The Latch server is first-party: every scope and claim it asks for is granted without a consent screen,
    // as the real providers do once the user has consented.
    async loadExistingGrant(ctx: OidcContext): Promise<OidcGrant> {
      const { oidc } = ctx
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.account.accountId,
      })
      grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '))
      grant.addOIDCClaims([...oidc.requestParamClaims])
      await grant.save()
      return grant
    },
  }
  const provider = quietly(() => new Provider(issuer, configuration))
  return { name, url: issuer, clientId: client.clientId, provider, handle: provider.callback(), logins }
}
