// The Farcaster relay as its clients see it: @farcaster/auth-client's app client (open, poll, verify) and wallet client
// (parse the URI, sign with a custody key, post), over HTTP to the app listening on PGlite, with an ID registry faked.
import { type CreateClientArgs, createAppClient, createWalletClient } from '@farcaster/auth-client'
import { type Address, createPublicClient, custom, zeroAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../test/support/app.ts'
import { listeningUrl } from '../app.ts'
import { sha256Hex } from '../tokens.ts'
import { FARCASTER_CHANNEL_TTL_MS, type FarcasterRelayOptions } from './farcasterRelay.ts'

const KEY = 'relay-key-for-tests'
const custody = privateKeyToAccount(generatePrivateKey())
const FID = 4242
const UNREGISTERED_FID = 404
const REGISTRY_DOWN_FID = 502
const request = { siweUri: 'https://app.example.com/login', domain: 'app.example.com' }

/** The ID registry: FID's custody is the test account; the registry cannot be read for REGISTRY_DOWN_FID. */
const registry = {
  async custodyOf(fid: bigint): Promise<Address> {
    if (fid === BigInt(REGISTRY_DOWN_FID)) throw new Error('the RPC is down')
    return fid === BigInt(FID) ? custody.address : zeroAddress
  },
}

/** The app's view of the chain: the custody's fid; signatures are checked by recovery (no chain to call). */
const ethereum: CreateClientArgs['ethereum'] = {
  getFid: async (address) => (address === custody.address ? BigInt(FID) : 0n),
  isValidAuthAddress: async () => false,
  publicClient: createPublicClient({
    transport: custom({
      request: async () => {
        throw new Error('no chain in this test')
      },
    }),
  }),
}

interface Relay extends TestApp {
  base: string
  /** The server's clock, in ms. */
  clock: { now: number }
  appClient: ReturnType<typeof createAppClient>
  walletClient: ReturnType<typeof createWalletClient>
}

async function startRelay(options: Omit<FarcasterRelayOptions, 'storage' | 'now'>): Promise<Relay> {
  const clock = { now: Date.now() }
  const test = await createTestApp({ farcasterRelay: { ...options, now: () => new Date(clock.now) } })
  await test.app.listen({ port: 0, host: '127.0.0.1' })
  const base = listeningUrl(test.app) ?? ''
  return {
    ...test,
    base,
    clock,
    appClient: createAppClient({ relay: `${base}/farcaster`, ethereum }),
    walletClient: createWalletClient({ relay: `${base}/farcaster`, ethereum }),
  }
}

let relay: Relay
let keyless: Relay
let small: Relay
beforeAll(async () => {
  relay = await startRelay({ key: KEY, registry })
  keyless = await startRelay({})
  small = await startRelay({ key: KEY, maxChannels: 2 })
})
afterAll(async () => {
  await relay?.close()
  await keyless?.close()
  await small?.close()
})

async function open(on: Relay, extra: Record<string, unknown> = {}) {
  const created = await on.appClient.createChannel({ ...request, ...extra })
  expect(created.isError).toBe(false)
  expect(created.response?.status).toBe(201)
  return created.data!
}

/** The Farcaster client's side: the token read from the URI, a message signed by the custody key, posted. */
async function signIn(on: Relay, connectUri: string, fid = FID, authKey = KEY) {
  const { channelToken } = on.walletClient.parseSignInURI({ uri: connectUri })
  const params = Object.fromEntries(new URL(connectUri).searchParams)
  const built = on.walletClient.buildSignInMessage({
    fid,
    address: custody.address,
    nonce: params.nonce,
    domain: params.domain,
    uri: params.siweUri,
  })
  const message = built.message!
  const signature = await custody.signMessage({ message })
  const answer = await on.walletClient.authenticate({
    channelToken: channelToken!,
    authKey,
    message,
    signature,
    fid,
    username: 'alice',
    displayName: 'Alice',
    bio: 'Signs in',
    pfpUrl: 'https://example.com/alice.png',
  })
  return { ...answer, message, signature }
}

describe('a sign-in through the relay', () => {
  test('open: the farcaster://connect URI holds the token, nonce and signature params', async () => {
    const channel = await open(relay, {
      nonce: 'abcdEFGH1234',
      notBefore: '2026-01-01T00:00:00Z',
      expirationTime: '2026-01-01T00:10:00.000Z',
      requestId: 'request-1',
      redirectUrl: 'https://app.example.com/done',
    })
    expect(channel.channelToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(channel.nonce).toBe('abcdEFGH1234')
    expect((channel as { connectUri?: string }).connectUri).toBe(channel.url)
    const uri = new URL(channel.url)
    expect(uri.protocol).toBe('farcaster:')
    expect(uri.host).toBe('connect')
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      channelToken: channel.channelToken,
      nonce: 'abcdEFGH1234',
      ...request,
      notBefore: '2026-01-01T00:00:00Z',
      expirationTime: '2026-01-01T00:10:00.000Z',
      requestId: 'request-1',
    })
    expect(relay.walletClient.parseSignInURI({ uri: channel.url }).channelToken).toBe(channel.channelToken)
    // The channel is stored under the token's hash, never the token.
    const at = new Date(relay.clock.now)
    expect(await relay.storage.farcaster.read(sha256Hex(channel.channelToken), at)).toBeDefined()
    expect(await relay.storage.farcaster.read(channel.channelToken, at)).toBeUndefined()
  })

  test('a nonce is made when the app gives none', async () => {
    const channel = await open(relay)
    expect(channel.nonce).toMatch(/^[A-Za-z0-9]{8,}$/)
    expect(new URL(channel.url).searchParams.get('nonce')).toBe(channel.nonce)
  })

  test('pending (202), then completed (200) with the signed message, which verifies; then the channel is gone', async () => {
    const channel = await open(relay, { requestId: 'r-2' })
    const pending = await relay.appClient.status({ channelToken: channel.channelToken })
    expect(pending.response?.status).toBe(202)
    expect(pending.data).toEqual({
      state: 'pending',
      nonce: channel.nonce,
      signatureParams: { ...request, nonce: channel.nonce, requestId: 'r-2' },
      metadata: { ip: '127.0.0.1', userAgent: expect.any(String) },
      acceptAuthAddress: true,
    })

    const signed = await signIn(relay, channel.url)
    expect(signed.response?.status).toBe(201)
    const completed = {
      ...pending.data,
      state: 'completed',
      message: signed.message,
      signature: signed.signature,
      authMethod: 'custody',
      fid: FID,
      username: 'alice',
      displayName: 'Alice',
      bio: 'Signs in',
      pfpUrl: 'https://example.com/alice.png',
      custody: custody.address,
      verifications: [],
    }
    expect(signed.data).toEqual(completed)

    const status = await relay.appClient.status({ channelToken: channel.channelToken })
    expect(status.response?.status).toBe(200)
    expect(status.data).toEqual(completed)
    const verified = await relay.appClient.verifySignInMessage({
      nonce: channel.nonce,
      domain: request.domain,
      message: status.data!.message!,
      signature: status.data!.signature!,
    })
    expect(verified.isError).toBe(false)
    expect(verified).toMatchObject({ success: true, fid: FID, authMethod: 'custody' })

    // The answer is handed out once.
    const again = await relay.appClient.status({ channelToken: channel.channelToken })
    expect(again.response?.status).toBe(401)
    expect(again.data).toEqual({ error: 'Unknown or expired channel token' })
  })

  test('watchStatus polls until the client has signed', async () => {
    const channel = await open(relay, { acceptAuthAddress: false })
    const watched = relay.appClient.watchStatus({
      channelToken: channel.channelToken,
      interval: 50,
      timeout: 5000,
    })
    await new Promise((resolve) => setTimeout(resolve, 120))
    await signIn(relay, channel.url)
    const done = await watched
    expect(done.data).toMatchObject({ state: 'completed', fid: FID, acceptAuthAddress: false })
  })

  test('a channel is completed once: a second answer → 409', async () => {
    const channel = await open(relay)
    expect((await signIn(relay, channel.url)).response?.status).toBe(201)
    const second = await signIn(relay, channel.url)
    expect(second.response?.status).toBe(409)
    expect(second.data).toEqual({ error: 'This channel was completed already' })
  })
})

