import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { localIssuerNames } from './oidcEnv.ts'
import { type LocalIssuerName, type OidcIssuers, startOidcIssuers } from './oidcIssuers.ts'
import { cookieJar } from './oidcLogin.ts'
import { localTelegramBotToken } from './telegramLogin.ts'

// Every page the local issuers serve to a browser works offline: it references no http(s) URL but the issuers' own
// origin (oidc-provider's own pages @import a web font from fonts.googleapis.com), and loads nothing from anywhere
// else. The pages: the login form, the consent form (when the client asks for it), the callback Apple answers with
// (a form post to the client), the errors, and Telegram's stand-in; there is no logout page.

const redirectUri = 'http://127.0.0.1:9/callback'
let issuers: OidcIssuers
const errors: unknown[] = []
beforeAll(async () => {
  issuers = await startOidcIssuers({
    port: 0,
    client: (name) => ({
      clientId: `latch-${name}`,
      clientSecret: `latch-${name}-secret`,
      redirectUris: [redirectUri],
    }),
    onError: (error) => errors.push(error),
  })
})
afterAll(async () => {
  await issuers.close()
  expect(errors).toEqual([])
})

/**
 * The URLs in `html` whose origin is not one of `allowed` (the issuers' own, unless told): absolute http(s) URLs
 * anywhere in the text (attributes, CSS, text), and protocol-relative ones where a page names a resource.
 */
