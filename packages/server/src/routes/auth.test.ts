// The e-mail login over the real parts: nodemailer talking SMTP to the development mail catcher (smtp-server),
// PGlite, and the frame origin's app as the frame calls it.
import { randomBytes } from 'node:crypto'
import { codeOf, deviceLinkOf, type MailCatcher, startMailCatcher } from '@latch/devnet'
import { combine, split } from 'shamir-secret-sharing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { memoryStorage } from '../../test/support/memoryStorage.ts'
import type { LatchApp } from '../app.ts'
import { createMailer, type Mailer } from '../auth/mail.ts'
import { generateAuthSecrets, unseal } from '../auth/secrets.ts'
import { createFrameApp } from '../frameApp.ts'
import type { Storage } from '../storage/types.ts'
import { sha256Hex } from '../tokens.ts'

const FRAME = 'http://127.0.0.1:8789'
let catcher: MailCatcher
let storage: Storage
let app: LatchApp
let mailer: Mailer
let clock = new Date('2026-11-25T12:00:00Z')
const secrets = generateAuthSecrets()
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms)
}

beforeAll(async () => {
  catcher = await startMailCatcher({ port: 0 })
  storage = await memoryStorage()
  mailer = createMailer(catcher.url, 'Latch <login@latch.test>')
  app = await createFrameApp({
    storage,
    secrets,
    mailer,
    publicUrl: () => FRAME,
    now: () => clock,
    // Every request of a test comes from one address; the limits and budgets have tests of their own.
    rateLimits: false,
    loginBudgets: { mailsPerRequester: 100_000 },
  })
})
afterAll(async () => {
  await app.close()
  mailer.close()
  await storage.close()
  await catcher.close()
})

let unique = 0
const newEmail = () => `user${++unique}-${Date.now()}@example.com`
const newDevice = () => randomBytes(32).toString('base64url')
const share = () => randomBytes(33).toString('base64')
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The next mail to `to` (received from now on). */
const nextMail = (to: string, since = new Date(Date.now() - 50)) => catcher.waitFor(to, { since })

async function startLogin(email: string, device: string, from = '127.0.0.1', on = app) {
  const since = new Date()
  const response = await on.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email, device },
    remoteAddress: from,
  })
  return { response, body: response.json(), since }
}

async function verify(login: string, device: string, code: string) {
  return app.inject({ method: 'POST', url: `/v1/auth/login/${login}/verify`, payload: { device, code } })
}

/** The device each session token was made on (`auth` shows its secret with the token, as the frame does). */
const devices = new Map<string, string>()

/** A new user logged in on `device`: its session token and account. */
async function logIn(email: string, device: string) {
  const { response, body, since } = await startLogin(email, device)
  expect(response.statusCode).toBe(200)
  const mail = await nextMail(email, since)
  const verified = await verify(body.login, device, codeOf(mail))
  expect(verified.statusCode).toBe(200)
  const answer = verified.json() as {
    token: string
    user: { id: string; email: string; address: string | null }
  }
  devices.set(answer.token, device)
  return answer
}

/** A session's headers as its frame sends them: the bearer token and the secret of the device it was made on. */
/** A passphrase box as the frame seals it (random bytes: the server cannot open it anyway), and a proof. */
const box = () => ({
  kdf: 'pbkdf2-sha256',
  iterations: 600_000,
  salt: randomBytes(16).toString('base64'),
  iv: randomBytes(12).toString('base64'),
  ciphertext: randomBytes(49).toString('base64'),
})
const proof = () => randomBytes(32).toString('base64')

const auth = (token: string) => ({
  authorization: `Bearer ${token}`,
  'x-latch-device': devices.get(token) ?? newDevice(),
})

/** Stores the session's account key: its auth and recovery shares (random unless given). */
async function storeKey(token: string, shares: { authShare?: Uint8Array; recoveryShare?: Uint8Array } = {}) {
  const base64 = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString('base64') : share())
  const stored = await app.inject({
    method: 'PUT',
    url: '/v1/auth/keys',
    headers: auth(token),
    payload: {
      address: ADDRESS,
      authShare: base64(shares.authShare),
      recoveryShare: base64(shares.recoveryShare),
    },
  })
  expect(stored.statusCode).toBe(201)
}

const setBox = (token: string, payload: object) =>
  app.inject({ method: 'PUT', url: '/v1/auth/keys/recovery', headers: auth(token), payload })

const session = async (token: string) =>
  (await app.inject({ url: '/v1/auth/session', headers: auth(token) })).json() as { user: { id: string } }

