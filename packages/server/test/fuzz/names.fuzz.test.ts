import { anvilAddresses, anvilPrivateKeys } from '@latch/devnet'
import fc from 'fast-check'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type BlockchainTestApp, createBlockchainTestApp } from '../support/blockchainApp.ts'
import { expectHandled, hostileJson, hostileQuery, hostileSegment, mutated } from './harness.ts'

let t: BlockchainTestApp
beforeAll(async () => {
  t = await createBlockchainTestApp()
}, 60_000)
afterAll(() => t?.close())

const sdk = ['projectId', 'st', 'sv']
const alice = privateKeyToAccount(anvilPrivateKeys[0]!)
const DEVNET_A = (0x80000000 | 31337) >>> 0
const address = fc.oneof(hostileSegment, fc.constant(anvilAddresses[0]))
const name = fc.oneof(hostileSegment, fc.constantFrom('alice', 'alice.latch.id', 'Al-ice'))

test('GET /v1/profile/account/:name, /suggestions/:name and /reverse/:address, /v1/identity/:address', async () => {
  const routes = [
    ['/v1/profile/account', name, ['name', 'apiVersion']],
    ['/v1/profile/suggestions', name, ['name', 'zone']],
    ['/v1/profile/reverse', address, ['address', 'sender', 'apiVersion']],
    ['/v1/identity', address, ['address', 'sender']],
  ] as const
  for (const [route, segment, fields] of routes)
    await fc.assert(
      fc.asyncProperty(segment, hostileQuery([...fields.slice(1), ...sdk]), async (value, query) => {
        const url = `${route}/${value}?${query}`
        expectHandled(await t.app.inject(url), [...fields, ...sdk], url)
      }),
      { numRuns: 100 },
    )
})

let unique = 0
let registered = 0
test('POST /v1/profile/account: any signed message and any body; hostile values reach storage signed', async () => {
  const message = fc
    .oneof(
      mutated({ name: 'fuzz', attributes: { avatar: 'https://a.example/x.png', bio: 'hi' }, timestamp: 0 }),
      hostileJson.map((value) => ({ value, path: [] })),
    )
    .map(({ value }) => value)
  const outer = fc.oneof(
    fc.constant(undefined),
    mutated({ coin_type: DEVNET_A, address: alice.address, message: '', signature: '0x' }),
  )
  await fc.assert(
    fc.asyncProperty(message, outer, async (inner, mutation) => {
      // A fresh name and the current time where the fuzzer left them, so that storage is reached.
      const filled =
        inner && typeof inner === 'object' && !Array.isArray(inner)
          ? {
              ...inner,
              ...((inner as { name?: unknown }).name === 'fuzz' ? { name: `fuzz${++unique}` } : {}),
              ...((inner as { timestamp?: unknown }).timestamp === 0
                ? { timestamp: Math.floor(Date.now() / 1000) }
                : {}),
            }
          : inner
      const text = JSON.stringify(filled) ?? 'null'
      const signed = {
        coin_type: DEVNET_A,
        address: alice.address,
        message: text,
        signature: await alice.signMessage({ message: text }),
      }
      const body = mutation
        ? {
            ...(mutation.value as object),
            ...(mutation.path[0] === 'message' || mutation.path[0] === 'signature'
              ? {}
              : { message: text, signature: signed.signature }),
          }
        : signed
      const payload = JSON.stringify(body)
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/profile/account?projectId=open',
        headers: { 'content-type': 'application/json' },
        payload,
      })
      expectHandled(response, ['body', 'coin_type', 'address', 'message', 'signature', ...sdk], payload)
      if (response.statusCode === 201) registered++
    }),
    { numRuns: 250 },
  )
  // The fuzzer got past the checks into storage, not only into the first refusal.
  expect(registered).toBeGreaterThan(10)
})

test('a name registration with NUL in its attributes is refused naming the message', async () => {
  const text = JSON.stringify({
    name: 'nulattr',
    attributes: { bio: 'a\u0000b' },
    timestamp: Math.floor(Date.now() / 1000),
  })
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/profile/account',
    payload: {
      coin_type: DEVNET_A,
      address: alice.address,
      message: text,
      signature: await alice.signMessage({ message: text }),
    },
  })
  expect({ status: response.statusCode, body: response.json() }).toEqual({
    status: 400,
    body: { error: 'message.attributes must not contain NUL characters', field: 'message' },
  })
})
