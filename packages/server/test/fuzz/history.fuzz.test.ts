// GET /v1/account/:account/history: the cursor is base64url of JSON [minedAt, chainId, blockNumber, txIndex]; the
// fuzzer mutates its parts before encoding, so hostile dates and integers reach the page query.
import { anvilAddresses } from '@latch/devnet'
import { describe, expect, it, test } from 'vitest'
import { createBlockchainTestApp } from '../support/blockchainApp.ts'
import { appUnderFuzz, expectRefused, fuzzRoute, type RouteSpec } from './harness.ts'
import { toJson } from './hostile.ts'
import type { Mutation } from './mutate.ts'

const { t, lastError } = appUnderFuzz(createBlockchainTestApp, 60_000)

const history: RouteSpec = {
  method: 'GET',
  url: '/v1/account/:account/history',
  valid: () => ({
    params: { account: anvilAddresses[0] },
    query: {
      cursor: ['2026-11-01T12:00:00.000Z', 31337, 5, 0],
      chainId: 'eip155:31337',
      projectId: 'open',
      st: 'latch',
      sv: '0.1.0',
    },
  }),
  // A cursor the fuzzer left a structure is written as the server writes one; text it put there goes as it is.
  encode: (request) => {
    const cursor = request.query?.cursor
    if (cursor === null || typeof cursor !== 'object' || !Array.isArray(cursor)) return request
    return {
      ...request,
      query: { ...request.query, cursor: Buffer.from(toJson(cursor)).toString('base64url') },
    }
  },
  optional: ['onramp'],
}

test('GET /v1/account/:account/history: the account, cursor parts and query mutated, or random', async () => {
  const { statuses } = await fuzzRoute(t.app, history, { numRuns: 300, lastError })
  expect(statuses[200]).toBeGreaterThan(30)
})

test('GET /v1/account/:account/history?onramp=sandbox: the purchases, the account and query mutated', async () => {
  const purchases: RouteSpec = {
    method: 'GET',
    url: '/v1/account/:account/history',
    valid: () => ({
      params: { account: anvilAddresses[0] },
      query: { onramp: 'sandbox', projectId: 'open' },
    }),
  }
  const { statuses } = await fuzzRoute(t.app, purchases, { numRuns: 150, lastError })
  expect(statuses[200]).toBeGreaterThan(15)
})

describe('known breakers: 400 naming the cursor', () => {
  const part = (index: number, value: unknown): Mutation[] => [
    { op: 'replace', path: ['query', 'cursor', index], value },
  ]
  it.each([
    // Safe integers JSON and JavaScript carry exactly, beyond PostgreSQL's integer columns.
    ['chainId 2^53-1', part(1, Number.MAX_SAFE_INTEGER)],
    ['txIndex 2^53-1', part(3, Number.MAX_SAFE_INTEGER)],
    ['chainId 2^53', part(1, 2 ** 53)],
    ['blockNumber 2^53', part(2, 2 ** 53)],
    ['txIndex 2^53', part(3, 2 ** 53)],
    ['chainId 2^31 (beyond integer)', part(1, 2 ** 31)],
    ['txIndex 2^31 (beyond integer)', part(3, 2 ** 31)],
    ['minedAt +275760-09-13T00:00:00.000Z', part(0, '+275760-09-13T00:00:00.000Z')],
    ['minedAt -271821-04-20T00:00:00.000Z', part(0, '-271821-04-20T00:00:00.000Z')],
    ['minedAt year 0', part(0, '0000-01-01T00:00:00.000Z')],
    ['minedAt year 10000', part(0, '+010000-01-01T00:00:00.000Z')],
  ])('a cursor holding %s', async (_, ops) => {
    await expectRefused(t.app, history, ops, 'cursor', lastError)
  })
})
