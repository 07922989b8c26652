// Sign-in sessions: nonces, signing in with a real signed message (mutated, then signed again so that hostile values
// reach the checks after the signature and storage), listing with a real token, revoking with a real signature.
import { anvilPrivateKeys } from '@latch/devnet'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it, test } from 'vitest'
import { revokeSessionMessage } from '../../src/sessions/messages.ts'
import { type BlockchainTestApp, createBlockchainTestApp } from '../support/blockchainApp.ts'
import { expectRefused, fuzzRoute, type RouteSpec, watchErrors } from './harness.ts'
import { wireText } from './hostile.ts'
import type { Mutation, RequestModel } from './mutate.ts'
import { type SiweFields, siweText, validSiweFields } from './siwe.ts'
import { toInject } from './wire.ts'

let t: BlockchainTestApp
let lastError: () => string | undefined
/** A live session of alice's: its token lists sessions, its id is revoked. */
let live: { token: string; id: string }
const alice = privateKeyToAccount(anvilPrivateKeys[0]!)
const ORIGIN = 'http://localhost:5173'
/** Stands for "alice's signature of what the request finally says"; a mutation replaces it with its own. */
const SIGNED = 'signed by alice'
const query = { projectId: 'open', st: 'latch', sv: '0.1.0' }

async function nonce(): Promise<string> {
  return (await t.app.inject('/v1/sessions/nonce')).json().nonce
}

/** The message text, signed by alice where the signature was left alone. */
async function signed(request: RequestModel): Promise<RequestModel> {
  const body = request.body as { message?: unknown; signature?: unknown } | undefined
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return request
  const message =
    body.message !== null && typeof body.message === 'object' && !Array.isArray(body.message)
      ? siweText(body.message as SiweFields)
      : body.message
  const signature =
    body.signature === SIGNED ? await alice.signMessage({ message: wireText(message) }) : body.signature
  return { ...request, body: { ...body, message, signature } }
}

const signIn: RouteSpec = {
  method: 'POST',
  url: '/v1/sessions',
  valid: async () => ({
    query,
    headers: { origin: ORIGIN },
    body: { message: validSiweFields(alice.address, await nonce()), signature: SIGNED },
  }),
  encode: signed,
}

beforeAll(async () => {
  t = await createBlockchainTestApp()
  lastError = watchErrors(t.app)
  const response = await t.app.inject(toInject(signIn, await signed(await signIn.valid())))
  expect(response.statusCode, response.body).toBe(201)
  const body = response.json()
  live = { token: body.token, id: body.session.id }
}, 60_000)
afterAll(() => t?.close())

test('the fuzzer writes the sign-in message viem writes', async () => {
  const fields = validSiweFields(alice.address, 'abcdefgh12345678', Date.parse('2026-11-25T08:00:00.000Z'))
  const viem = createSiweMessage({
    ...(fields as Parameters<typeof createSiweMessage>[0]),
    address: alice.address,
    issuedAt: new Date(fields.issuedAt as string),
    expirationTime: new Date(fields.expirationTime as string),
    notBefore: new Date(fields.notBefore as string),
  })
  expect(siweText(fields)).toBe(viem)
})

test('GET /v1/sessions/nonce: the query mutated, or a random one', async () => {
  const spec: RouteSpec = { method: 'GET', url: '/v1/sessions/nonce', valid: () => ({ query }) }
  await fuzzRoute(t.app, spec, { numRuns: 200, lastError })
})

test('POST /v1/sessions: a signed message with its fields mutated, the body and query mutated, or random', async () => {
  const spec = { ...signIn, parts: ['body', 'query'] as const }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 300, lastError })
  // Sessions were created: the hostile values that pass the checks reached storage.
  expect(statuses[201]).toBeGreaterThan(20)
})

test('POST /v1/sessions: a signed message from a mutated Origin', async () => {
  await fuzzRoute(t.app, { ...signIn, parts: ['headers'] }, { numRuns: 100, lastError })
})

test('GET /v1/sessions/:address: the address, token and query mutated, or random', async () => {
  const spec: RouteSpec = {
    method: 'GET',
    url: '/v1/sessions/:address',
    valid: () => ({
      params: { address: alice.address },
      query,
      headers: { authorization: `Bearer ${live.token}` },
    }),
  }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 200, lastError })
  expect(statuses[200]).toBeGreaterThan(20)
})

test('POST /v1/sessions/:address/revoke: the address, pci and signature mutated, or random', async () => {
  const spec: RouteSpec = {
    method: 'POST',
    url: '/v1/sessions/:address/revoke',
    valid: () => ({ params: { address: alice.address }, query, body: { pci: live.id, signature: SIGNED } }),
    // alice signs the revocation of whatever pci the request names.
    encode: async (request) => {
      const body = request.body as { pci?: unknown; signature?: unknown } | undefined
      if (body === null || typeof body !== 'object' || body.signature !== SIGNED) return request
      const message = revokeSessionMessage(wireText(body.pci))
      return { ...request, body: { ...body, signature: await alice.signMessage({ message }) } }
    },
  }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 200, lastError })
  expect(statuses[200]).toBeGreaterThan(20)
})

describe('known breakers: 400 naming the message', () => {
  const line = (field: string, value: unknown): Mutation[] => [
    { op: 'replace', path: ['body', 'message', field], value },
  ]
  it.each([
    ['NUL in the statement', line('statement', 'Sign in\u0000')],
    ['NUL in the request id', line('requestId', 'fuzz\u0000')],
    ['Expiration Time +275760-09-13T00:00:00.000Z', line('expirationTime', '+275760-09-13T00:00:00.000Z')],
    ['Expiration Time 10000-01-01T00:00:00.000Z', line('expirationTime', '10000-01-01T00:00:00.000Z')],
    ['Not Before 0000-01-01T00:00:00.000Z', line('notBefore', '0000-01-01T00:00:00.000Z')],
    ['Issued At -271821-04-20T00:00:00.000Z', line('issuedAt', '-271821-04-20T00:00:00.000Z')],
  ])('POST /v1/sessions, signed, with %s', async (_, ops) => {
    await expectRefused(t.app, signIn, ops, 'message', lastError)
  })
})
