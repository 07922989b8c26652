import { createHash, createPublicKey, type JsonWebKey, randomBytes, verify } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type LocalIssuerName, type OidcIssuers, startOidcIssuers, testUserOf } from './oidcIssuers.ts'
import { cookieJar } from './oidcLogin.ts'

const redirectUri = 'http://127.0.0.1:9/callback'
const clientOf = (name: LocalIssuerName) => ({
  clientId: `latch-${name}`,
  clientSecret: `latch-${name}-secret`,
  redirectUris: [redirectUri],
})

let issuers: OidcIssuers
const errors: unknown[] = []
beforeAll(async () => {
  issuers = await startOidcIssuers({ port: 0, client: clientOf, onError: (error) => errors.push(error) })
})
afterAll(async () => {
  await issuers.close()
  expect(errors).toEqual([])
})

interface Discovery {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  jwks_uri: string
  userinfo_endpoint: string
  code_challenge_methods_supported: string[]
  token_endpoint_auth_methods_supported: string[]
  scopes_supported: string[]
  id_token_signing_alg_values_supported: string[]
}

const discover = async (name: LocalIssuerName): Promise<Discovery> =>
  (await fetch(`${issuers.issuer(name)}/.well-known/openid-configuration`)).json() as Promise<Discovery>

/**
 * Logs in through the issuer's login form, as the Latch server and a browser do, to the redirect URI's code. A
 * login form is expected for each of `logins` (typed in turn), and no other page.
 */
async function logIn(
  name: LocalIssuerName,
  logins: string | string[],
  options: { scope: string; nonce?: string },
) {
  const typed = [logins].flat()
  const discovery = await discover(name)
  const browse = cookieJar()
  const verifier = randomBytes(32).toString('base64url')
  const state = randomBytes(8).toString('hex')
  const authorization = new URL(discovery.authorization_endpoint)
  authorization.search = new URLSearchParams({
    client_id: `latch-${name}`,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: options.scope,
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...(options.nonce ? { nonce: options.nonce } : {}),
  }).toString()

  let response = await browse(authorization.href)
  let forms = 0
  for (let step = 0; step < 10; step++) {
    const location = response.headers.get('location')
    if (location?.startsWith(redirectUri)) {
      const callback = new URL(location).searchParams
      expect(callback.get('state')).toBe(state)
      expect(forms).toBe(typed.length)
      const code = callback.get('code')
      if (!code) throw new Error(`No code in ${location}`)
      return { discovery, code, verifier }
    }
    if (location) {
      response = await browse(new URL(location, response.url || authorization.href).href)
      continue
    }
    const page = await response.text()
    const action = /<form[^>]* action="([^"]+)"/.exec(page)?.[1]
    if (response.status !== 200 || !action) throw new Error(`Unexpected page (${response.status}): ${page}`)
    const login = typed[forms]
    if (login === undefined) throw new Error(`One form too many: ${page}`)
    forms += 1
    response = await browse(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any password' }).toString(),
    })
  }
  throw new Error('Too many redirects')
}

async function exchange(
  flow: { discovery: Discovery; code: string; verifier: string },
  name: LocalIssuerName,
  auth: 'basic' | 'post' = 'basic',
  secret = `latch-${name}-secret`,
) {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: flow.code,
    redirect_uri: redirectUri,
    code_verifier: flow.verifier,
    ...(auth === 'post' ? { client_id: `latch-${name}`, client_secret: secret } : {}),
  })
  const basic = `Basic ${Buffer.from(`latch-${name}:${secret}`).toString('base64')}`
  const response = await fetch(flow.discovery.token_endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(auth === 'basic' ? { authorization: basic } : {}),
    },
    body,
  })
  return { status: response.status, body: (await response.json()) as Record<string, string> }
}

const getJson = async (url: string, accessToken?: string) => {
  const response = await fetch(
    url,
    accessToken ? { headers: { authorization: `Bearer ${accessToken}` } } : {},
  )
  return { status: response.status, body: await response.json() }
}