describe('a new user', () => {
  test('gets a code by mail, logs in, stores the key shares once and fetches them back', async () => {
    const email = newEmail()
    const device = newDevice()
    const { response, body, since } = await startLogin(email.toUpperCase(), device)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(body).toEqual({
      login: expect.any(String),
      waitingFor: 'code',
      resendAt: new Date(clock.getTime() + 30_000).toISOString(),
    })
    const mail = await nextMail(email, since)
    expect(mail.to).toEqual([email])
    expect(mail.from).toBe('login@latch.test')
    expect(mail.subject).toMatch(/^\d{6} is your login code$/)
    expect(mail.text).toContain('within 10 minutes')

    const verified = await verify(body.login, device, codeOf(mail))
    expect(verified.statusCode).toBe(200)
    const { token, user, created } = verified.json()
    devices.set(token, device)
    expect(created).toBe(true)
    expect(user).toEqual({
      id: expect.any(String),
      email,
      address: null,
      socialProvider: null,
      username: null,
    })

    const session = await app.inject({ url: '/v1/auth/session', headers: auth(token) })
    expect(session.json().user).toEqual(user)
    expect((await app.inject({ url: '/v1/auth/keys/auth', headers: auth(token) })).statusCode).toBe(404)

    const authShare = share()
    const recoveryShare = share()
    const stored = await app.inject({
      method: 'PUT',
      url: '/v1/auth/keys',
      headers: auth(token),
      payload: { address: ADDRESS.toLowerCase(), authShare, recoveryShare },
    })
    expect(stored.statusCode).toBe(201)
    expect(stored.json().user.address).toBe(ADDRESS)
    const again = await app.inject({
      method: 'PUT',
      url: '/v1/auth/keys',
      headers: auth(token),
      payload: { address: ADDRESS, authShare: share(), recoveryShare: share() },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toBe('This account has a key already')

    expect((await app.inject({ url: '/v1/auth/keys/auth', headers: auth(token) })).json()).toEqual({
      authShare,
    })
    expect((await app.inject({ url: '/v1/auth/keys/recovery', headers: auth(token) })).json()).toEqual({
      recoveryShare,
      passphraseBox: null,
    })
    expect((await app.inject({ url: '/v1/auth/session', headers: auth(token) })).json().user.address).toBe(
      ADDRESS,
    )
  })

  test('the database rows alone open no share: sealed under the KEKs, bound to their account', async () => {
    const { token, user } = await logIn(newEmail(), newDevice())
    const authShare = share()
    await app.inject({
      method: 'PUT',
      url: '/v1/auth/keys',
      headers: auth(token),
      payload: { address: ADDRESS, authShare, recoveryShare: share() },
    })
    // What a copy of the database holds: the sealed bytes.
    const rows = await storage.auth.shares(user.id)
    if (!rows) throw new Error('no shares stored')
    const plain = Buffer.from(authShare, 'base64')
    expect(Buffer.from(rows.authShare).includes(plain)).toBe(false)
    expect(rows.authShare.length).toBe(33 + 12 + 16)
    // With the KEK and the right account it opens; with another key, or as another account's row, it does not.
    expect(Buffer.from(unseal(secrets.kek, rows.authShare, `latch:auth-share:${user.id}`))).toEqual(plain)
    expect(() => unseal(generateAuthSecrets().kek, rows.authShare, `latch:auth-share:${user.id}`)).toThrow()
    expect(() => unseal(secrets.kek, rows.authShare, 'latch:auth-share:another-account')).toThrow()
    expect(() =>
      unseal(secrets.recoveryKek, rows.recoveryShare ?? new Uint8Array(), `latch:recovery-share:${user.id}`),
    ).not.toThrow()
    expect(() =>
      unseal(secrets.kek, rows.recoveryShare ?? new Uint8Array(), `latch:recovery-share:${user.id}`),
    ).toThrow()
  })
})

describe('codes', () => {
  test('a wrong code counts down the attempts; after five the code is locked, even the right one', async () => {
    const email = newEmail()
    const device = newDevice()
    const { body, since } = await startLogin(email, device)
    const right = codeOf(await nextMail(email, since))
    const wrong = right === '000000' ? '000001' : '000000'
    const answers = []
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await verify(body.login, device, wrong)
      answers.push([response.statusCode, response.json().error])
    }
    expect(answers).toEqual([
      [400, 'Wrong code; 4 attempts left'],
      [400, 'Wrong code; 3 attempts left'],
      [400, 'Wrong code; 2 attempts left'],
      [400, 'Wrong code; 1 attempt left'],
      [429, 'Too many wrong codes; ask for a new code'],
    ])
    const locked = await verify(body.login, device, right)
    expect(locked.statusCode).toBe(429)
    expect(locked.json()).toMatchObject({ reason: 'locked', field: 'code' })
  })

  test('guesses sent at once share the five attempts: the rest are refused, the right code too', async () => {
    const email = newEmail()
    const device = newDevice()
    const { body, since } = await startLogin(email, device)
    const right = codeOf(await nextMail(email, since))
    const wrong = right === '000000' ? '000001' : '000000'
    const answers = await Promise.all(Array.from({ length: 12 }, () => verify(body.login, device, wrong)))
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses.filter((status) => status === 400)).toHaveLength(4)
    expect(statuses.filter((status) => status === 429)).toHaveLength(8)
    expect((await verify(body.login, device, right)).statusCode).toBe(429)
  })

  test('a used code is refused, and an expired one', async () => {
    const email = newEmail()
    const device = newDevice()
    const first = await startLogin(email, device)
    const code = codeOf(await nextMail(email, first.since))
    expect((await verify(first.body.login, device, code)).statusCode).toBe(200)
    const reused = await verify(first.body.login, device, code)
    expect(reused.statusCode).toBe(409)
    expect(reused.json()).toMatchObject({
      error: 'This code has already been used; ask for a new one',
      reason: 'used',
    })

    const second = await startLogin(email, device)
    const late = codeOf(await nextMail(email, second.since))
    advance(10 * 60_000)
    const expired = await verify(second.body.login, device, late)
    expect(expired.statusCode).toBe(410)
    expect(expired.json()).toMatchObject({
      error: 'This code has expired; ask for a new one',
      reason: 'expired',
    })
  })

  test('a new code may be asked for after 30 s (the old one then stops working), not before', async () => {
    const email = newEmail()
    const device = newDevice()
    const { body, since } = await startLogin(email, device)
    const old = codeOf(await nextMail(email, since))
    advance(12_000)
    const early = await app.inject({
      method: 'POST',
      url: `/v1/auth/login/${body.login}/resend`,
      payload: { device },
    })
    expect(early.statusCode).toBe(429)
    expect(early.headers['retry-after']).toBe('18')
    expect(early.json()).toMatchObject({
      error: 'You can ask for a new code in 18 s',
      reason: 'wait',
      retryAfter: 18,
    })

    advance(18_000)
    const resentSince = new Date()
    const resent = await app.inject({
      method: 'POST',
      url: `/v1/auth/login/${body.login}/resend`,
      payload: { device },
    })
    expect(resent.statusCode).toBe(200)
    expect(resent.json().resendAt).toBe(new Date(clock.getTime() + 30_000).toISOString())
    const fresh = codeOf(await nextMail(email, resentSince))
    if (fresh !== old) expect((await verify(body.login, device, old)).statusCode).toBe(400)
    expect((await verify(body.login, device, fresh)).statusCode).toBe(200)
  })

  test('a login is answered only on the device that started it', async () => {
    const email = newEmail()
    const device = newDevice()
    const { body, since } = await startLogin(email, device)
    const code = codeOf(await nextMail(email, since))
    const elsewhere = await verify(body.login, newDevice(), code)
    expect(elsewhere.statusCode).toBe(403)
    expect(elsewhere.json().error).toBe('This login was started on another device')
    expect((await verify(body.login, device, code)).statusCode).toBe(200)
  })

  test('one requester gets at most 10 logins of an address an hour', async () => {
    const email = newEmail()
    for (let i = 0; i < 10; i++) expect((await startLogin(email, newDevice())).response.statusCode).toBe(200)
    const over = await startLogin(email, newDevice())
    expect(over.response.statusCode).toBe(429)
    expect(over.body).toMatchObject({
      error: 'Too many codes were asked for this address; try again later',
      reason: 'quota',
    })
    advance(61 * 60_000)
    expect((await startLogin(email, newDevice())).response.statusCode).toBe(200)
  })
})

