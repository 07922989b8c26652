// Social logins over the real parts: the devnet's local issuers (oidc-provider, one OpenID provider and the OAuth 2
// only shapes of Discord, GitHub and X), openid-client in the server, PGlite, and the frame origin's app as the
// frame and the popup call it. A test user logs in at the issuer's login form as a browser would.
import { randomBytes, randomUUID } from 'node:crypto'
import {
  type LocalIssuerName,
  logInAtLocalIssuer,
  type OidcIssuers,
  startOidcIssuers,
  testUserOf,
} from '@latch/devnet'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { memoryStorage } from '../../test/support/memoryStorage.ts'
import type { LatchApp } from '../app.ts'
import { generateAuthSecrets } from '../auth/secrets.ts'
import type { SocialProviderName } from '../auth/social/providers.ts'
import { createFrameApp } from '../frameApp.ts'
import type { Storage } from '../storage/types.ts'
import { sha256Hex } from '../tokens.ts'

const FRAME = 'http://127.0.0.1:8789'
const CALLBACKS = `${FRAME}/v1/auth/social/`
const local: LocalIssuerName[] = ['google', 'apple', 'discord', 'github', 'x']
let issuers: OidcIssuers
let storage: Storage
let app: LatchApp
/** The server's HTTP client to the providers; a test may put itself in the middle. */
let intercept: ((url: string, response: Response) => Promise<Response>) | undefined

beforeAll(async () => {
  issuers = await startOidcIssuers({
    port: 0,
    issuers: local,
    client: (name) => ({
      clientId: `latch-${name}`,
      clientSecret: `latch-${name}-secret`,
      redirectUris: [`${CALLBACKS}${name}/callback`],
    }),
  })
  storage = await memoryStorage()
  app = await createFrameApp({
    storage,
    secrets: generateAuthSecrets(),
    publicUrl: () => FRAME,
    social: local.map((name) => ({
      provider: name,
      clientId: `latch-${name}`,
      clientSecret: `latch-${name}-secret`,
      url: issuers.issuer(name),
    })),
    socialFetch: async (input, init) => {
      const response = await fetch(input, init)
      const url = input instanceof Request ? input.url : String(input)
      return intercept ? intercept(url, response) : response
    },
    rateLimits: false,
  })
})
afterAll(async () => {
  await app?.close()
  await storage?.close()
  await issuers?.close()
})

let unique = 0
const newDevice = () => randomBytes(32).toString('base64url')

/** An account made by an e-mail login with its code on `device` (as routes/auth.ts completes one). */
async function emailAccount(email: string, device: string) {
  const now = new Date()
  const id = randomUUID()
  const budget = {
    since: now,
    perRequester: 10,
    perAddress: 100,
    requesterMails: 100,
    addressMails: 100,
    mails: 100,
  }
  await storage.auth.createChallenge(
    {
      id,
      kind: 'login',
      email,
      newEmail: null,
      accountId: null,
      deviceHash: sha256Hex(device),
      requester: '127.0.0.1',
      trusted: false,
      state: 'code',
      codeHmac: null,
      newCodeHmac: null,
      sentAt: null,
      expiresAt: new Date(now.getTime() + 600_000),
      createdAt: now,
    },
    budget,
  )
  const expiresAt = new Date(now.getTime() + 600_000)
  await storage.auth.codeSent(
    id,
    { codeHmac: 'h', sentAt: now, expiresAt },
    { from: 'code', resendAfter: now, maxSends: 5 },
  )
  const account = await storage.auth.completeLogin(id, {
    codeHmac: 'h',
    email,
    expectedAccountId: null,
    newAccountId: randomUUID(),
    deviceHash: sha256Hex(device),
    session: { tokenHash: randomUUID(), createdAt: now, expiresAt, recoveryUntil: expiresAt },
  })
  if (typeof account === 'string') throw new Error(account)
  return account
}
const newLogin = (prefix = 'user') => `${prefix}${++unique}-${Date.now() % 100_000}`

async function start(provider: SocialProviderName, device: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/auth/social/start',
    payload: { provider, device },
  })
  expect(response.statusCode).toBe(200)
  return response.json() as { login: string; url: string }
}

/** The callback's page as the popup gets it, and the outcome its script would post to the frame. */
async function callback(url: URL) {
  const response = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
  const meta = /<meta name="latch-social" content="([^"]+)"/.exec(response.body)?.[1]
  const message = meta
    ? (JSON.parse(meta.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))) as {
        login: string
        proof?: string
        error?: string
      })
    : undefined
  return { response, message }
}

async function complete(login: string, device: string, proof: string) {
  return app.inject({ method: 'POST', url: `/v1/auth/social/${login}/complete`, payload: { device, proof } })
}

