// The social logins under hostile input: a start from a real request mutated field by field, or random; the
// callback (which the provider, or anyone, may send the popup to) with any query; the completion with a live login's
// proof mutated. Over the devnet's local issuers, PGlite and the frame origin's app.
import { randomBytes } from 'node:crypto'
import { logInAtLocalIssuer, type OidcIssuers, startOidcIssuers } from '@latch/devnet'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { generateAuthSecrets } from '../../src/auth/secrets.ts'
import { createFrameApp } from '../../src/frameApp.ts'
import { memoryStorage } from '../support/memoryStorage.ts'
import { appUnderFuzz, fuzzRoute, type RouteSpec } from './harness.ts'

const FRAME = 'http://127.0.0.1:8789'
const CALLBACKS = `${FRAME}/v1/auth/social/`
let issuers: OidcIssuers
const { t, lastError } = appUnderFuzz(async () => {
  issuers = await startOidcIssuers({
    port: 0,
    issuers: ['google', 'github'],
    client: (name) => ({
      clientId: `latch-${name}`,
      clientSecret: `latch-${name}-secret`,
      redirectUris: [`${CALLBACKS}${name}/callback`],
    }),
  })
  const storage = await memoryStorage()
  const app = await createFrameApp({
    storage,
    secrets: generateAuthSecrets(),
    publicUrl: () => FRAME,
    social: (['google', 'github'] as const).map((provider) => ({
      provider,
      clientId: `latch-${provider}`,
      clientSecret: `latch-${provider}-secret`,
      url: issuers.issuer(provider),
    })),
    rateLimits: false,
  })
  return {
    app,
    async close() {
      await app.close()
      await storage.close()
      await issuers.close()
    },
  }
}, 30_000)

const device = () => randomBytes(32).toString('base64url')
let unique = 0

/** A login the provider answered: its callback URL, login id, device and the proof the page hands the frame. */
async function calledBack() {
  const on = device()
  const started = (
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/social/start',
      payload: { provider: 'github', device: on },
    })
  ).json() as { login: string; url: string }
  const url = await logInAtLocalIssuer(started.url, `fuzz${++unique}`, CALLBACKS)
  return { url, login: started.login, device: on }
}

test('POST /v1/auth/social/start: the body mutated, or random', async () => {
  const spec: RouteSpec = {
    method: 'POST',
    url: '/v1/auth/social/start',
    valid: () => ({ body: { provider: 'google', device: device() } }),
  }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 150, lastError })
  expect(statuses[200]).toBeGreaterThan(5)
})

test('GET /v1/auth/social/:provider/callback: any query, a real one taken apart, never a server error', async () => {
  const real = await calledBack()
  const params = [...real.url.searchParams.entries()]
  const value = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.constantFrom(...params.map(([, v]) => v), 'access_denied', '', issuers.issuer('google')),
  )
  const query = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom('state', 'code', 'error', 'iss'), fc.string({ maxLength: 8 })), value),
    { maxLength: 5 },
  )
  const provider = fc.oneof(
    fc.constantFrom('github', 'google', 'facebook'),
    fc.string({ minLength: 1, maxLength: 12 }),
  )
  await fc.assert(
    fc.asyncProperty(provider, query, async (name, pairs) => {
      lastError()
      const response = await t.app.inject({
        method: 'GET',
        url: `/v1/auth/social/${encodeURIComponent(name)}/callback?${new URLSearchParams(pairs)}`,
      })
      expect(response.statusCode, `${response.body.slice(0, 200)} — server: ${lastError()}`).toBeLessThan(500)
      // A refusal is a page in words for the popup, or the schema's refusal naming its field.
      if (response.statusCode >= 400 && response.headers['content-type']?.toString().startsWith('text/html'))
        expect(response.body).toMatch(/<h1>[^<]+<\/h1>/)
      else if (response.statusCode >= 400) expect(typeof response.json().error).toBe('string')
    }),
    { numRuns: 200 },
  )
  // The noise took that login (its state came up): a new one logs in as ever.
  const fresh = await calledBack()
  expect((await t.app.inject({ url: `${fresh.url.pathname}${fresh.url.search}` })).statusCode).toBe(200)
})

test('POST /v1/auth/social/:id/complete: a live login’s proof mutated, or random', async () => {
  const spec: RouteSpec = {
    method: 'POST',
    url: '/v1/auth/social/:id/complete',
    valid: async () => {
      const login = await calledBack()
      const page = await t.app.inject({ url: `${login.url.pathname}${login.url.search}` })
      const proof = /&#34;proof&#34;:&#34;([A-Za-z0-9_-]{43})&#34;/.exec(page.body)?.[1] ?? ''
      return { params: { id: login.login }, body: { device: login.device, proof } }
    },
  }
  await fuzzRoute(t.app, spec, { numRuns: 60, lastError })
})