/** A frame app over the suite's storage and mailer with the e-mail budgets `budgets` (the limits off). */
const budgetedApp = (budgets: Parameters<typeof createFrameApp>[0]['loginBudgets']) =>
  createFrameApp({
    storage,
    secrets,
    mailer,
    publicUrl: () => FRAME,
    now: () => clock,
    rateLimits: false,
    ...(budgets ? { loginBudgets: budgets } : {}),
  })

describe('no lockout, and budgets a stranger cannot pass (issue 41)', () => {
  test('a stranger’s logins stop neither the owner’s known device nor a new owner elsewhere', async () => {
    const email = newEmail()
    const owner = newDevice()
    await logIn(email, owner)
    const stranger = '203.0.113.9'
    for (let i = 0; i < 10; i++)
      expect((await startLogin(email, newDevice(), stranger)).response.statusCode).toBe(200)
    expect((await startLogin(email, newDevice(), stranger)).response.statusCode).toBe(429)
    // The owner, on the device the account knows, from that same network even: a code at once.
    const mine = await startLogin(email, owner, stranger)
    expect(mine.response.statusCode).toBe(200)
    expect(mine.body.waitingFor).toBe('code')
    // An address with no account yet: a stranger's ten starts leave its owner, elsewhere, theirs.
    const unclaimed = newEmail()
    for (let i = 0; i < 10; i++) await startLogin(unclaimed, newDevice(), stranger)
    expect((await startLogin(unclaimed, newDevice(), stranger)).response.statusCode).toBe(429)
    expect((await startLogin(unclaimed, newDevice(), '192.0.2.44')).response.statusCode).toBe(200)
  })

  test('e-mail changes count as a stranger’s starts of both addresses: 10 an hour from one requester', async () => {
    const { token } = await logIn(newEmail(), newDevice())
    const target = newEmail()
    const statuses = []
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await app.inject({
            method: 'POST',
            url: '/v1/auth/email',
            headers: auth(token),
            payload: { email: target },
          })
        ).statusCode,
      )
    // Ten starts of each address from this requester: the account's own login was the first of its address.
    expect(statuses).toEqual([...Array(9).fill(200), 429, 429])
  })

  test('wrong codes count per address across logins: after 20 in a day, no code is taken, the right one neither', async () => {
    const email = newEmail()
    const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000')
    let right = ''
    let login = ''
    let device = ''
    for (let round = 0; round < 5; round++) {
      device = newDevice()
      const started = await startLogin(email, device, `198.51.100.${round + 1}`)
      login = started.body.login
      right = codeOf(await nextMail(email, started.since))
      if (round === 4) break
      for (let i = 0; i < 5; i++) await verify(login, device, wrongOf(right))
    }
    // Twenty wrong codes in four logins (five each): the fifth login refuses its own right code.
    const refused = await verify(login, device, right)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      error: 'Too many wrong codes were tried for this address today; start again tomorrow',
      field: 'code',
      reason: 'locked',
    })
    // A day on, a fresh login takes its code.
    advance(24 * 60 * 60_000 + 60_000)
    const fresh = newDevice()
    const started = await startLogin(email, fresh, '198.51.100.77')
    const verified = await verify(started.body.login, fresh, codeOf(await nextMail(email, started.since)))
    expect(verified.statusCode).toBe(200)
  })

  test('the e-mails one requester causes, and all strangers’ together, have an hourly budget', async () => {
    // A fresh hour: the suite's earlier logins (its storage is shared) are not this hour's.
    advance(61 * 60_000)
    const budgeted = await budgetedApp({ mailsPerRequester: 3, mailsPerHour: 5 })
    try {
      const requester = '2001:db8:41::1'
      const statuses = []
      for (let i = 0; i < 4; i++)
        statuses.push((await startLogin(newEmail(), newDevice(), requester, budgeted)).response.statusCode)
      expect(statuses).toEqual([200, 200, 200, 429])
      // Another address of the same /64 is the same requester.
      const same = await startLogin(newEmail(), newDevice(), '2001:db8:41::2', budgeted)
      expect(same.body).toEqual({
        error: 'Too many e-mails were sent at your request; try again later',
        reason: 'quota',
      })
      // Two more from elsewhere fill the hour's five; the next requester is refused for everyone's budget.
      await startLogin(newEmail(), newDevice(), '192.0.2.50', budgeted)
      await startLogin(newEmail(), newDevice(), '192.0.2.51', budgeted)
      const full = await startLogin(newEmail(), newDevice(), '192.0.2.52', budgeted)
      expect(full.response.statusCode).toBe(429)
      expect(full.body.error).toBe(
        'This server has sent all the login e-mails it may this hour; try again later',
      )
      advance(61 * 60_000)
      expect((await startLogin(newEmail(), newDevice(), requester, budgeted)).response.statusCode).toBe(200)
    } finally {
      await budgeted.close()
    }
  })

  test('one address’s e-mails from every stranger together have a budget of their own', async () => {
    const budgeted = await budgetedApp({ mailsPerAddress: 2 })
    try {
      const email = newEmail()
      const statuses = []
      for (const from of ['192.0.2.61', '192.0.2.62', '192.0.2.63'])
        statuses.push((await startLogin(email, newDevice(), from, budgeted)).response.statusCode)
      expect(statuses).toEqual([200, 200, 429])
      // Another address is not held up.
      expect((await startLogin(newEmail(), newDevice(), '192.0.2.63', budgeted)).response.statusCode).toBe(
        200,
      )
    } finally {
      await budgeted.close()
    }
  })
})

