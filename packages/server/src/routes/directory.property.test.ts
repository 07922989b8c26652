import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../test/support/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const knownFields = [
  'page',
  'entries',
  'include',
  'exclude',
  'search',
  'badge_type',
  'chains',
  'projectId',
  'st',
  'sv',
]

// Values near what the schema accepts and plain garbage: numbers, lists, CAIP-2-like ids, LIKE and SQL characters.
const value = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.integer({ min: -5, max: 200 }).map(String),
  fc.constantFrom('1e2', '0x10', ' 1', '', '%', '_', '\\', "'", 'NaN', '2147483648', 'certified', 'none'),
  fc
    .array(fc.constantFrom('eip155:1', 'alpha', 'solana:x', 'a b', '', ' ', 'EIP155:1', '%'), {
      maxLength: 8,
    })
    .map((items) => items.join(',')),
)
const field = fc.oneof(fc.constantFrom(...knownFields), fc.string({ minLength: 1, maxLength: 8 }))
const query = fc.array(fc.tuple(field, value), { maxLength: 6 })

test('any query string → 200 with a page, or 400 naming a known field; never a server error', async () => {
  await fc.assert(
    fc.asyncProperty(query, async (pairs) => {
      const search = new URLSearchParams(pairs).toString()
      const response = await t.app.inject(`/getWallets?${search}`)
      const body = response.json()
      if (response.statusCode === 200) {
        expect(body.count).toBeGreaterThanOrEqual(body.data.length)
        return
      }
      expect(response.statusCode).toBe(400)
      expect(knownFields).toContain(body.field)
      expect(body.error).toContain(body.field)
    }),
    { numRuns: 300 },
  )
})
