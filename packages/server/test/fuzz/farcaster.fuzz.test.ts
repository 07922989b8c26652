// Farcaster logins under hostile input: a start from a real request mutated field by field, or random, and a poll
// of a live (pending) login mutated. Over the server's own relay (the public API, listening), PGlite and the frame
// origin's app; the ID registry is not reached while no Farcaster app has answered.
import { randomBytes } from 'node:crypto'
import { expect, test } from 'vitest'
import { createApp, listeningUrl } from '../../src/app.ts'
import { createIdRegistry } from '../../src/auth/farcaster/idRegistry.ts'
import { generateAuthSecrets } from '../../src/auth/secrets.ts'
import { createFrameApp } from '../../src/frameApp.ts'
import { memoryStorage } from '../support/memoryStorage.ts'
import { appUnderFuzz, fuzzRoute, type RouteSpec } from './harness.ts'

const { t, lastError } = appUnderFuzz(async () => {
  const storage = await memoryStorage()
  const registry = createIdRegistry('http://127.0.0.1:9')
  const api = await createApp({
    storage,
    farcasterRelay: { key: 'fuzz-farcaster-relay-key', registry },
    rateLimits: false,
  })
  await api.listen({ port: 0, host: '127.0.0.1' })
  const relay = `${listeningUrl(api)}/farcaster`
  const app = await createFrameApp({
    storage,
    secrets: generateAuthSecrets(),
    publicUrl: () => 'http://127.0.0.1:8789',
    farcaster: { registry, relayUrl: () => relay },
    rateLimits: false,
  })
  return {
    app,
    async close() {
      await app.close()
      await api.close()
      await storage.close()
    },
  }
}, 30_000)

const device = () => randomBytes(32).toString('base64url')

test('POST /v1/auth/farcaster/start: the body mutated, or random', async () => {
  const spec: RouteSpec = {
    method: 'POST',
    url: '/v1/auth/farcaster/start',
    valid: () => ({ body: { device: device() } }),
  }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 100, lastError })
  expect(statuses[200]).toBeGreaterThan(5)
})

test('POST /v1/auth/farcaster/:id/poll: a live login’s poll mutated, or random', async () => {
  const spec: RouteSpec = {
    method: 'POST',
    url: '/v1/auth/farcaster/:id/poll',
    valid: async () => {
      const on = device()
      const started = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/farcaster/start',
        payload: { device: on },
      })
      return { params: { id: (started.json() as { login: string }).login }, body: { device: on } }
    },
  }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 100, lastError })
  expect(statuses[202]).toBeGreaterThan(0)
})