describe('a new device', () => {
  test('must be approved from the mailed link (a button, not the GET) before its code is mailed; same account', async () => {
    const email = newEmail()
    const first = await logIn(email, newDevice())

    const device = newDevice()
    const { body, since } = await startLogin(email, device)
    expect(body).toEqual({
      login: expect.any(String),
      waitingFor: 'code',
      resendAt: new Date(clock.getTime() + 30_000).toISOString(),
    })
    const linkMail = await nextMail(email, since)
    expect(linkMail.subject).toBe('Approve a new device')
    const link = deviceLinkOf(linkMail)
    expect(link.startsWith(`${FRAME}/v1/auth/device?token=`)).toBe(true)
    // A code before the approval is a wrong one: there is none yet.
    const early = await verify(body.login, device, '123456')
    expect(early.statusCode).toBe(400)
    expect(early.json()).toMatchObject({ reason: 'wrong', error: 'Wrong code; 4 attempts left' })

    const path = link.slice(FRAME.length)
    const page = await app.inject({ url: path })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    )
    expect(page.body).toContain('Approve this device?')
    expect(page.body).toContain('<button type="submit">Approve this device</button>')
    // Opening the page approves nothing (a mail scanner follows links): the link is unused, the login still waits.
    const token = new URL(link).searchParams.get('token') ?? ''
    expect(await storage.auth.deviceLink(sha256Hex(token), clock)).toMatchObject({ status: 'usable' })
    expect(await storage.auth.challenge(body.login)).toMatchObject({ state: 'device', sends: 1 })

    const approvedSince = new Date()
    const approved = await app.inject({
      method: 'POST',
      url: '/v1/auth/device',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    })
    expect(approved.statusCode).toBe(200)
    expect(approved.body).toContain('Device approved')
    const code = codeOf(await nextMail(email, approvedSince))
    const verified = await verify(body.login, device, code)
    expect(verified.statusCode).toBe(200)
    expect(verified.json()).toMatchObject({ created: false, user: { id: first.user.id, email } })
    devices.set(verified.json().token, device)

    const reused = await app.inject({ url: path })
    expect(reused.body).toContain('Link already used')
    // The device is known now: its next login mails a code at once.
    expect((await startLogin(email, device)).body.waitingFor).toBe('code')
  })

  test('answers the same as a new address: only the mail tells an account’s new device from a first login', async () => {
    const owned = newEmail()
    await logIn(owned, newDevice())
    const fresh = newEmail()
    const [device, other] = [newDevice(), newDevice()]
    /** What a stranger sees of an answer: its status, body (but the login's id) and Retry-After. */
    const seen = (response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => ({
      status: response.statusCode,
      body: { ...(response.json() as object), login: undefined },
      retryAfter: response.headers['retry-after'],
    })
    const [a, b] = [await startLogin(owned, device), await startLogin(fresh, other)]
    expect(seen(a.response)).toEqual(seen(b.response))
    const firstMail = await nextMail(owned, a.since)
    expect(firstMail.subject).toBe('Approve a new device')
    const code = codeOf(await nextMail(fresh, b.since))
    const wrong = code === '000000' ? '000001' : '000000'
    const both = async (ask: (login: string, device: string) => Promise<Parameters<typeof seen>[0]>) => {
      const [x, y] = [await ask(a.body.login, device), await ask(b.body.login, other)]
      expect(seen(x)).toEqual(seen(y))
      return seen(x)
    }
    const resend = (login: string, on: string) =>
      app.inject({ method: 'POST', url: `/v1/auth/login/${login}/resend`, payload: { device: on } })

    expect(await both((login) => app.inject({ url: `/v1/auth/login/${login}` }))).toMatchObject({
      status: 200,
      body: { waitingFor: 'code' },
    })
    expect(await both((login, on) => verify(login, on, wrong))).toMatchObject({
      status: 400,
      body: { error: 'Wrong code; 4 attempts left' },
    })
    advance(12_000)
    expect(await both(resend)).toMatchObject({ status: 429, retryAfter: '18' })
    advance(18_000)
    const since = new Date()
    expect(await both(resend)).toMatchObject({ status: 200, body: { waitingFor: 'code' } })
    // Both expire alike (so are purged alike, a day after).
    const [stored, fresh1] = [
      await storage.auth.challenge(a.body.login),
      await storage.auth.challenge(b.body.login),
    ]
    expect(stored?.expiresAt).toEqual(fresh1?.expiresAt)
    // The resend mailed the account a new link, the new address a new code; a wrong code counts afresh for both.
    const link = deviceLinkOf(await nextMail(owned, since))
    codeOf(await nextMail(fresh, since))
    expect(await both((login, on) => verify(login, on, wrong))).toMatchObject({
      body: { error: 'Wrong code; 4 attempts left' },
    })
    advance(10 * 60_000)
    expect(await both((login, on) => verify(login, on, wrong))).toMatchObject({
      status: 410,
      body: { reason: 'expired' },
    })

    // The owner's new link still approves the device (20 minutes), and the code that follows logs in.
    const approvedSince = new Date()
    const token = new URL(link).searchParams.get('token') ?? ''
    await app.inject({ method: 'POST', url: '/v1/auth/device', payload: { token } })
    const approved = codeOf(await nextMail(owned, approvedSince))
    // The first link, still unused, approves nothing more and mails no other code.
    const first = new URL(deviceLinkOf(firstMail)).searchParams.get('token') ?? ''
    const again = await app.inject({ method: 'POST', url: '/v1/auth/device', payload: { token: first } })
    expect(again.body).toContain('Link already used')
    expect((await verify(a.body.login, device, approved)).statusCode).toBe(200)
  })

  test('a login over an hour old mails no more, whichever it waits for (the hour’s mail budgets count it no longer)', async () => {
    const owned = newEmail()
    await logIn(owned, newDevice())
    const [device, other] = [newDevice(), newDevice()]
    const [a, b] = [await startLogin(owned, device), await startLogin(newEmail(), other)]
    advance(60 * 60_000)
    const answers = []
    for (const [login, on] of [
      [a.body.login, device],
      [b.body.login, other],
    ])
      answers.push(
        await app.inject({ method: 'POST', url: `/v1/auth/login/${login}/resend`, payload: { device: on } }),
      )
    expect(answers.map((answer) => [answer.statusCode, answer.json()])).toEqual([
      [410, { error: 'This login is over an hour old; start again', reason: 'expired' }],
      [410, { error: 'This login is over an hour old; start again', reason: 'expired' }],
    ])
  })

  test('a device link expires after 20 minutes; an unknown one is named so', async () => {
    const email = newEmail()
    await logIn(email, newDevice())
    const { since } = await startLogin(email, newDevice())
    const link = deviceLinkOf(await nextMail(email, since))
    advance(20 * 60_000)
    const token = new URL(link).searchParams.get('token') ?? ''
    expect((await app.inject({ url: link.slice(FRAME.length) })).body).toContain('Link expired')
    const late = await app.inject({ method: 'POST', url: '/v1/auth/device', payload: { token } })
    expect(late.statusCode).toBe(200)
    expect(late.body).toContain('Link expired')
    expect((await app.inject({ url: '/v1/auth/device?token=nope' })).body).toContain('Link not recognised')
  })
})

