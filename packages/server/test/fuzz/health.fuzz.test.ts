// GET /health takes nothing: any query or header is ignored and the answer stays 200.
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../support/app.ts'
import { brief } from './harness.ts'
import { hostileKey, hostileString, hostileWire } from './hostile.ts'
import { queryString } from './wire.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

/** Header names a client may send (tokens), with the headers the server reads among them. */
const headerName = fc.oneof(
  fc.constantFrom(
    'origin',
    'authorization',
    'accept-encoding',
    'if-none-match',
    'x-forwarded-for',
    'content-type',
  ),
  fc.stringMatching(/^x-[a-z0-9-]{1,20}$/),
)

test('GET /health: any query and headers → 200 ok', async () => {
  const query = fc.array(fc.tuple(hostileKey, hostileWire), { maxLength: 5 })
  const headers = fc.array(
    fc.tuple(
      headerName,
      hostileString.filter((value) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value) && value.length < 8192),
    ),
    { maxLength: 4 },
  )
  await fc.assert(
    fc.asyncProperty(query, headers, async (pairs, headerPairs) => {
      const url = `/health?${queryString(Object.fromEntries(pairs))}`
      const response = await t.app.inject({ url, headers: Object.fromEntries(headerPairs) })
      expect(response.statusCode, `${response.body} ← ${brief(url)}`).toBe(200)
      expect(response.json()).toEqual({ status: 'ok' })
    }),
    { numRuns: 200 },
  )
})
