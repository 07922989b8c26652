// The frame origin under hostile input: its page and script, and the e-mail login: every route, from a real request (a fresh login, the code
// the mail catcher received, a live session) mutated field by field, or replaced by random ones.
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { codeOf, deviceLinkOf, type MailCatcher, startMailCatcher } from '@latch/devnet'
import { expect, test } from 'vitest'
import { createMailer } from '../../src/auth/mail.ts'
import { generateAuthSecrets } from '../../src/auth/secrets.ts'
import { createFrameApp } from '../../src/frameApp.ts'
import { testProjects } from '../support/app.ts'
import { fakeFrameBuild } from '../support/frameAssets.ts'
import { memoryStorage } from '../support/memoryStorage.ts'
import { appUnderFuzz, fuzzRoute, type RouteSpec } from './harness.ts'

let catcher: MailCatcher
const assets = fakeFrameBuild()
let clock = Date.parse('2026-11-25T12:00:00Z')
const { t, lastError } = appUnderFuzz(async () => {
  catcher = await startMailCatcher({ port: 0, keep: 5000 })
  const storage = await memoryStorage()
  for (const project of testProjects) await storage.upsertProject(project)
  const mailer = createMailer(catcher.url, 'login@latch.test')
  const app = await createFrameApp({
    storage,
    secrets: generateAuthSecrets(),
    mailer,
    publicUrl: () => 'http://127.0.0.1:8789',
    now: () => new Date(clock),
    // The fuzz is one client making thousands of logins: its limits are off, its e-mail budget out of reach.
    rateLimits: false,
    loginBudgets: { mailsPerRequester: 1_000_000, mailsPerHour: 1_000_000 },
    frameAssets: assets,
  })
  return {
    app,
    async close() {
      await app.close()
      mailer.close()
      await storage.close()
      await catcher.close()
      rmSync(assets, { recursive: true, force: true })
    },
  }
}, 30_000)

let unique = 0
const email = () => `fuzz${++unique}@example.com`
const device = () => randomBytes(32).toString('base64url')
const share = () => randomBytes(33).toString('base64')
const proof = () => randomBytes(32).toString('base64')

async function post(url: string, payload: object, as?: { token: string; device: string }) {
  const response = await t.app.inject({
    method: url.startsWith('/v1/auth/keys') ? 'PUT' : 'POST',
    url,
    payload,
    ...(as ? { headers: bearer(as) } : {}),
  })
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json()
}

/** A login waiting for its code: its id, device, address and the code mailed. */
async function login(address = email(), on = device()) {
  const { login: id } = await post('/v1/auth/login', { email: address, device: on })
  const code = codeOf(await catcher.waitFor(address, { since: new Date(0) }))
  return { id, device: on, email: address, code }
}

/** A logged-in session of a new account (with its key stored when `keys`). */
async function session(keys = false) {
  const started = await login()
  const { token } = await post(`/v1/auth/login/${started.id}/verify`, {
    device: started.device,
    code: started.code,
  })
  const live = { token: token as string, email: started.email, device: started.device }
  if (keys)
    await post(
      '/v1/auth/keys',
      { address: `0x${randomBytes(20).toString('hex')}`, authShare: share(), recoveryShare: share() },
      live,
    )
  return live
}

/** A device link of a login on a new device of an existing account. */
async function deviceLink() {
  const known = await session()
  const since = new Date()
  await post('/v1/auth/login', { email: known.email, device: device() })
  const link = deviceLinkOf(await catcher.waitFor(known.email, { since }))
  return new URL(link).searchParams.get('token') ?? ''
}

/** A session's headers as its frame sends them: its token, and the secret of the device it was made on. */
const bearer = (session: { token: string; device: string }) => ({
  authorization: `Bearer ${session.token}`,
  'x-latch-device': session.device,
})
const box = () => ({
  kdf: 'pbkdf2-sha256',
  iterations: 600_000,
  salt: randomBytes(16).toString('base64'),
  iv: randomBytes(12).toString('base64'),
  ciphertext: randomBytes(49).toString('base64'),
})

test('POST /v1/auth/login: the body mutated, or random', async () => {
  const spec: RouteSpec = {
    method: 'POST',
    url: '/v1/auth/login',
    valid: () => ({ body: { email: email(), device: device() } }),
  }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 150, lastError })
  // Logins started: the hostile values that pass validation reached storage and the mail (about 1 in 8 cases).
  expect(statuses[200]).toBeGreaterThan(5)
})

test('GET /v1/auth/login/:id and POST …/resend: the id and body mutated, or random', async () => {
  const started = await login()
  await fuzzRoute(
    t.app,
    { method: 'GET', url: '/v1/auth/login/:id', valid: () => ({ params: { id: started.id } }) },
    { numRuns: 100, lastError },
  )
  const resend: RouteSpec = {
    method: 'POST',
    url: '/v1/auth/login/:id/resend',
    valid: async () => {
      const fresh = await login()
      clock += 31_000
      return { params: { id: fresh.id }, body: { device: fresh.device } }
    },
  }
  await fuzzRoute(t.app, resend, { numRuns: 100, lastError })
})