describe('sessions', () => {
  test('a made-up or ended session gets nothing: no user, no share', async () => {
    const { token } = await logIn(newEmail(), newDevice())
    await app.inject({
      method: 'PUT',
      url: '/v1/auth/keys',
      headers: auth(token),
      payload: { address: ADDRESS, authShare: share(), recoveryShare: share() },
    })
    const forged = randomBytes(32).toString('base64url')
    for (const headers of [auth(forged), {}, { authorization: token }]) {
      const response = await app.inject({ url: '/v1/auth/keys/auth', headers })
      expect(response.statusCode).toBe(401)
      expect(response.json().error).toBe('Not logged in: the session is missing, ended or unknown')
    }
    expect(
      (await app.inject({ method: 'POST', url: '/v1/auth/signout', headers: auth(token) })).statusCode,
    ).toBe(200)
    expect((await app.inject({ url: '/v1/auth/keys/auth', headers: auth(token) })).statusCode).toBe(401)
    expect((await app.inject({ url: '/v1/auth/session', headers: auth(token) })).statusCode).toBe(401)
  })

  test('a session ends after 30 days', async () => {
    const { token } = await logIn(newEmail(), newDevice())
    advance(30 * 24 * 60 * 60_000)
    expect((await app.inject({ url: '/v1/auth/session', headers: auth(token) })).statusCode).toBe(401)
  })

  test('a passphrase box replaces the server’s recovery share', async () => {
    const { token } = await logIn(newEmail(), newDevice())
    const before = await app.inject({
      method: 'PUT',
      url: '/v1/auth/keys/recovery',
      headers: auth(token),
      payload: { passphraseBox: box(), proof: proof() },
    })
    expect(before.statusCode).toBe(404)
    await storeKey(token)
    expect((await app.inject({ url: '/v1/auth/keys', headers: auth(token) })).json()).toEqual({
      address: ADDRESS,
      recovery: 'automatic',
      current: false,
    })
    const weak = await app.inject({
      method: 'PUT',
      url: '/v1/auth/keys/recovery',
      headers: auth(token),
      payload: { passphraseBox: { ...box(), iterations: 1000 }, proof: proof() },
    })
    expect(weak.statusCode).toBe(400)
    expect(weak.json()).toEqual({
      error: 'passphraseBox.iterations must be at least 600000',
      field: 'passphraseBox.iterations',
    })
    const unproven = await setBox(token, { passphraseBox: box() })
    expect(unproven.json()).toEqual({ error: 'proof must be a string', field: 'proof' })
    const sealed = box()
    const set = await setBox(token, { passphraseBox: sealed, proof: proof() })
    expect(set.json()).toEqual({ recovery: 'passphrase' })
    expect((await app.inject({ url: '/v1/auth/keys/recovery', headers: auth(token) })).json()).toEqual({
      recoveryShare: null,
      passphraseBox: sealed,
    })
    expect((await app.inject({ url: '/v1/auth/keys', headers: auth(token) })).json()).toMatchObject({
      recovery: 'passphrase',
      current: true,
    })
  })
})

