import { anvilAddresses } from '@latch/devnet'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type BlockchainTestApp, createBlockchainTestApp } from '../support/blockchainApp.ts'
import {
  expectHandled,
  hostileJson,
  hostileNumber,
  hostileQuery,
  hostileSegment,
  hostileString,
  mutated,
} from './harness.ts'

let t: BlockchainTestApp
beforeAll(async () => {
  t = await createBlockchainTestApp()
}, 60_000)
afterAll(() => t?.close())

const sdk = ['projectId', 'st', 'sv']
const account = anvilAddresses[0]
const address = fc.oneof(hostileSegment, fc.constantFrom(account, account.slice(2), account.toUpperCase()))

test('GET /v1/supported-chains: any query', async () => {
  await fc.assert(
    fc.asyncProperty(hostileQuery(sdk), async (query) => {
      expectHandled(await t.app.inject(`/v1/supported-chains?${query}`), sdk, query)
    }),
    { numRuns: 100 },
  )
})

test('GET /v1/account/:address/balance: any address and query', async () => {
  const known = ['currency', 'chainId', 'forceUpdate', ...sdk]
  await fc.assert(
    fc.asyncProperty(
      address,
      hostileQuery(known, { currency: 'usd', chainId: 'eip155:31337' }),
      async (a, query) => {
        expectHandled(
          await t.app.inject(`/v1/account/${a}/balance?${query}`),
          ['address', ...known],
          `${a}?${query}`,
        )
      },
    ),
    { numRuns: 200 },
  )
})

test('POST /v1/fungible/price: any body', async () => {
  const valid = {
    currency: 'usd',
    addresses: ['eip155:31337:native', `eip155:31337:${account}`],
    projectId: 'open',
  }
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        mutated(valid).map(({ value }) => value),
        hostileJson,
      ),
      async (body) => {
        const payload = JSON.stringify(body) ?? 'null'
        const response = await t.app.inject({
          method: 'POST',
          url: '/v1/fungible/price',
          headers: { 'content-type': 'application/json' },
          payload,
        })
        expectHandled(response, ['body', 'currency', 'addresses', 'projectId', ...sdk], payload)
      },
    ),
    { numRuns: 200 },
  )
})

/** A cursor as the server writes one (base64url of [minedAt, chainId, block, txIndex]) with hostile parts. */
const cursor = fc.oneof(
  fc
    .tuple(
      fc.oneof(hostileString, fc.constant('2026-11-01T00:00:00.000Z')),
      fc.oneof(hostileNumber, fc.constant(31337)),
      fc.oneof(hostileNumber, fc.constant(5)),
      fc.oneof(hostileNumber, fc.constant(0)),
    )
    .map((parts) => Buffer.from(JSON.stringify(parts)).toString('base64url')),
  hostileJson.map((value) => Buffer.from(JSON.stringify(value) ?? '').toString('base64url')),
  hostileString,
)

test('GET /v1/account/:account/history: any account, cursor and query', async () => {
  const known = ['cursor', 'chainId', 'onramp', ...sdk]
  await fc.assert(
    fc.asyncProperty(address, cursor, hostileQuery(known), async (a, c, query) => {
      const url = `/v1/account/${a}/history?${new URLSearchParams({ cursor: c })}&${query}`
      expectHandled(await t.app.inject(url), ['account', ...known], url)
    }),
    { numRuns: 200 },
  )
})

test('history cursors beyond the columns and dates beyond PostgreSQL are 400 naming the cursor', async () => {
  const encode = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url')
  for (const parts of [
    ['2026-11-01T00:00:00.000Z', 2 ** 53, 5, 0],
    ['2026-11-01T00:00:00.000Z', 31337, 5, 2 ** 53],
    ['+275760-09-13T00:00:00.000Z', 31337, 5, 0],
    ['-271821-04-20T00:00:00.000Z', 31337, 5, 0],
  ]) {
    const response = await t.app.inject(`/v1/account/${account}/history?cursor=${encode(parts)}`)
    expect({ status: response.statusCode, body: response.json() }, JSON.stringify(parts)).toEqual({
      status: 400,
      body: { error: 'Invalid cursor', field: 'cursor' },
    })
  }
})
