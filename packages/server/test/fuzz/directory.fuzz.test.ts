// GET /getWallets and the four image routes under hostile queries and ids.
import { describe, expect, it, test } from 'vitest'
import { createTestApp } from '../support/app.ts'
import { appUnderFuzz, expectRefused, fuzzRoute, type RouteSpec } from './harness.ts'

const { t, lastError } = appUnderFuzz(createTestApp)

const sdk = { projectId: 'open', st: 'latch', sv: '0.1.0' }

// Every parameter present, so that each can be mutated; the fixture directory answers it with one wallet.
const wallets: RouteSpec = {
  method: 'GET',
  url: '/getWallets',
  valid: () => ({
    query: {
      page: '1',
      entries: '10',
      include: 'alpha,gamma',
      exclude: 'beta',
      search: 'al',
      badge_type: 'none',
      chains: 'eip155:1',
      ...sdk,
    },
    // Read by the route: whether the page goes out gzipped.
    headers: { 'accept-encoding': 'br, gzip;q=0.5' },
  }),
}

test('GET /getWallets: the valid query mutated, or a random one', async () => {
  const { statuses } = await fuzzRoute(t.app, wallets, { numRuns: 300, lastError })
  expect(statuses[200]).toBeGreaterThan(30)
})

const images = [
  ['/getWalletImage/:id', 'alpha-icon'],
  ['/public/getAssetImage/:id', 'eip155-1'],
  ['/public/getCurrencyImage/:id', 'USD'],
  ['/public/getTokenImage/:id', 'ETH'],
] as const

test.each(images)('GET %s: the id and query mutated, or random', async (url, id) => {
  // If-None-Match is read by the route (304 on its ETag); this one names another, so the image is sent.
  const valid = () => ({ params: { id }, query: { ...sdk }, headers: { 'if-none-match': 'W/"other", "x"' } })
  const spec: RouteSpec = { method: 'GET', url, valid }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 200, lastError })
  expect(statuses[200]).toBeGreaterThan(20)
})

describe('known breakers: 400 naming the field', () => {
  it.each([
    ['search', 'a\u0000b'],
    ['projectId', 'op\u0000en'],
    ['st', 'lat\u0000ch'],
    ['sv', '0.1.0\u0000'],
  ])('GET /getWallets with NUL in %s', async (name, value) => {
    await expectRefused(t.app, wallets, [{ op: 'replace', path: ['query', name], value }], name, lastError)
  })
})