function foreignUrls(html: string, allowed: readonly string[] = [issuers.url]): string[] {
  const text = html.replaceAll('&amp;', '&').replaceAll('&#x2F;', '/').replaceAll('&#47;', '/')
  const absolute = [...text.matchAll(/https?:\/\/[^\s"'<>()\\]+/gi)].map(([url]) => url)
  const relative = [...text.matchAll(/(?:src|href|action|srcset)\s*=\s*["']?(\/\/[^\s"'<>]+)/gi)]
    .concat([...text.matchAll(/(?:url\(|@import)\s*["']?(\/\/[^\s"'<>()]+)/gi)])
    .map(([, url]) => `http:${url}`)
  return [...absolute, ...relative].filter((url) => {
    try {
      return !allowed.includes(new URL(url).origin)
    } catch {
      return true
    }
  })
}

/** What a page asks the browser to load: stylesheets, scripts, images, frames, fonts, imports (not links or forms). */
function loads(html: string): string[] {
  return [
    ...html.matchAll(
      /<(?:link|script|img|iframe|source|video|audio|embed|object)\b[^>]*\b(?:src|href|data)=[^>]*>/gi,
    ),
    ...html.matchAll(/@import[^;]*;|url\([^)]*\)|@font-face/gi),
  ].map(([found]) => found)
}

function authorizationUrl(name: LocalIssuerName, extra: Record<string, string> = {}) {
  const url = new URL(`${issuers.issuer(name)}/auth`)
  url.search = new URLSearchParams({
    client_id: `latch-${name}`,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: name === 'google' ? 'openid email profile' : 'email',
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
    code_challenge_method: 'S256',
    ...extra,
  }).toString()
  return url.href
}

type Browse = ReturnType<typeof cookieJar>

/** Follows redirects from `response` (at `at`) to the first page, or to the client's callback (not followed). */
async function follow(browse: Browse, response: Response, at: string) {
  for (let step = 0; step < 10; step++) {
    const location = response.headers.get('location')
    if (!location) return { response, at, html: await response.text() }
    at = new URL(location, at).href
    if (at.startsWith(redirectUri)) return { response, at, html: '' }
    response = await browse(at)
  }
  throw new Error('Too many redirects')
}

/** The page an authorization request shows first: the login form. */
async function loginPage(name: LocalIssuerName, extra: Record<string, string> = {}) {
  const browse = cookieJar()
  const start = authorizationUrl(name, extra)
  return { browse, ...(await follow(browse, await browse(start), start)) }
}

const formAction = (html: string) => {
  const action = /<form[^>]* action="([^"]+)"/.exec(html)?.[1]
  if (!action) throw new Error(`No form in ${html}`)
  return action.replaceAll('&amp;', '&')
}

const post = (browse: Browse, url: string, fields: Record<string, string>) =>
  browse(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })

test.each(localIssuerNames)(
  '%s: the login form references its own origin only and loads nothing',
  async (name) => {
    // A login hint and a redirect URI elsewhere are in the request: the page prints neither the one's URL nor others.
    const { response, html } = await loginPage(name, { login_hint: 'ada' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(html).toContain('placeholder="Enter any login"')
    expect(html).toContain('value="ada"')
    expect(foreignUrls(html)).toEqual([])
    expect(loads(html)).toEqual([])
    // And a browser would block anything the page tried to load anyway.
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
  },
)

test('the consent form (a client asking with prompt=consent) references its own origin only; Continue grants', async () => {
  const { browse, html: login, at } = await loginPage('google', { prompt: 'consent' })
  const action = formAction(login)
  const consent = await follow(
    browse,
    await post(browse, action, { prompt: 'login', login: 'ada', password: 'x' }),
    action,
  )
  expect(consent.response.status).toBe(200)
  expect(consent.html).toContain('<h1>Authorize</h1>')
  expect(consent.html).toContain('name="prompt" value="consent"')
  expect(foreignUrls(consent.html)).toEqual([])
  expect(loads(consent.html)).toEqual([])
  const granted = await follow(
    browse,
    await post(browse, formAction(consent.html), { prompt: 'consent' }),
    at,
  )
  expect(new URL(granted.at).searchParams.get('code')).toBeTruthy()
})

test('Cancel on the login form sends the visitor back to the client with access_denied', async () => {
  const { browse, html, at } = await loginPage('github')
  const cancel = /<a href="([^"]+)">Cancel<\/a>/.exec(html)?.[1]?.replaceAll('&amp;', '&')
  expect(cancel?.startsWith(`${issuers.issuer('github')}/interaction/`)).toBe(true)
  const back = await follow(browse, await browse(cancel!), at)
  expect(back.at.startsWith(redirectUri)).toBe(true)
  expect(new URL(back.at).searchParams.get('error')).toBe('access_denied')
})

test("Apple's form post back to the client names the client's callback only and loads nothing", async () => {
  const { browse, html: login } = await loginPage('apple', { response_mode: 'form_post' })
  const action = formAction(login)
  const callback = await follow(
    browse,
    await post(browse, action, { prompt: 'login', login: 'ada', password: 'x' }),
    action,
  )
  expect(callback.response.status).toBe(200)
  expect(formAction(callback.html)).toBe(redirectUri)
  // The callback is where the form goes, not something the page loads.
  expect(foreignUrls(callback.html, [issuers.url, new URL(redirectUri).origin])).toEqual([])
  expect(loads(callback.html)).toEqual([])
})

test.each(localIssuerNames)('%s serves no logout page', async (name) => {
  const response = await fetch(`${issuers.issuer(name)}/session/end`)
  expect(response.status).toBe(404)
  const body = await response.text()
  expect(response.headers.get('content-type')).not.toMatch(/html/)
  expect(foreignUrls(body)).toEqual([])
})

test('errors are JSON that names no other origin, not an error page', async () => {
  const google = issuers.issuer('google')
  const pages = [
    // renderError: a request the issuer cannot send back to the client.
    await fetch(
      `${google}/auth?client_id=nobody&response_type=code&redirect_uri=${encodeURIComponent(redirectUri)}`,
    ),
    await fetch(
      authorizationUrl('google').replace(
        encodeURIComponent(redirectUri),
        encodeURIComponent('http://elsewhere.invalid/cb'),
      ),
    ),
    // An interaction without its session, shown or submitted.
    await fetch(`${google}/interaction/expired`),
    await fetch(`${google}/interaction/expired/abort`),
    await fetch(`${google}/interaction/expired`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'prompt=login&login=ada&password=x',
    }),
    await fetch(`${issuers.url}/nowhere`),
  ]
  for (const response of pages) {
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(foreignUrls(await response.text())).toEqual([])
  }
})

test("Telegram's stand-in login page names only the issuers and the app that sent the visitor, and loads nothing", async () => {
  const app = 'http://127.0.0.1:9'
  const url = new URL(`${issuers.url}/telegram/auth`)
  url.search = new URLSearchParams({
    bot_id: localTelegramBotToken.split(':')[0]!,
    origin: app,
    return_to: `${app}/telegram`,
  }).toString()
  const response = await fetch(url)
  expect(response.status).toBe(200)
  const html = await response.text()
  expect(html).toContain('placeholder="Enter any login"')
  expect(foreignUrls(html, [issuers.url, app])).toEqual([])
  expect(loads(html)).toEqual([])
})
