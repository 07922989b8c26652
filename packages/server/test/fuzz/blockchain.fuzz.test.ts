// The blockchain API over a real devnet: supported chains, an account's balances, fungible prices.
import { anvilAddresses, testTokenAddresses } from '@latch/devnet'
import { expect, test } from 'vitest'
import { createBlockchainTestApp } from '../support/blockchainApp.ts'
import { appUnderFuzz, fuzzRoute, type RouteSpec } from './harness.ts'

const { t, lastError } = appUnderFuzz(createBlockchainTestApp, 60_000)

const sdk = { projectId: 'open', st: 'latch', sv: '0.1.0' }
const account = anvilAddresses[0]

test('GET /v1/supported-chains: the query mutated, or a random one', async () => {
  const spec: RouteSpec = { method: 'GET', url: '/v1/supported-chains', valid: () => ({ query: { ...sdk } }) }
  await fuzzRoute(t.app, spec, { numRuns: 200, lastError })
})

test('GET /v1/account/:address/balance: the address and query mutated, or random', async () => {
  const spec: RouteSpec = {
    method: 'GET',
    url: '/v1/account/:address/balance',
    valid: () => ({
      params: { address: account },
      query: { currency: 'usd', chainId: 'eip155:31337', forceUpdate: 'false', ...sdk },
    }),
  }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 250, lastError })
  expect(statuses[200]).toBeGreaterThan(25)
})

test('POST /v1/fungible/price: the body mutated, or a random one', async () => {
  const spec: RouteSpec = {
    method: 'POST',
    url: '/v1/fungible/price',
    valid: () => ({
      query: { ...sdk },
      body: {
        currency: 'usd',
        addresses: ['eip155:31337:native', `eip155:31338:${testTokenAddresses.LUSD}`],
        projectId: 'open',
      },
    }),
  }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 250, lastError })
  expect(statuses[200]).toBeGreaterThan(25)
})

const A = 'eip155:31337'
const ETH = `${A}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`
const LUSD = `${A}:${testTokenAddresses.LUSD}`
const LTK = `${A}:${testTokenAddresses.LTK}`
const user = `${A}:${account}`

test('GET /v1/convert/quotes, /tokens, /allowance, /gas-price, /build-approve: the query mutated, or random', async () => {
  const specs: RouteSpec[] = [
    {
      method: 'GET',
      url: '/v1/convert/quotes',
      valid: () => ({
        query: { amount: '1000000', userAddress: user, from: LUSD, to: LTK, gasPrice: '1', ...sdk },
      }),
    },
    { method: 'GET', url: '/v1/convert/tokens', valid: () => ({ query: { chainId: A, ...sdk } }) },
    {
      method: 'GET',
      url: '/v1/convert/allowance',
      valid: () => ({ query: { tokenAddress: LUSD, userAddress: user, ...sdk } }),
    },
    { method: 'GET', url: '/v1/convert/gas-price', valid: () => ({ query: { chainId: A, ...sdk } }) },
    {
      method: 'GET',
      url: '/v1/convert/build-approve',
      valid: () => ({ query: { userAddress: user, from: LUSD, to: LTK, amount: '1000000', ...sdk } }),
      optional: ['amount'],
    },
  ]
  for (const spec of specs) {
    const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 150, lastError })
    expect(statuses[200], spec.url).toBeGreaterThan(10)
  }
})

test('POST /v1/convert/build-transaction: the body mutated, or a random one', async () => {
  const spec: RouteSpec = {
    method: 'POST',
    url: '/v1/convert/build-transaction',
    valid: () => ({
      query: { ...sdk },
      body: {
        amount: '1000000000000000',
        eip155: { slippage: 1 },
        projectId: 'open',
        from: ETH,
        to: LUSD,
        userAddress: user,
        disableEstimate: false,
      },
    }),
  }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 250, lastError })
  expect(statuses[200]).toBeGreaterThan(25)
})
