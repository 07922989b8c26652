// The on-ramp API over the devnet's sandbox provider (no chain is read).
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