/** A whole login of `user` with `provider` on `device`: the session and the user the frame gets. */
async function logIn(provider: SocialProviderName, user: string, device = newDevice()) {
  const started = await start(provider, device)
  const { response, message } = await callback(await logInAtLocalIssuer(started.url, user, CALLBACKS))
  expect(response.statusCode).toBe(200)
  expect(message?.login).toBe(started.login)
  const completed = await complete(started.login, device, message?.proof ?? '')
  expect(completed.statusCode).toBe(200)
  return completed.json() as {
    token: string
    user: { id: string; email: string | null; socialProvider: string; username: string | null }
  }
}

describe('a social login', () => {
  test('Google (OpenID): the account of the verified e-mail, the same on a second device', async () => {
    const login = newLogin('alice')
    const first = await logIn('google', login)
    expect(first.user).toMatchObject({
      email: testUserOf(login).email,
      socialProvider: 'google',
      address: null,
    })
    const device = newDevice()
    const again = await logIn('google', login, device)
    expect(again.user.id).toBe(first.user.id)
    const session = await app.inject({
      url: '/v1/auth/session',
      headers: { authorization: `Bearer ${again.token}`, 'x-latch-device': device },
    })
    expect(session.json().user).toMatchObject({ id: first.user.id, socialProvider: 'google' })
  })

  test('Discord and GitHub (OAuth 2 only) read the user from their own endpoints and link by verified e-mail', async () => {
    const login = newLogin('bob')
    const device = newDevice()
    const google = await logIn('google', login, device)
    const discord = await logIn('discord', login, device)
    const github = await logIn('github', login, device)
    expect(discord.user).toMatchObject({ id: google.user.id, socialProvider: 'discord', username: login })
    expect(github.user).toMatchObject({ id: google.user.id, socialProvider: 'github', username: login })
  })

  test('Apple (OpenID, its answer a form post): the account of the verified e-mail', async () => {
    const login = newLogin('carol')
    const device = newDevice()
    const google = await logIn('google', login, device)
    const started = await start('apple', device)
    expect(new URL(started.url).searchParams.get('response_mode')).toBe('form_post')
    const answer = await logInAtLocalIssuer(started.url, login, CALLBACKS)
    const page = await app.inject({
      method: 'POST',
      url: answer.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: answer.searchParams.toString(),
    })
    expect(page.statusCode).toBe(200)
    const proof = /&#34;proof&#34;:&#34;([A-Za-z0-9_-]{43})&#34;/.exec(page.body)?.[1] ?? ''
    const completed = await complete(started.login, device, proof)
    expect(completed.json().user).toMatchObject({ id: google.user.id, socialProvider: 'apple' })
  })

  test('an identity without a verified e-mail gets an account of its own, and keeps it', async () => {
    const x = await logIn('x', newLogin())
    expect(x.user.email).toBeNull()
    // An account holds the e-mail the GitHub user gives unverified: that login does not join it.
    const unverified = newLogin('unverified')
    const owner = await storage.social.accountOf(
      {
        provider: 'google',
        subject: `s-${unverified}`,
        email: testUserOf(unverified).email ?? '',
        emailVerified: true,
        username: null,
      },
      crypto.randomUUID(),
      new Date(),
      'a-device',
    )
    const github = await logIn('github', unverified)
    expect(github.user.email).toBeNull()
    expect(github.user.id).not.toBe(owner.id)
    expect((await logIn('github', unverified)).user.id).toBe(github.user.id)
  })

  test('a verified e-mail’s account is joined only on a device it approved: its e-mail code first (issue 41)', async () => {
    const login = newLogin('dora')
    const email = testUserOf(login).email ?? ''
    const mine = newDevice()
    const account = await emailAccount(email, mine)
    // A stranger's device: Google vouches for the e-mail, yet the account never approved that device.
    const stranger = newDevice()
    const started = await start('google', stranger)
    const { response, message } = await callback(await logInAtLocalIssuer(started.url, login, CALLBACKS))
    expect(response.statusCode).toBe(409)
    const refusal =
      "Your Google e-mail has an account here, which has not approved this device: log in with that e-mail's code on this device first, then Google joins it"
    expect(message).toEqual({ protocol: 'latch-frame', type: 'social', login: started.login, error: refusal })
    expect(response.body).toContain('Login failed')
    expect((await complete(started.login, stranger, 'x'.repeat(43))).statusCode).toBe(409)
    // Nothing was linked: the identity is not the account's, no device was approved.
    expect(await storage.auth.deviceConfirmed(account.id, sha256Hex(stranger))).toBe(false)
    // On the device the account's code approved, Google joins the account; from then on it is the account's.
    expect((await logIn('google', login, mine)).user).toMatchObject({
      id: account.id,
      email,
      socialProvider: 'google',
    })
    expect((await logIn('google', login)).user.id).toBe(account.id)
  })

  test('a provider the server has no client for is not offered', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/auth/social/start',
      payload: { provider: 'facebook', device: newDevice() },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json().error).toBe('Facebook login is not configured on this server')
  })
})