describe('custody: a session is no key (issue 41)', () => {
  test('a stolen session token, without its device’s secret, gets nothing: no share, no user, no change', async () => {
    const device = newDevice()
    const { token } = await logIn(newEmail(), device)
    await storeKey(token)
    const stolen = [
      { authorization: `Bearer ${token}` },
      { authorization: `Bearer ${token}`, 'x-latch-device': newDevice() },
      { authorization: `Bearer ${token}`, 'x-latch-device': device.slice(0, 42) },
    ]
    const asks = [
      { url: '/v1/auth/keys/auth' },
      { url: '/v1/auth/keys/recovery' },
      { url: '/v1/auth/keys' },
      { url: '/v1/auth/session' },
      {
        method: 'PUT' as const,
        url: '/v1/auth/keys/recovery',
        payload: { passphraseBox: box(), proof: proof() },
      },
      { method: 'POST' as const, url: '/v1/auth/keys/recovery/check', payload: { current: proof() } },
      { method: 'POST' as const, url: '/v1/auth/email', payload: { email: newEmail() } },
    ]
    for (const headers of stolen)
      for (const ask of asks) {
        const response = await app.inject({ ...ask, headers })
        expect(response.statusCode, `${ask.url} with ${JSON.stringify(Object.keys(headers))}`).toBe(401)
        expect(response.json().error).toBe('Not logged in: this session belongs to another device')
      }
    // The device that made it still has everything.
    expect((await app.inject({ url: '/v1/auth/keys/auth', headers: auth(token) })).statusCode).toBe(200)
    expect((await app.inject({ url: '/v1/auth/keys/recovery', headers: auth(token) })).statusCode).toBe(200)
  })

  test('the recovery share is given only just after a login; a new device’s login rebuilds the key from it', async () => {
    const email = newEmail()
    const device = newDevice()
    const { token } = await logIn(email, device)
    // A real key, split as the frame splits it: the device keeps one share, the server gets two.
    const secret = new Uint8Array(randomBytes(32))
    const [, authShare, recoveryShare] = await split(secret, 3, 2)
    if (!authShare || !recoveryShare) throw new Error('no shares')
    await storeKey(token, { authShare, recoveryShare })
    advance(10 * 60_000)
    // Ten minutes on, the session (or whoever holds it and its device) no longer gets the recovery share.
    const late = await app.inject({ url: '/v1/auth/keys/recovery', headers: auth(token) })
    expect(late.statusCode).toBe(401)
    expect(late.json()).toEqual({
      error: 'Your recovery share is given only just after a login on this device: log in again',
      reason: 'verify',
    })
    expect((await app.inject({ url: '/v1/auth/keys/auth', headers: auth(token) })).statusCode).toBe(200)

    // A new device: the mailed link, then the code; its session has both server-held shares, which make the key.
    const other = newDevice()
    const { body, since } = await startLogin(email, other)
    const link = new URL(deviceLinkOf(await nextMail(email, since))).searchParams.get('token')
    const approvedSince = new Date()
    await app.inject({ method: 'POST', url: '/v1/auth/device', payload: { token: link } })
    const codeMail = await catcher.waitFor(email, {
      since: approvedSince,
      match: (mail) => mail.subject.endsWith('is your login code'),
    })
    const verified = await verify(body.login, other, codeOf(codeMail))
    const fresh = verified.json().token as string
    devices.set(fresh, other)
    const { authShare: gotAuth } = (
      await app.inject({ url: '/v1/auth/keys/auth', headers: auth(fresh) })
    ).json()
    const { recoveryShare: gotRecovery } = (
      await app.inject({ url: '/v1/auth/keys/recovery', headers: auth(fresh) })
    ).json()
    const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))
    expect(await combine([bytes(gotAuth), bytes(gotRecovery)])).toEqual(secret)
  })

  test('replacing a passphrase box takes the current passphrase’s proof, or a login of the last 10 minutes', async () => {
    const { token } = await logIn(newEmail(), newDevice())
    await storeKey(token)
    const first = proof()
    expect((await setBox(token, { passphraseBox: box(), proof: first })).statusCode).toBe(200)
    // Within the login's 10 minutes (the mailbox just proved itself) a forgotten passphrase can be replaced.
    const second = proof()
    expect((await setBox(token, { passphraseBox: box(), proof: second })).statusCode).toBe(200)
    advance(10 * 60_000)
    const refusals = [
      [{ passphraseBox: box(), proof: proof() }, 'Your current passphrase is needed to change it'],
      [{ passphraseBox: box(), proof: proof(), current: first }, 'That is not your current passphrase'],
    ] as const
    for (const [payload, error] of refusals) {
      const refused = await setBox(token, payload)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toEqual({ error, field: 'current', reason: 'passphrase' })
    }
    const check = (current: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/auth/keys/recovery/check',
        headers: auth(token),
        payload: { current },
      })
    expect((await check(first)).json()).toEqual({ current: false })
    expect((await check(second)).json()).toEqual({ current: true })
    const sealed = box()
    const third = proof()
    expect((await setBox(token, { passphraseBox: sealed, proof: third, current: second })).statusCode).toBe(
      200,
    )
    expect((await check(third)).json()).toEqual({ current: true })
    expect((await storage.auth.shares((await session(token)).user.id))?.passphraseBox).toEqual(sealed)
  })
})

