// The on-ramp API over the devnet's sandbox provider (no chain is read; a paid checkout's delivery fails), and the
// sandbox's checkout page, whose form a stranger may post anything to.
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { devnetBlockchainConfig } from '../../src/chains/defaults.ts'
import { createTestApp } from '../support/app.ts'
import { appUnderFuzz, fuzzRoute, type RouteSpec } from './harness.ts'

const { t, lastError } = appUnderFuzz(() =>
  createTestApp({
    blockchain: devnetBlockchainConfig({ rpcA: 'http://127.0.0.1:9', rpcB: 'http://127.0.0.1:9' }),
  }),
)
const sdk = { projectId: 'open', st: 'latch', sv: '0.1.0' }

test('GET /v1/onramp/options: the query mutated, or a random one', async () => {
  const spec: RouteSpec = { method: 'GET', url: '/v1/onramp/options', valid: () => ({ query: { ...sdk } }) }
  await fuzzRoute(t.app, spec, { numRuns: 150, lastError })
})

test('POST /v1/onramp/quote: the body mutated, or a random one', async () => {
  const spec: RouteSpec = {
    method: 'POST',
    url: '/v1/onramp/quote',
    valid: () => ({
      query: { ...sdk },
      body: {
        purchaseCurrency: 'ETH',
        paymentCurrency: 'USD',
        amount: '100',
        network: '31337',
        projectId: 'open',
      },
    }),
  }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 250, lastError })
  expect(statuses[200]).toBeGreaterThan(25)
})

const buyer = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'

test('POST /v1/generators/onrampurl: the body mutated, or a random one', async () => {
  const spec: RouteSpec = {
    method: 'POST',
    url: '/v1/generators/onrampurl',
    valid: () => ({
      query: { ...sdk },
      body: {
        destinationWallets: [{ address: buyer, blockchains: ['31337'], assets: ['ETH'] }],
        partnerUserId: buyer,
        defaultNetwork: '31337',
        defaultAsset: 'ETH',
        defaultExperience: 'buy',
        presetFiatAmount: 100,
        fiatCurrency: 'USD',
        projectId: 'open',
      },
    }),
  }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 250, lastError })
  expect(statuses[200]).toBeGreaterThan(25)
})

test('the checkout page and its form: any id, any fields, any encoding → a page, never a server error', async () => {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/generators/onrampurl',
    payload: { destinationWallets: [{ address: buyer }], partnerUserId: buyer, presetFiatAmount: 100 },
  })
  const path = new URL(created.json().url).pathname
  const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('4242424242424242', '12/40', '123', ''))
  const form = fc.dictionary(fc.constantFrom('number', 'expiry', 'cvc', 'x', '__proto__'), text)
  const id = fc.oneof(
    fc.constant(path.split('/').at(-1)!),
    fc.string({ maxLength: 70 }).map(encodeURIComponent),
  )
  const type = fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain')
  await fc.assert(
    fc.asyncProperty(id, form, type, async (order, fields, contentType) => {
      const url = `/onramp/sandbox/${order}`
      const payload =
        contentType === 'application/json' ? JSON.stringify(fields) : new URLSearchParams(fields).toString()
      lastError()
      const page = await t.app.inject(url)
      const posted = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': contentType },
        payload,
      })
      const detail = `${posted.statusCode} ${posted.body.slice(0, 200)} ← ${url} ${payload} — ${lastError() ?? ''}`
      expect([200, 404], detail).toContain(page.statusCode)
      expect([303, 400, 404, 415], detail).toContain(posted.statusCode)
    }),
    { numRuns: 150 },
  )
})
