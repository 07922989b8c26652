// The Farcaster relay under hostile input: opening a channel from a full request mutated field by field, or random;
// polling and completing a fresh channel with its token, the relay key and a signed message mutated. The registry
// answers every fid and the cap is out of reach, so the deliberate 502 and 503 never come up: any 5xx is a defect.
import { createWalletClient } from '@farcaster/auth-client'
import { createPublicClient, custom } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { createTestApp } from '../support/app.ts'
import { appUnderFuzz, fuzzRoute, type RouteSpec } from './harness.ts'

const KEY = 'relay-key-for-fuzz'
const custody = privateKeyToAccount(generatePrivateKey())
const { t, lastError } = appUnderFuzz(() =>
  createTestApp({ farcasterRelay: { key: KEY, registry: { custodyOf: async () => custody.address } } }),
)

const request = {
  siweUri: 'https://app.example.com/login',
  domain: 'app.example.com',
  nonce: 'abcdEFGH1234',
  notBefore: '2026-01-01T00:00:00Z',
  expirationTime: '2026-01-01T00:10:00.000Z',
  requestId: 'request-1',
  redirectUrl: 'https://app.example.com/done',
  acceptAuthAddress: true,
}

/** Only builds messages: it never reaches a chain or the relay. */
const wallet = createWalletClient({
  ethereum: {
    getFid: async () => 1n,
    isValidAuthAddress: async () => false,
    publicClient: createPublicClient({
      transport: custom({
        request: async () => {
          throw new Error('no chain in this test')
        },
      }),
    }),
  },
})

async function open(): Promise<{ channelToken: string; nonce: string }> {
  const response = await t.app.inject({ method: 'POST', url: '/farcaster/v1/channel', payload: request })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

test('POST /farcaster/v1/channel: the body mutated, or random', async () => {
  const spec: RouteSpec = { method: 'POST', url: '/farcaster/v1/channel', valid: () => ({ body: request }) }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 200, lastError })
  // Channels opened: the hostile values that pass validation reached storage.
  expect(statuses[201]).toBeGreaterThan(5)
})

test('GET /farcaster/v1/channel/status: a fresh channel’s token mutated, or random', async () => {
  const spec: RouteSpec = {
    method: 'GET',
    url: '/farcaster/v1/channel/status',
    valid: async () => ({ headers: { authorization: `Bearer ${(await open()).channelToken}` } }),
  }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 100, lastError })
  expect(statuses[202]).toBeGreaterThan(5)
})

test('POST /farcaster/v1/channel/authenticate: a fresh channel, the key and a signed message, mutated', async () => {
  const spec: RouteSpec = {
    method: 'POST',
    url: '/farcaster/v1/channel/authenticate',
    valid: async () => {
      const channel = await open()
      const { message } = wallet.buildSignInMessage({
        fid: 7,
        address: custody.address,
        nonce: channel.nonce,
        domain: request.domain,
        uri: request.siweUri,
      })
      return {
        headers: { authorization: `Bearer ${channel.channelToken}`, 'x-farcaster-auth-relay-key': KEY },
        body: {
          message,
          signature: await custody.signMessage({ message: message ?? '' }),
          authMethod: 'custody',
          fid: 7,
          username: 'alice',
          bio: 'Signs in',
          displayName: 'Alice',
          pfpUrl: 'https://example.com/alice.png',
        },
      }
    },
  }
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 150, lastError })
  expect(statuses[201]).toBeGreaterThan(5)
})
