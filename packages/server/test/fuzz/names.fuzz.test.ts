// Names: lookups by name and address, suggestions, identity, and registration by a signed JSON message (mutated,
// then signed again by its address, so that hostile names, attributes and timestamps reach the checks and storage).
import { anvilPrivateKeys } from '@latch/devnet'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, test } from 'vitest'
import { type BlockchainTestApp, createBlockchainTestApp } from '../support/blockchainApp.ts'
import { expectRefused, fuzzRoute, type RouteSpec, watchErrors } from './harness.ts'
import { toJson, wireText } from './hostile.ts'
import type { Mutation, RequestModel } from './mutate.ts'
import { toInject } from './wire.ts'

let t: BlockchainTestApp
let lastError: () => string | undefined
const alice = privateKeyToAccount(anvilPrivateKeys[0]!)
/** ENSIP-11 coin type of Latch Devnet A (31337). */
const DEVNET_A = (0x80000000 | 31337) >>> 0
/** Stands for "alice's signature of what the request finally says"; a mutation replaces it with its own. */
const SIGNED = 'signed by alice'
const sdk = { projectId: 'open', st: 'latch', sv: '0.1.0' }

let unique = 0
const register: RouteSpec = {
  method: 'POST',
  url: '/v1/profile/account',
  // A name never registered, the current time: each valid request registers.
  valid: () => ({
    query: { ...sdk },
    body: {
      coin_type: DEVNET_A,
      address: alice.address,
      message: {
        name: `fuzz${++unique}-${process.pid}`,
        attributes: { avatar: 'https://a.example/a.png', bio: 'hello' },
        timestamp: Math.floor(Date.now() / 1000),
      },
      signature: SIGNED,
    },
  }),
  // The message object as JSON text, signed by alice where the signature was left alone.
  encode: async (request: RequestModel) => {
    const body = request.body as { message?: unknown; signature?: unknown } | undefined
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return request
    const message = typeof body.message === 'string' ? body.message : toJson(body.message)
    const signature =
      body.signature === SIGNED ? await alice.signMessage({ message: wireText(message) }) : body.signature
    return { ...request, body: { ...body, message, signature } }
  },
}

beforeAll(async () => {
  t = await createBlockchainTestApp()
  lastError = watchErrors(t.app)
  // fuzzer.latch.id: a name the lookups find.
  const valid = await register.valid()
  const message = { ...(valid.body as { message: object }).message, name: 'fuzzer' }
  const response = await t.app.inject(
    toInject(register, await register.encode!({ ...valid, body: { ...(valid.body as object), message } })),
  )
  expect(response.statusCode, response.body).toBe(201)
}, 60_000)
afterAll(() => t?.close())

const lookups: [string, RouteSpec][] = [
  [
    'GET /v1/profile/account/:name',
    {
      method: 'GET',
      url: '/v1/profile/account/:name',
      valid: () => ({ params: { name: 'fuzzer.latch.id' }, query: { apiVersion: '2', ...sdk } }),
    },
  ],
  [
    'GET /v1/profile/reverse/:address',
    {
      method: 'GET',
      url: '/v1/profile/reverse/:address',
      valid: () => ({
        params: { address: alice.address },
        query: { sender: alice.address, apiVersion: '2', ...sdk },
      }),
    },
  ],
  [
    'GET /v1/profile/suggestions/:name',
    {
      method: 'GET',
      url: '/v1/profile/suggestions/:name',
      valid: () => ({ params: { name: 'fuzzer' }, query: { zone: 'latch.id', ...sdk } }),
    },
  ],
  [
    'GET /v1/identity/:address',
    {
      method: 'GET',
      url: '/v1/identity/:address',
      valid: () => ({ params: { address: alice.address }, query: { sender: alice.address, ...sdk } }),
    },
  ],
]

test.each(lookups)('%s: the path and query mutated, or random', async (_, spec) => {
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 200, lastError })
  expect(statuses[200]).toBeGreaterThan(20)
})

test('POST /v1/profile/account: a signed message with its fields mutated, the body and query mutated, or random', async () => {
  const { statuses } = await fuzzRoute(t.app, register, { numRuns: 300, lastError })
  // Names were registered: the hostile values that pass the checks reached storage.
  expect(statuses[201]).toBeGreaterThan(20)
})

describe('known breakers: 400 naming the message', () => {
  const attribute = (key: string, value: unknown): Mutation[] => [
    { op: 'add', path: ['body', 'message', 'attributes', key], value },
  ]
  it.each([
    ['NUL in an attribute value', attribute('bio', 'a\u0000b'), 'message'],
    ['NUL in an attribute key', attribute('b\u0000io', 'hello'), 'message'],
    [
      'NUL in the name',
      [{ op: 'replace', path: ['body', 'message', 'name'], value: 'fu\u0000zz' }],
      'message.name',
    ],
    // Found by this fuzzer: jsonb refuses the escape of a lone surrogate, which JSON.stringify writes.
    ['a lone surrogate in an attribute value', attribute('bio', '\ud800'), 'message'],
    ['a lone surrogate in an attribute key', attribute('\udc00', 'hello'), 'message'],
  ] as [string, Mutation[], string][])('POST /v1/profile/account, signed, with %s', async (_, ops, field) => {
    await expectRefused(t.app, register, ops, field, lastError)
  })
})
