// What the modal reads to show only the social logins a deployment has clients for.
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../test/support/app.ts'

let configured: TestApp
let bare: TestApp
beforeAll(async () => {
  configured = await createTestApp({ socials: ['google', 'github'] })
  bare = await createTestApp()
})
afterAll(async () => {
  await configured?.close()
  await bare?.close()
})

test('GET /v1/auth/socials names the providers with a client, to any page, and none without', async () => {
  const response = await configured.app.inject({
    url: '/v1/auth/socials',
    headers: { origin: 'http://localhost:5173' },
  })
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({ providers: ['google', 'github'] })
  expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173')
  expect((await bare.app.inject('/v1/auth/socials')).json()).toEqual({ providers: [] })
})

test('GET /v1/auth/socials: any query → the same answer', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 50 })), { maxLength: 5 }),
      async (pairs) => {
        const response = await configured.app.inject(`/v1/auth/socials?${new URLSearchParams(pairs)}`)
        expect(response.statusCode).toBe(200)
        expect(response.json()).toEqual({ providers: ['google', 'github'] })
      },
    ),
    { numRuns: 100 },
  )
})