const decodeJwt = (jwt: string) => {
  const [header = '', payload = ''] = jwt.split('.')
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()),
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()),
  }
}

test("google's discovery lists its endpoints under the issuer and requires S256 PKCE", async () => {
  const google = issuers.issuer('google')
  expect(google).toBe(`${issuers.url}/google`)
  expect(await discover('google')).toMatchObject({
    issuer: google,
    authorization_endpoint: `${google}/auth`,
    token_endpoint: `${google}/token`,
    jwks_uri: `${google}/jwks`,
    userinfo_endpoint: `${google}/me`,
    code_challenge_methods_supported: ['S256'],
    id_token_signing_alg_values_supported: expect.arrayContaining(['RS256']),
    token_endpoint_auth_methods_supported: expect.arrayContaining([
      'client_secret_basic',
      'client_secret_post',
    ]),
    scopes_supported: expect.arrayContaining(['openid', 'email', 'profile']),
  })
})

test('google logs a user in with only the login form and signs an ID token with their e-mail and the nonce', async () => {
  const flow = await logIn('google', 'Alice.Smith', { scope: 'openid email profile', nonce: 'n-0S6_WzA2Mj' })
  const { status, body } = await exchange(flow, 'google')
  expect(status).toBe(200)
  expect(body).toMatchObject({ token_type: 'Bearer', scope: 'openid email profile' })
  const idToken = body.id_token ?? ''
  const { header, payload } = decodeJwt(idToken)
  expect(header.alg).toBe('RS256')
  expect(payload).toMatchObject({
    iss: issuers.issuer('google'),
    aud: 'latch-google',
    nonce: 'n-0S6_WzA2Mj',
    sub: testUserOf('alice.smith').subjects.google,
    email: 'alice.smith@latch.test',
    email_verified: true,
    name: 'Alice Smith',
  })
  expect(payload.sub).toMatch(/^\d{21}$/)

  const { keys } = (await (await fetch(flow.discovery.jwks_uri)).json()) as {
    keys: (JsonWebKey & { kid: string })[]
  }
  const key = createPublicKey({ key: keys.find((jwk) => jwk.kid === header.kid) ?? {}, format: 'jwk' })
  const [signedHeader, signedPayload, signature = ''] = idToken.split('.')
  const signed = Buffer.from(`${signedHeader}.${signedPayload}`)
  expect(verify('RSA-SHA256', signed, key, Buffer.from(signature, 'base64url'))).toBe(true)

  expect((await getJson(flow.discovery.userinfo_endpoint, body.access_token)).body).toMatchObject({
    email: 'alice.smith@latch.test',
  })
})

test('github answers its own user endpoints to the access token of a plain OAuth 2 login, and 401 to others', async () => {
  const flow = await logIn('github', 'alice.smith', { scope: 'read:user user:email' })
  const { status, body } = await exchange(flow, 'github')
  expect(status).toBe(200)
  expect(body.id_token).toBeUndefined()
  expect(body.scope).toBe('read:user user:email')
  const github = issuers.issuer('github')
  expect(await getJson(`${github}/user`, body.access_token)).toEqual({
    status: 200,
    body: {
      id: Number(testUserOf('alice.smith').subjects.github),
      login: 'alice.smith',
      name: 'Alice Smith',
      email: null,
    },
  })
  expect(await getJson(`${github}/user/emails`, body.access_token)).toEqual({
    status: 200,
    body: [{ email: 'alice.smith@latch.test', primary: true, verified: true, visibility: 'private' }],
  })
  expect((await getJson(`${github}/user`)).status).toBe(401)
  expect((await getJson(`${github}/user/emails`, 'not-a-token')).status).toBe(401)
  // A token is good only on the issuer that issued it.
  expect((await getJson(`${issuers.issuer('discord')}/api/users/@me`, body.access_token)).status).toBe(401)
})

