import { anvilAddresses, anvilPrivateKeys } from '@latch/devnet'
import fc from 'fast-check'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type BlockchainTestApp, createBlockchainTestApp } from '../support/blockchainApp.ts'
import {
  expectHandled,
  hostileJson,
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
const alice = privateKeyToAccount(anvilPrivateKeys[0]!)
const ORIGIN = 'http://localhost:5173'
const address = fc.oneof(hostileSegment, fc.constant(anvilAddresses[0]))

async function nonce(): Promise<string> {
  return (await t.app.inject('/v1/sessions/nonce')).json().nonce
}

async function message(): Promise<string> {
  return createSiweMessage({
    address: alice.address,
    chainId: 31337,
    domain: 'localhost:5173',
    uri: `${ORIGIN}/`,
    version: '1',
    nonce: await nonce(),
    issuedAt: new Date(),
    expirationTime: new Date(Date.now() + 3_600_000),
    statement: 'Sign in to the fuzzed app',
  })
}

const labels = [
  'Expiration Time',
  'Not Before',
  'Issued At',
  'Chain ID',
  'Nonce',
  'URI',
  'Version',
  'Request ID',
]

/** A valid message with one line's value (or the statement) replaced by a hostile one. */
const edits = fc.oneof(
  fc.tuple(fc.constantFrom(...labels), hostileString).map(([label, value]) => (text: string) => {
    const line = `${label}: ${value.replaceAll('\n', ' ')}`
    return text.includes(`\n${label}: `)
      ? text.replace(new RegExp(`\\n${label}: [^\\n]*`), `\n${line}`)
      : `${text}\n${line}`
  }),
  hostileString.map((value) => (text: string) => text.replace('Sign in to the fuzzed app', value)),
  fc.constant((text: string) => text),
)

let created = 0
test('GET /v1/sessions/nonce: any query', async () => {
  await fc.assert(
    fc.asyncProperty(hostileQuery(sdk), async (query) => {
      expectHandled(await t.app.inject(`/v1/sessions/nonce?${query}`), sdk, query)
    }),
    { numRuns: 100 },
  )
})

test('POST /v1/sessions: a signed message with any line replaced, and any body', async () => {
  const body = fc.oneof(
    fc.tuple(edits, fc.boolean()).map(([edit, sign]) => ({ edit, sign, raw: undefined as unknown })),
    fc
      .oneof(
        hostileJson,
        mutated({ message: 'x', signature: '0x00' }).map(({ value }) => value),
      )
      .map((raw) => ({
        edit: undefined,
        sign: false,
        raw,
      })),
  )
  await fc.assert(
    fc.asyncProperty(body, async ({ edit, sign, raw }) => {
      let value = raw
      if (edit) {
        const text = edit(await message())
        value = {
          message: text,
          signature: sign ? await alice.signMessage({ message: text }) : `0x${'11'.repeat(65)}`,
        }
      }
      const payload = JSON.stringify(value) ?? 'null'
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/sessions?projectId=open',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload,
      })
      expectHandled(response, ['body', 'message', 'signature', ...sdk], payload)
      if (response.statusCode === 201) created++
    }),
    { numRuns: 250 },
  )
  // The fuzzer got past the checks into storage, not only into the first refusal.
  expect(created).toBeGreaterThan(10)
})

test('GET /v1/sessions/:address: any address, token and query', async () => {
  const authorization = fc.oneof(
    hostileString.filter((value) => /^[\t\x20-\x7e]*$/.test(value)).map((value) => `Bearer ${value}`),
    fc.constantFrom('Bearer', 'Basic x', `Bearer ${'a'.repeat(300)}`),
  )
  await fc.assert(
    fc.asyncProperty(address, authorization, hostileQuery(sdk), async (a, auth, query) => {
      const url = `/v1/sessions/${a}?${query}`
      expectHandled(
        await t.app.inject({ url, headers: { authorization: auth } }),
        ['address', 'authorization', 'headers', ...sdk],
        url,
      )
    }),
    { numRuns: 150 },
  )
})

test('POST /v1/sessions/:address/revoke: any address and body', async () => {
  const valid = { pci: '00000000-0000-4000-8000-000000000000', signature: `0x${'22'.repeat(65)}` }
  await fc.assert(
    fc.asyncProperty(
      address,
      fc.oneof(
        mutated(valid).map(({ value }) => value),
        hostileJson,
      ),
      async (a, value) => {
        const payload = JSON.stringify(value) ?? 'null'
        const response = await t.app.inject({
          method: 'POST',
          url: `/v1/sessions/${a}/revoke`,
          headers: { 'content-type': 'application/json' },
          payload,
        })
        expectHandled(response, ['address', 'body', 'pci', 'signature', ...sdk], payload)
      },
    ),
    { numRuns: 150 },
  )
})

test('sign-in messages with NUL or dates beyond the year 9999 are 400 naming the message', async () => {
  for (const edit of [
    (text: string) => text.replace('Sign in to the fuzzed app', 'Sign in\u0000'),
    (text: string) =>
      text.replace(/\nExpiration Time: [^\n]*/, '\nExpiration Time: +275760-09-13T00:00:00.000Z'),
  ]) {
    const text = edit(await message())
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/sessions',
      headers: { origin: ORIGIN },
      payload: { message: text, signature: await alice.signMessage({ message: text }) },
    })
    expect({ status: response.statusCode, field: response.json().field }).toEqual({
      status: 400,
      field: 'message',
    })
  }
})