describe('refusals', () => {
  test('a wrong or missing relay key → 401, and the channel stays pending', async () => {
    const channel = await open(relay)
    const wrong = await signIn(relay, channel.url, FID, `${KEY}x`)
    expect(wrong.response?.status).toBe(401)
    expect(wrong.data).toEqual({ error: 'Missing or wrong X-Farcaster-Auth-Relay-Key' })
    const missing = await relay.app.inject({
      method: 'POST',
      url: '/farcaster/v1/channel/authenticate',
      headers: { authorization: `Bearer ${channel.channelToken}` },
      payload: { message: 'hello', signature: '0x00', fid: FID },
    })
    expect(missing.statusCode).toBe(401)
    expect((await relay.appClient.status({ channelToken: channel.channelToken })).response?.status).toBe(202)
  })

  test('without a key configured, the relay opens channels but takes no sign-in', async () => {
    const channel = await open(keyless)
    const refused = await signIn(keyless, channel.url)
    expect(refused.response?.status).toBe(401)
    expect(refused.data).toEqual({
      error: 'This relay takes no sign-ins: no relay key is configured (LATCH_FARCASTER_RELAY_KEY)',
    })
  })

  test('an unknown, missing or malformed channel token → 401', async () => {
    const unknown = await relay.appClient.status({ channelToken: 'A'.repeat(43) })
    expect(unknown.response?.status).toBe(401)
    expect(unknown.data).toEqual({ error: 'Unknown or expired channel token' })
    for (const headers of [
      {},
      { authorization: 'Bearer short' },
      { authorization: `Basic ${'A'.repeat(43)}` },
    ]) {
      const response = await relay.app.inject({ url: '/farcaster/v1/channel/status', headers })
      expect(response.statusCode).toBe(401)
    }
    const signed = await signIn(
      relay,
      `farcaster://connect?channelToken=${'B'.repeat(43)}&nonce=abcdefgh&${new URLSearchParams(request)}`,
    )
    expect(signed.response?.status).toBe(401)
  })

  test('an expired channel is answered as an unknown one, and purged', async () => {
    const channel = await open(small)
    small.clock.now += FARCASTER_CHANNEL_TTL_MS
    try {
      expect((await small.appClient.status({ channelToken: channel.channelToken })).response?.status).toBe(
        401,
      )
      expect((await signIn(small, channel.url)).response?.status).toBe(401)
      expect(await small.storage.farcaster.count(new Date(small.clock.now))).toBe(0)
      expect(await small.storage.farcaster.purge(new Date(small.clock.now))).toBeGreaterThan(0)
    } finally {
      small.clock.now -= FARCASTER_CHANNEL_TTL_MS
    }
  })

  test('the live channels are capped (503); expired ones leave room', async () => {
    await open(small)
    await open(small)
    const full = await small.appClient.createChannel(request)
    expect(full.response?.status).toBe(503)
    expect(full.response?.headers.get('retry-after')).toBe('60')
    expect(full.data).toEqual({ error: 'The relay has too many open channels; try again in a minute' })
    small.clock.now += FARCASTER_CHANNEL_TTL_MS
    await open(small)
  })

  test('without a registry the relay leaves custody out', async () => {
    small.clock.now += FARCASTER_CHANNEL_TTL_MS
    const channel = await open(small)
    const signed = await signIn(small, channel.url)
    expect(signed.response?.status).toBe(201)
    expect(signed.data).toMatchObject({ state: 'completed', fid: FID })
    expect(signed.data).not.toHaveProperty('custody')
  })

  test('an fid the registry has no custody for → 400 naming it; a registry that cannot be read → 502', async () => {
    const channel = await open(relay)
    const unregistered = await signIn(relay, channel.url, UNREGISTERED_FID)
    expect(unregistered.response?.status).toBe(400)
    expect(unregistered.data).toEqual({
      error: `fid ${UNREGISTERED_FID} is not registered: it has no custody address`,
      field: 'fid',
    })
    const down = await signIn(relay, channel.url, REGISTRY_DOWN_FID)
    expect(down.response?.status).toBe(502)
    expect(down.data).toEqual({ error: 'The Farcaster ID registry could not be read; try again in a moment' })
    // Neither completed the channel.
    expect((await signIn(relay, channel.url)).response?.status).toBe(201)
  })

  test('a refused field is named', async () => {
    const channel = await open(relay)
    const cases: [string, Record<string, unknown>, string][] = [
      ['/farcaster/v1/channel', { ...request, siweUri: 'not a url' }, 'siweUri'],
      ['/farcaster/v1/channel', { ...request, domain: 'app.example.com/path' }, 'domain'],
      ['/farcaster/v1/channel', { ...request, nonce: 'short' }, 'nonce'],
      ['/farcaster/v1/channel', { ...request, notBefore: 'tomorrow' }, 'notBefore'],
      ['/farcaster/v1/channel', { ...request, requestId: 'x'.repeat(201) }, 'requestId'],
      ['/farcaster/v1/channel', { ...request, acceptAuthAddress: 'yes' }, 'acceptAuthAddress'],
      ['/farcaster/v1/channel', { domain: request.domain }, 'siweUri'],
      ['/farcaster/v1/channel/authenticate', { message: 'm', signature: '0x00', fid: 0 }, 'fid'],
      ['/farcaster/v1/channel/authenticate', { message: 'm', signature: '0x00', fid: 2 ** 53 }, 'fid'],
      ['/farcaster/v1/channel/authenticate', { message: 'm', signature: 'abc', fid: 1 }, 'signature'],
      ['/farcaster/v1/channel/authenticate', { message: '', signature: '0x00', fid: 1 }, 'message'],
      [
        '/farcaster/v1/channel/authenticate',
        { message: 'm', signature: '0x00', fid: 1, authMethod: 'password' },
        'authMethod',
      ],
      [
        '/farcaster/v1/channel/authenticate',
        { message: 'm', signature: '0x00', fid: 1, pfpUrl: 'x' },
        'pfpUrl',
      ],
    ]
    for (const [url, payload, field] of cases) {
      const response = await relay.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${channel.channelToken}`, 'x-farcaster-auth-relay-key': KEY },
        payload,
      })
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400)
      expect(response.json().field).toBe(field)
      expect(response.json().error).toContain(field)
    }
  })

  test('a body over 8 KiB → 413', async () => {
    const response = await relay.app.inject({
      method: 'POST',
      url: '/farcaster/v1/channel',
      payload: { ...request, requestId: 'x'.repeat(9000) },
    })
    expect(response.statusCode).toBe(413)
  })
})