test('discord takes the client secret in the body and answers /api/users/@me; an unverified user says so', async () => {
  const flow = await logIn('discord', 'unverified-carol', { scope: 'identify email' })
  const { status, body } = await exchange(flow, 'discord', 'post')
  expect(status).toBe(200)
  const me = await getJson(`${issuers.issuer('discord')}/api/users/@me`, body.access_token)
  expect(me).toEqual({
    status: 200,
    body: {
      id: testUserOf('unverified-carol').subjects.discord,
      username: 'unverified-carol',
      global_name: 'Unverified Carol',
      email: 'unverified-carol@latch.test',
      verified: false,
    },
  })
  expect(me.body.id).toMatch(/^\d{18}$/)
  expect((await getJson(`${issuers.issuer('discord')}/api/users/@me`, `${body.access_token}x`)).status).toBe(
    401,
  )
})

test('x and facebook answer their user endpoints; a user without e-mail has none anywhere', async () => {
  const x = await exchange(await logIn('x', 'noemail-dave', { scope: 'users.read tweet.read' }), 'x')
  const user = testUserOf('noemail-dave')
  expect((await getJson(`${issuers.issuer('x')}/2/users/me`, x.body.access_token)).body).toEqual({
    data: { id: user.subjects.x, name: 'Noemail Dave', username: 'noemail-dave' },
  })
  const facebook = await exchange(
    await logIn('facebook', 'noemail-dave', { scope: 'email public_profile' }),
    'facebook',
  )
  const me = `${issuers.issuer('facebook')}/me?fields=id,name,email`
  expect((await getJson(me, facebook.body.access_token)).body).toEqual({
    id: user.subjects.facebook,
    name: 'Noemail Dave',
  })
  const github = await exchange(
    await logIn('github', 'noemail-dave', { scope: 'read:user user:email' }),
    'github',
  )
  expect((await getJson(`${issuers.issuer('github')}/user/emails`, github.body.access_token)).body).toEqual(
    [],
  )
  const google = await exchange(
    await logIn('google', 'noemail-dave', { scope: 'openid email profile' }),
    'google',
  )
  const { payload } = decodeJwt(google.body.id_token ?? '')
  expect(payload).not.toHaveProperty('email')
  expect(payload).not.toHaveProperty('email_verified')
})

test('the token endpoint refuses a wrong client secret', async () => {
  const flow = await logIn('google', 'erin', { scope: 'openid email' })
  expect(await exchange(flow, 'google', 'basic', 'wrong-secret')).toMatchObject({
    status: 401,
    body: { error: 'invalid_client' },
  })
})

test('a login name that is not one shows the login form again', async () => {
  const flow = await logIn('github', ['Not a login!', 'frank'], { scope: 'read:user' })
  const { body } = await exchange(flow, 'github')
  expect((await getJson(`${issuers.issuer('github')}/user`, body.access_token)).body).toMatchObject({
    login: 'frank',
  })
})

test('a login form submitted without its interaction is refused as a bad request', async () => {
  const response = await fetch(`${issuers.issuer('google')}/interaction/expired`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'prompt=login&login=bob&password=x',
  })
  expect(response.status).toBe(400)
  expect(await response.json()).toMatchObject({ error: 'invalid_request' })
})

test('one login has a different subject on each issuer', () => {
  const { subjects } = testUserOf('alice')
  expect(new Set(Object.values(subjects)).size).toBe(6)
  expect(subjects).toEqual(testUserOf('ALICE').subjects)
  expect(subjects.github).toMatch(/^\d{9}$/)
})

test('a test user is a lower-case login with an e-mail at latch.test, unless told otherwise', () => {
  expect(testUserOf('Bob')).toMatchObject({
    login: 'bob',
    name: 'Bob',
    email: 'bob@latch.test',
    emailVerified: true,
  })
  expect(testUserOf('unverified1')).toMatchObject({ email: 'unverified1@latch.test', emailVerified: false })
  expect(testUserOf('noemail')).toMatchObject({ email: undefined, emailVerified: false })
  expect(() => testUserOf('bob smith')).toThrow('A test login is 1 to 32 of a-z 0-9 . _ - (got "bob smith")')
})
