import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../test/support/app.ts'
import { createApp } from './app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('health', () => {
  test('200 when the database answers', async () => {
    const response = await t.app.inject('/health')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
  })

  test('503 when it does not', async () => {
    const app = await createApp({ storage: { ...t.storage, ping: () => Promise.reject(new Error('down')) } })
    const response = await app.inject('/health')
    await app.close()
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ status: 'unavailable' })
  })
})

test('a database failure is a 500 without its details', async () => {
  const failing = {
    ...t.storage,
    listWallets: () => Promise.reject(new Error('relation "secret" does not exist')),
  }
  const app = await createApp({ storage: failing })
  const response = await app.inject('/getWallets')
  await app.close()
  expect(response.statusCode).toBe(500)
  expect(response.json()).toEqual({ error: 'Internal server error' })
})

test('an unknown route is a JSON 404', async () => {
  const response = await t.app.inject('/getWallet')
  expect(response.statusCode).toBe(404)
  expect(response.json()).toEqual({ error: 'No route GET /getWallet' })
})

test('the OpenAPI document lists every route with its parameters; /docs serves the UI', async () => {
  const document = (await t.app.inject('/docs/json')).json()
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining([
      '/getWallets',
      '/getWalletImage/{id}',
      '/public/getAssetImage/{id}',
      '/public/getCurrencyImage/{id}',
      '/public/getTokenImage/{id}',
      '/getAnalyticsConfig',
      '/e',
      '/health',
    ]),
  )
  const parameters = document.paths['/getWallets'].get.parameters.map(
    (parameter: { name: string }) => parameter.name,
  )
  expect(parameters).toEqual(
    expect.arrayContaining(['page', 'entries', 'include', 'exclude', 'search', 'badge_type', 'chains']),
  )
  expect(document.paths['/e'].post.requestBody).toBeDefined()
  const ui = await t.app.inject('/docs/')
  expect(ui.statusCode).toBe(200)
  expect(ui.headers['content-type']).toMatch(/text\/html/)
})

describe('CORS', () => {
  test('a preflight from an origin some project allows is answered for it', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/e?projectId=open',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example.com')
  })

  test('a browser can read the 403 of a project that does not allow its origin', async () => {
    const response = await t.app.inject({
      url: '/getAnalyticsConfig?projectId=open',
      headers: { origin: 'https://app.example.com' },
    })
    expect(response.statusCode).toBe(403)
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example.com')
  })

  test('an origin no project allows gets no CORS headers', async () => {
    const storage = { ...t.storage, allowedOrigins: async () => ['http://localhost:*'] }
    const app = await createApp({ storage })
    const response = await app.inject({ url: '/getWallets', headers: { origin: 'https://evil.example' } })
    await app.close()
    expect(response.statusCode).toBe(200)
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
  })
})

test('requests are counted per (projectId, st, sv) and written when the app closes', async () => {
  const app = await createApp({ storage: t.storage, usageFlushIntervalMs: 60_000 })
  await app.inject('/getWallets?projectId=counted&st=latch&sv=1.2.3')
  await app.inject('/getWalletImage/alpha-icon?projectId=counted&st=latch&sv=1.2.3')
  await app.inject('/getAnalyticsConfig?projectId=counted&st=latch&sv=1.2.3')
  await app.inject('/getWallets?projectId=counted')
  await app.inject('/getWallets?projectId=counted&entries=0')
  expect(await t.storage.listUsage('counted')).toEqual([])
  await app.close()
  const usage = await t.storage.listUsage('counted')
  expect(usage.map(({ sdkType, sdkVersion, requests }) => ({ sdkType, sdkVersion, requests }))).toEqual([
    { sdkType: '', sdkVersion: '', requests: 1 },
    { sdkType: 'latch', sdkVersion: '1.2.3', requests: 3 },
  ])
})