describe('refused', () => {
  test('a forged state: no login, no outcome for any frame', async () => {
    const { response, message } = await callback(new URL(`${CALLBACKS}google/callback?state=forged&code=abc`))
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('Login not recognised')
    expect(message).toBeUndefined()
  })

  test('a replayed code: the callback takes its login once', async () => {
    const device = newDevice()
    const started = await start('google', device)
    const url = await logInAtLocalIssuer(started.url, newLogin(), CALLBACKS)
    expect((await callback(url)).response.statusCode).toBe(200)
    const replayed = await callback(url)
    expect(replayed.response.statusCode).toBe(409)
    expect(replayed.message).toBeUndefined()
  })

  test('a code for another login (its PKCE verifier and nonce are not this one’s)', async () => {
    const device = newDevice()
    const mine = await start('google', device)
    const theirs = await start('google', device)
    const theirCallback = await logInAtLocalIssuer(theirs.url, newLogin(), CALLBACKS)
    const swapped = new URL(theirCallback)
    swapped.searchParams.set('state', new URL(mine.url).searchParams.get('state') ?? '')
    const { response, message } = await callback(swapped)
    expect(response.statusCode).toBe(400)
    expect(message).toMatchObject({ login: mine.login, error: expect.stringContaining('invalid_grant') })
    expect(message?.proof).toBeUndefined()
  })

  test('a wrong nonce in the ID token', async () => {
    const device = newDevice()
    const started = await start('google', device)
    const tampered = new URL(started.url)
    tampered.searchParams.set('nonce', 'not-the-login-nonce')
    const { response, message } = await callback(
      await logInAtLocalIssuer(tampered.href, newLogin(), CALLBACKS),
    )
    expect(response.statusCode).toBe(400)
    expect(message?.error).toMatch(/nonce/)
  })

  test('an answer naming another issuer (RFC 9207 iss), and an ID token another issuer signed', async () => {
    const device = newDevice()
    const first = await start('google', device)
    const url = await logInAtLocalIssuer(first.url, newLogin(), CALLBACKS)
    url.searchParams.set('iss', issuers.issuer('discord'))
    expect((await callback(url)).message?.error).toMatch(/iss/)

    // Discord's issuer, asked as an OpenID provider, signs an ID token for its own client: the server's token request
    // to Google is answered with it (a provider in the middle).
    const foreign = await foreignIdToken()
    intercept = async (target, response) => {
      if (!target.startsWith(`${issuers.issuer('google')}/token`)) return response
      const body = await response.json()
      return Response.json({ ...body, id_token: foreign }, { status: response.status })
    }
    try {
      const second = await start('google', device)
      const { response, message } = await callback(
        await logInAtLocalIssuer(second.url, newLogin(), CALLBACKS),
      )
      expect(response.statusCode).toBe(400)
      expect(message?.error).toMatch(/iss|aud|signature/)
    } finally {
      intercept = undefined
    }
  })

  test('the visitor declining at the provider is said in words, and reaches the frame', async () => {
    const started = await start('google', newDevice())
    const state = new URL(started.url).searchParams.get('state')
    const { response, message } = await callback(
      new URL(
        `${CALLBACKS}google/callback?state=${state}&error=access_denied&iss=${encodeURIComponent(issuers.issuer('google'))}`,
      ),
    )
    expect(response.statusCode).toBe(400)
    expect(message?.error).toBe('You declined the login at Google')
  })

  test('the proof is good once, for the device that started the login, and only with its own login', async () => {
    const device = newDevice()
    const started = await start('google', device)
    const { message } = await callback(await logInAtLocalIssuer(started.url, newLogin(), CALLBACKS))
    const proof = message?.proof ?? ''
    expect((await complete(started.login, newDevice(), proof)).statusCode).toBe(409)
    expect((await complete(started.login, device, randomBytes(32).toString('base64url'))).statusCode).toBe(
      409,
    )
    expect((await complete(started.login, device, proof)).statusCode).toBe(200)
    expect((await complete(started.login, device, proof)).statusCode).toBe(409)
  })
})

/** An ID token Discord's local issuer signs (its own login, its own client, the openid scope). */
async function foreignIdToken(): Promise<string> {
  const issuer = issuers.issuer('discord')
  const verifier = randomBytes(32).toString('base64url')
  const { createHash } = await import('node:crypto')
  const authorization = new URL(`${issuer}/auth`)
  authorization.search = new URLSearchParams({
    client_id: 'latch-discord',
    redirect_uri: `${CALLBACKS}discord/callback`,
    response_type: 'code',
    scope: 'openid email',
    state: 'state',
    nonce: 'nonce',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString()
  const code =
    (await logInAtLocalIssuer(authorization.href, newLogin(), CALLBACKS)).searchParams.get('code') ?? ''
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('latch-discord:latch-discord-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${CALLBACKS}discord/callback`,
      code_verifier: verifier,
    }).toString(),
  })
  const body = (await response.json()) as { id_token?: string }
  if (!body.id_token) throw new Error(`Discord's issuer gave no ID token: ${JSON.stringify(body)}`)
  return body.id_token
}