describe('a passphrase set before proofs', () => {
  test('is not asked for: past the login’s 10 minutes a new one takes a fresh login, which replaces it', async () => {
    const email = newEmail()
    const device = newDevice()
    const { token, user } = await logIn(email, device)
    await storeKey(token)
    // A box as the server kept it before passphrases had proofs (what migration 0011 left): no proof to match.
    const legacy = box()
    await storage.auth.setPassphraseBox(user.id, legacy, { hash: null as unknown as string, expected: null })
    expect((await app.inject({ url: '/v1/auth/keys', headers: auth(token) })).json()).toMatchObject({
      recovery: 'passphrase',
      current: false,
    })
    advance(10 * 60_000)
    const refused = await setBox(token, { passphraseBox: box(), proof: proof() })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      error: 'Log in again on this device to change your passphrase',
      field: 'current',
      reason: 'passphrase',
    })
    expect((await storage.auth.shares(user.id))?.passphraseBox).toEqual(legacy)
    // Logged in again on this device (its code: the mailbox, just now), the new passphrase replaces the old box.
    const { token: fresh } = await logIn(email, device)
    const sealed = box()
    const chosen = proof()
    expect((await setBox(fresh, { passphraseBox: sealed, proof: chosen })).statusCode).toBe(200)
    expect((await storage.auth.shares(user.id))?.passphraseBox).toEqual(sealed)
    const checked = await app.inject({
      method: 'POST',
      url: '/v1/auth/keys/recovery/check',
      headers: auth(fresh),
      payload: { current: chosen },
    })
    expect(checked.json()).toEqual({ current: true })
  })
})