test('POST /v1/auth/login/:id/verify: a fresh login and its mailed code, mutated, or random', async () => {
  const spec: RouteSpec = {
    method: 'POST',
    url: '/v1/auth/login/:id/verify',
    valid: async () => {
      const fresh = await login()
      return { params: { id: fresh.id }, body: { device: fresh.device, code: fresh.code } }
    },
  }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 120, lastError })
  expect(statuses[200]).toBeGreaterThan(3)
})

test('GET and POST /v1/auth/device: a fresh device link mutated, or random', async () => {
  await fuzzRoute(
    t.app,
    { method: 'GET', url: '/v1/auth/device', valid: async () => ({ query: { token: await deviceLink() } }) },
    { numRuns: 40, lastError },
  )
  await fuzzRoute(
    t.app,
    { method: 'POST', url: '/v1/auth/device', valid: async () => ({ body: { token: await deviceLink() } }) },
    { numRuns: 40, lastError },
  )
})

test('the session routes: the bearer token mutated, or random', async () => {
  const live = await session(true)
  for (const url of ['/v1/auth/session', '/v1/auth/keys', '/v1/auth/keys/auth', '/v1/auth/keys/recovery'])
    await fuzzRoute(
      t.app,
      { method: 'GET', url, valid: () => ({ headers: bearer(live) }) },
      { numRuns: 60, lastError },
    )
  await fuzzRoute(
    t.app,
    {
      method: 'POST',
      url: '/v1/auth/signout',
      valid: async () => ({ headers: bearer(await session()) }),
    },
    { numRuns: 60, lastError },
  )
})

test('PUT /v1/auth/keys and /v1/auth/keys/recovery: the shares, address and box mutated, or random', async () => {
  const keys: RouteSpec = {
    method: 'PUT',
    url: '/v1/auth/keys',
    valid: async () => ({
      headers: bearer(await session()),
      body: { address: `0x${randomBytes(20).toString('hex')}`, authShare: share(), recoveryShare: share() },
    }),
  }
  const { statuses } = await fuzzRoute(t.app, keys, { numRuns: 100, lastError })
  expect(statuses[201]).toBeGreaterThan(1)
  const live = await session(true)
  const recovery: RouteSpec = {
    method: 'PUT',
    url: '/v1/auth/keys/recovery',
    valid: () => ({ headers: bearer(live), body: { passphraseBox: box(), proof: proof() } }),
  }
  await fuzzRoute(t.app, recovery, { numRuns: 100, lastError })
  // An account with a passphrase whose proof is known: the check's valid request shows it.
  const owner = await session(true)
  const known = proof()
  await post('/v1/auth/keys/recovery', { passphraseBox: box(), proof: known }, owner)
  const check: RouteSpec = {
    method: 'POST',
    url: '/v1/auth/keys/recovery/check',
    valid: () => ({ headers: bearer(owner), body: { current: known } }),
  }
  await fuzzRoute(t.app, check, { numRuns: 60, lastError })
})

test('POST /v1/auth/email and …/:id/verify: a change and its two mailed codes, mutated, or random', async () => {
  const live = await session()
  await fuzzRoute(
    t.app,
    {
      method: 'POST',
      url: '/v1/auth/email',
      valid: () => ({ headers: bearer(live), body: { email: email() } }),
    },
    { numRuns: 60, lastError },
  )
  const verify: RouteSpec = {
    method: 'POST',
    url: '/v1/auth/email/:id/verify',
    valid: async () => {
      const owner = await session()
      const next = email()
      const since = new Date()
      const { change } = await post('/v1/auth/email', { email: next }, owner)
      const code = codeOf(await catcher.waitFor(owner.email, { since }))
      const newCode = codeOf(await catcher.waitFor(next, { since }))
      return { headers: bearer(owner), params: { id: change }, body: { code, newCode } }
    },
  }
  const { statuses } = await fuzzRoute(t.app, verify, { numRuns: 60, lastError })
  expect(statuses[200]).toBeGreaterThan(0)
})

test('GET /frame and /assets/:file: the project, the parent and the file mutated, or random', async () => {
  const page: RouteSpec = {
    method: 'GET',
    url: '/frame',
    valid: () => ({ query: { projectId: 'open', parent: 'http://localhost:5173' } }),
  }
  const { statuses } = await fuzzRoute(t.app, page, { numRuns: 150, lastError })
  expect(statuses[200]).toBeGreaterThan(1)
  await fuzzRoute(
    t.app,
    { method: 'GET', url: '/assets/:file', valid: () => ({ params: { file: 'index-abc123.js' } }) },
    { numRuns: 100, lastError },
  )
})
