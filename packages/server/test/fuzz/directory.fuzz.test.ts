import fc from 'fast-check'
import { afterAll, beforeAll, test } from 'vitest'
import { createTestApp, type TestApp } from '../support/app.ts'
import { expectHandled, hostileQuery, hostileSegment } from './harness.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const sdk = ['projectId', 'st', 'sv']

test('GET /getWallets: any query', async () => {
  const known = ['page', 'entries', 'include', 'exclude', 'search', 'badge_type', 'chains', ...sdk]
  await fc.assert(
    fc.asyncProperty(hostileQuery(known, { entries: '5', search: 'a', projectId: 'open' }), async (query) => {
      expectHandled(await t.app.inject(`/getWallets?${query}`), known, query)
    }),
    { numRuns: 300 },
  )
})

test.each(['/getWalletImage', '/public/getAssetImage', '/public/getCurrencyImage', '/public/getTokenImage'])(
  'GET %s/:id: any id and query',
  async (route) => {
    await fc.assert(
      fc.asyncProperty(hostileSegment, hostileQuery(sdk), async (id, query) => {
        expectHandled(await t.app.inject(`${route}/${id}?${query}`), ['id', ...sdk], `${id}?${query}`)
      }),
      { numRuns: 150 },
    )
  },
)