describe('changing the e-mail', () => {
  test('takes a code from the current address and one from the new; then the new address logs in', async () => {
    const email = newEmail()
    const device = newDevice()
    const { token, user } = await logIn(email, device)
    const next = newEmail()
    const since = new Date()
    const started = await app.inject({
      method: 'POST',
      url: '/v1/auth/email',
      headers: auth(token),
      payload: { email: next },
    })
    expect(started.statusCode).toBe(200)
    const { change } = started.json()
    const current = codeOf(await nextMail(email, since))
    const fresh = codeOf(await nextMail(next, since))

    const swapped = await app.inject({
      method: 'POST',
      url: `/v1/auth/email/${change}/verify`,
      headers: auth(token),
      payload: { code: fresh, newCode: current },
    })
    if (fresh !== current) expect(swapped.statusCode).toBe(400)
    const done = await app.inject({
      method: 'POST',
      url: `/v1/auth/email/${change}/verify`,
      headers: auth(token),
      payload: { code: current, newCode: fresh },
    })
    expect(done.statusCode).toBe(200)
    expect(done.json().user).toEqual({ ...user, email: next })
    expect((await startLogin(next, device)).body.waitingFor).toBe('code')
    const old = await startLogin(email, device)
    expect(old.body.waitingFor).toBe('code') // a new account would be made for the old address
  })

  test('refuses the account’s own address; one another account has is answered as any other, told only by mail (issue 41)', async () => {
    const taken = newEmail()
    await logIn(taken, newDevice())
    const email = newEmail()
    const { token } = await logIn(email, newDevice())
    const same = await app.inject({
      method: 'POST',
      url: '/v1/auth/email',
      headers: auth(token),
      payload: { email },
    })
    expect(same.json()).toEqual({ error: 'This is the account’s e-mail already', field: 'email' })
    const ask = (to: string) =>
      app.inject({ method: 'POST', url: '/v1/auth/email', headers: auth(token), payload: { email: to } })
    const since = new Date()
    const [toTaken, toFree] = [await ask(taken), await ask(newEmail())]
    // The same answer for an address with an account and one without: nothing says which is which.
    expect([toTaken.statusCode, toFree.statusCode]).toEqual([200, 200])
    expect(Object.keys(toTaken.json())).toEqual(Object.keys(toFree.json()))
    // The address with an account gets a notice, no code; the change cannot complete without one.
    const notice = await nextMail(taken, since)
    expect(notice.subject).toBe('Someone tried to move a wallet to this e-mail')
    expect(notice.text).not.toMatch(/\b\d{6}\b/)
    const current = codeOf(
      await catcher.waitFor(email, { since, match: (mail) => mail.text.includes(`to ${taken}`) }),
    )
    for (const guess of ['000000', '111111']) {
      const attempt = await app.inject({
        method: 'POST',
        url: `/v1/auth/email/${toTaken.json().change}/verify`,
        headers: auth(token),
        payload: { code: current, newCode: guess },
      })
      expect(attempt.statusCode).toBe(400)
      expect(attempt.json().reason).toBe('wrong')
    }
    expect((await session(token)).user).toMatchObject({ email })
  })
})

describe('refusals', () => {
  test('another site’s form post starts nothing: the API takes JSON; the device page’s form is the one exception', async () => {
    const email = newEmail()
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const mails = catcher.messages().length
    for (const [url, payload] of [
      ['/v1/auth/login', `email=${encodeURIComponent(email)}&device=${newDevice()}`],
      ['/v1/auth/signout', 'all=true'],
      ['/v1/auth/email', `email=${encodeURIComponent(newEmail())}`],
    ] as const) {
      const response = await app.inject({ method: 'POST', url, headers: form, payload })
      expect(response.statusCode).toBe(415)
      expect(response.json().error).toBe('This route takes JSON (Content-Type: application/json)')
    }
    expect(catcher.messages().length).toBe(mails)
    // The same login as JSON starts (its mail is the proof).
    const { response, since } = await startLogin(email, newDevice())
    expect(response.statusCode).toBe(200)
    expect((await nextMail(email, since)).to).toContain(email)
    // The device page's button posts a form: still taken (an unknown link says so on its page).
    const device = await app.inject({
      method: 'POST',
      url: '/v1/auth/device',
      headers: form,
      payload: 'token=nope',
    })
    expect(device.statusCode).not.toBe(415)
  })

  test('bad input names its field', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'not an address', device: newDevice() }, 'email must be an e-mail address'],
      [{ email: 'a@b.co', device: 'short' }, 'device must be 43 base64url characters (32 random bytes)'],
      [{ email: `${'a'.repeat(250)}@b.co`, device: newDevice() }, 'email must be at most 254 characters'],
    ]
    for (const [payload, error] of cases) {
      const response = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: payload as object })
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toBe(error)
    }
    const login = await app.inject({ url: '/v1/auth/login/not-an-id' })
    expect(login.json()).toEqual({ error: 'id must be a login id from POST /v1/auth/login', field: 'id' })
  })

  test('without a mailer a login is refused with 503; an SMTP server that is down gives 502', async () => {
    const quiet = await createFrameApp({ storage, secrets, publicUrl: () => FRAME })
    const response = await quiet.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: newEmail(), device: newDevice() },
    })
    expect(response.statusCode).toBe(503)
    expect(response.json().error).toBe('E-mail login is not configured on this server (no SMTP_URL)')
    await quiet.close()

    const down = await startMailCatcher({ port: 0 })
    await down.close()
    const unreachable = createMailer(down.url, 'login@latch.test', 2000)
    const broken = await createFrameApp({
      storage,
      secrets,
      mailer: unreachable,
      publicUrl: () => FRAME,
    })
    const failed = await broken.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: newEmail(), device: newDevice() },
    })
    expect(failed.statusCode).toBe(502)
    expect(failed.json().error).toBe('The e-mail could not be sent; try again in a moment')
    await broken.close()
    unreachable.close()
  })

  test('logins, codes and key writes are writes: limited per client address', async () => {
    const limited = await createFrameApp({
      storage,
      secrets,
      publicUrl: () => FRAME,
      rateLimits: { write: 2 },
    })
    const statuses = []
    for (let i = 0; i < 3; i++) {
      const response = await limited.inject({
        method: 'POST',
        url: '/v1/auth/login/00000000-0000-0000-0000-000000000000/verify',
        payload: { device: newDevice(), code: '123456' },
      })
      statuses.push(response.statusCode)
    }
    expect(statuses).toEqual([404, 404, 429])
    await limited.close()
  })

  test('sends no CORS headers: a page of another origin cannot read an answer', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/v1/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
  })
})
