// Telegram logins under hostile input: a start from a real request mutated field by field, or random; the callback
// (which anyone may post to) with a live login's state and signed data taken apart, or random. Over PGlite and the
// frame origin's app, with data signed for the devnet's test bot.
import { randomBytes } from 'node:crypto'
import { localTelegramBotToken, signTelegramLogin } from '@latch/devnet'
import { expect, test } from 'vitest'
import { generateAuthSecrets } from '../../src/auth/secrets.ts'
import { createFrameApp } from '../../src/frameApp.ts'
import { memoryStorage } from '../support/memoryStorage.ts'
import { appUnderFuzz, fuzzRoute, type RouteSpec } from './harness.ts'

const { t, lastError } = appUnderFuzz(async () => {
  const storage = await memoryStorage()
  const app = await createFrameApp({
    storage,
    secrets: generateAuthSecrets(),
    publicUrl: () => 'http://127.0.0.1:8789',
    telegram: { botToken: localTelegramBotToken, url: 'http://127.0.0.1:8790/telegram' },
    rateLimits: false,
  })
  await storage.upsertProject({
    id: 'shop',
    name: 'Shop',
    allowedOrigins: ['https://dapp.example'],
    analyticsEnabled: false,
  })
  return {
    app,
    async close() {
      await app.close()
      await storage.close()
    },
  }
}, 30_000)

const device = () => randomBytes(32).toString('base64url')

test('POST /v1/auth/telegram/start: the body mutated, or random', async () => {
  const spec: RouteSpec = {
    method: 'POST',
    url: '/v1/auth/telegram/start',
    valid: () => ({
      body: { device: device(), returnTo: 'https://dapp.example/page?x=1', projectId: 'shop' },
    }),
  }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 150, lastError })
  expect(statuses[200]).toBeGreaterThan(5)
})

test('POST /v1/auth/telegram/callback: a live login’s state and signed data mutated, or random', async () => {
  const spec: RouteSpec = {
    method: 'POST',
    url: '/v1/auth/telegram/callback',
    valid: async () => {
      const started = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/telegram/start',
        payload: { device: device(), returnTo: 'https://dapp.example/', projectId: 'shop' },
      })
      const telegram = new URL((started.json() as { url: string }).url)
      const state = new URL(telegram.searchParams.get('return_to') ?? '').searchParams.get('state') ?? ''
      const data = signTelegramLogin(
        { id: '77', first_name: 'Fuzz', auth_date: String(Math.floor(Date.now() / 1000)) },
        localTelegramBotToken,
      )
      return { body: { state, data } }
    },
  }
  await fuzzRoute(t.app, spec, { numRuns: 120, lastError })
})
