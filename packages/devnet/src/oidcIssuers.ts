// Local OAuth 2 / OpenID Connect issuers for development and tests: one HTTP server, one oidc-provider per issuer
// mounted under `/<name>`, each shaped like the real provider the Latch server logs in with. Google is an OpenID
// provider; Discord, GitHub, X and Facebook are OAuth 2 only, so the server reads their users from the providers'
// own user endpoints, served here under the same prefix. Test users log in with any login name and any password on
// a login form of our own (oidc-provider's development form loads a web font from fonts.googleapis.com and prints
// the request's parameters): the issuers' pages load nothing from outside their origin, so they work offline.
import { createHash, generateKeyPair, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { localTelegramBotToken, serveTelegramLogin } from './telegramLogin.ts'

export type LocalIssuerName = 'google' | 'apple' | 'discord' | 'github' | 'x' | 'facebook'

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

/** What a test user's claims are, on every issuer. */
export interface LocalTestUser {
  /** The login name, lower-case: also the handle (GitHub login, Discord and X username). */
  login: string
  /** The display name: `Alice Smith` for `alice.smith`. */
  name: string
  /** `<login>@latch.test`; none for a login starting with `noemail`. */
  email: string | undefined
  /** False for a login starting with `unverified` or `noemail`. */
  emailVerified: boolean
  /** The user's id on each issuer, a decimal string of the real provider's length (GitHub's is a number there). */
  subjects: Readonly<Record<LocalIssuerName, string>>
}

const allIssuers: readonly LocalIssuerName[] = ['google', 'apple', 'discord', 'github', 'x', 'facebook']

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

/** The length of the real providers' user ids, so that code storing them meets realistic values. */
const subjectDigits: Record<LocalIssuerName, number> = {
  google: 21,
  apple: 20,
  discord: 18,
  github: 9,
  x: 19,
  facebook: 17,
}

const loginPattern = /^[a-z0-9._-]{1,32}$/

/**
 * The claims the local issuers give the test user who logs in as `login`: tests compute the e-mails and ids
 * they expect with it.
 *
 * @example
 * testUserOf('Alice.Smith')
 * // { login: 'alice.smith', name: 'Alice Smith', email: 'alice.smith@latch.test', emailVerified: true, subjects: { google: '1…', … } }
 * testUserOf('noemail-bob').email // undefined
 */
export function testUserOf(login: string): LocalTestUser {
  const user = userOf(login)
  if (!user) throw new Error(`A test login is 1 to 32 of a-z 0-9 . _ - (got "${login}")`)
  return user
}

function userOf(typed: string): LocalTestUser | undefined {
  const login = typed.toLowerCase()
  if (!loginPattern.test(login)) return undefined
  const email = login.startsWith('noemail') ? undefined : `${login}@latch.test`
  const words = login.split(/[._-]/).filter((word) => word !== '')
  return {
    login,
    name: words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join(' ') || login,
    email,
    emailVerified: email !== undefined && !login.startsWith('unverified'),
    subjects: Object.fromEntries(
      allIssuers.map((name) => [name, subjectOf(name, login)]),
    ) as LocalTestUser['subjects'],
  }
}

function subjectOf(name: LocalIssuerName, login: string): string {
  const hash = BigInt(`0x${createHash('sha256').update(`${name}:${login}`).digest('hex')}`)
  const floor = 10n ** BigInt(subjectDigits[name] - 1)
  return (floor + (hash % (9n * floor))).toString()
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
      (options.issuers ?? allIssuers).map((name) =>
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

interface MountedIssuer {
  name: LocalIssuerName
  /** The issuer identifier, `http://host:port/<name>`. */
  url: string
  clientId: string
  provider: OidcProvider
  handle: (req: IncomingMessage, res: ServerResponse) => unknown
  /** The login name of each account id (the subject) that logged in. */
  logins: Map<string, string>
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

/** The issuers' names as people know them, on their pages. */
const issuerTitles: Record<LocalIssuerName, string> = {
  google: 'Google',
  apple: 'Apple',
  discord: 'Discord',
  github: 'GitHub',
  x: 'X',
  facebook: 'Facebook',
}

/**
 * The page of an interaction (`GET /<name>/interaction/<uid>`): the login form (any login name, any password), or,
 * when the client asked for it with `prompt=consent`, the consent form. Other sessions' pages are oidc-provider's
 * JSON errors.
 */
async function showInteraction(issuer: MountedIssuer, req: IncomingMessage, res: ServerResponse) {
  const { uid, prompt, params } = await issuer.provider.interactionDetails(req, res)
  const base = `${issuer.url}/interaction/${encodeURIComponent(uid)}`
  const hint = typeof params.login_hint === 'string' ? params.login_hint : undefined
  const form =
    prompt.name === 'login'
      ? `<form autocomplete="off" action="${escapeHtml(base)}" method="post">
<input type="hidden" name="prompt" value="login">
<input required type="text" name="login" aria-label="Login" placeholder="Enter any login"${hint === undefined ? ' autofocus' : ` value="${escapeHtml(hint)}"`}>
<input required type="password" name="password" aria-label="Password" placeholder="and password"${hint === undefined ? '' : ' autofocus'}>
<button type="submit">Sign-in</button>
</form>`
      : `<p>${escapeHtml(String(params.client_id))} asks for ${escapeHtml(prompt.details.missingOIDCScope?.join(', ') || 'the access you gave it before')}.</p>
<form autocomplete="off" action="${escapeHtml(base)}" method="post">
<input type="hidden" name="prompt" value="consent">
<button type="submit" autofocus>Continue</button>
</form>`
  const title = prompt.name === 'login' ? 'Sign-in' : 'Authorize'
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // Nothing but the page itself and its inline style: no font, image or script from anywhere.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'",
  })
  res.end(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – ${issuerTitles[issuer.name]} (local test issuer)</title>
<style>
body{margin:25px 8px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#202124;background:#fff}
main{box-sizing:border-box;max-width:354px;margin:0 auto;padding:0 40px 10px;background:#f7f7f7;border-radius:2px;box-shadow:0 2px 2px rgba(0,0,0,.3)}
h1{margin:0;padding:24px 0 8px;font-size:2em;font-weight:300;text-align:center}
p{margin:0 0 16px;text-align:center;color:#5f6368;font-size:14px}
input{box-sizing:border-box;width:100%;height:44px;margin-bottom:10px;padding:0 8px;border:1px solid #d9d9d9;border-top-color:silver;background:#fff;font:inherit;font-size:16px}
button{display:block;width:100%;height:36px;margin-bottom:10px;border:0;background:#1a73e8;color:#fff;font:inherit;font-size:14px;font-weight:700;cursor:pointer}
button:hover{background:#1765cc}
a{display:block;margin:4px 0 12px;color:#5f6368;font-size:12px;text-align:center;text-decoration:none}
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${issuerTitles[issuer.name]}, as a local test issuer: any login, any password.</p>
${form}
<a href="${escapeHtml(`${base}/abort`)}">Cancel</a>
</main>
</body>
</html>
`)
}

/** Cancel on an interaction's page: the client hears `access_denied`, as from a user who closes the provider's page. */
async function abortInteraction(issuer: MountedIssuer, req: IncomingMessage, res: ServerResponse) {
  await issuer.provider.interactionFinished(
    req,
    res,
    { error: 'access_denied', error_description: 'End-User aborted interaction' },
    { mergeWithLastSubmission: false },
  )
}

/**
 * An interaction's form submitted. The login form: oidc-provider's own handler would make the typed login the
 * account id, and it always answers the account id as `sub`; the account id here is the issuer's subject for the
 * login. The consent form grants what the client asked for.
 */
async function submitInteraction(issuer: MountedIssuer, req: IncomingMessage, res: ServerResponse) {
  const form = new URLSearchParams(await readBody(req))
  if (form.get('prompt') === 'consent') return submitConsent(issuer, req, res)
  const user = userOf(form.get('login') ?? '')
  if (form.get('prompt') !== 'login' || !user) {
    // Not a login name: the form again.
    res.writeHead(303, { location: req.url ?? '/' }).end()
    return
  }
  const accountId = user.subjects[issuer.name]
  issuer.logins.set(accountId, user.login)
  await issuer.provider.interactionFinished(
    req,
    res,
    { login: { accountId } },
    { mergeWithLastSubmission: false },
  )
}

async function submitConsent(issuer: MountedIssuer, req: IncomingMessage, res: ServerResponse) {
  const { provider } = issuer
  const { prompt, grantId, session, params } = await provider.interactionDetails(req, res)
  if (prompt.name !== 'consent' || !session) {
    res.writeHead(303, { location: req.url ?? '/' }).end()
    return
  }
  const grant =
    (grantId ? await provider.Grant.find(grantId) : undefined) ??
    new provider.Grant({ clientId: String(params.client_id), accountId: session.accountId })
  if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '))
  if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims)
  await provider.interactionFinished(
    req,
    res,
    { consent: { grantId: await grant.save() } },
    { mergeWithLastSubmission: true },
  )
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char)

async function readBody(req: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of req) {
    body += chunk
    if (body.length > maxFormLength) throw new Error('The login form is too large')
  }
  return body
}

/** The login form carries a login name and a password. */
const maxFormLength = 4096

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

/**
 * oidc-provider warns on the console, while constructing, that its in-memory store is for development only: what
 * these issuers are. The construction is synchronous, so no one else's warning is lost.
 */
function quietly<T>(construct: () => T): T {
  const warn = console.warn
  console.warn = () => {}
  try {
    return construct()
  } finally {
    console.warn = warn
  }
}

// The part of oidc-provider used here.
interface OidcAccount {
  accountId: string
  claims(): Promise<Record<string, unknown>>
}
interface OidcGrant {
  addOIDCScope(scope: string): void
  addOIDCClaims(claims: string[]): void
  save(): Promise<string>
}
interface OidcContext {
  oidc: {
    provider: OidcProvider
    client: { clientId: string }
    account: { accountId: string }
    requestParamOIDCScopes: Set<string>
    requestParamClaims: Set<string>
  }
}
interface OidcProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => unknown
  on(event: 'server_error', listener: (ctx: unknown, error: unknown) => void): void
  on(event: 'error', listener: (error: unknown) => void): void
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<OidcInteraction>
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result:
      | { login: { accountId: string } }
      | { consent: { grantId: string } }
      | { error: string; error_description: string },
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>
  AccessToken: {
    find(token: string): Promise<{ clientId: string; accountId: string; isExpired: boolean } | undefined>
  }
  Grant: {
    new (init: { clientId: string; accountId: string }): OidcGrant
    find(id: string): Promise<OidcGrant | undefined>
  }
}
interface OidcInteraction {
  uid: string
  prompt: {
    name: 'login' | 'consent'
    details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[] }
  }
  params: Record<string, unknown>
  session?: { accountId: string }
  grantId?: string
}
interface OidcError extends Error {
  error: string
  error_description?: string
  statusCode: number
  /** Whether the error is the request's, told to the client. */
  expose: boolean
}
interface OidcProviderModule {
  Provider: new (issuer: string, configuration: object) => OidcProvider
  errors: { OIDCProviderError: abstract new () => OidcError }
}

let oidcProvider: Promise<OidcProviderModule> | undefined

/** oidc-provider, imported on first start: importing it warns on Node 20, which other users of the package need not see. */
function loadOidcProvider(): Promise<OidcProviderModule> {
  // @ts-expect-error oidc-provider ships no types (and @types/oidc-provider is not installed): the part used is typed above.
  oidcProvider ??= import('oidc-provider')
  return oidcProvider
}
