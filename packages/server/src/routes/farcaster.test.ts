// Farcaster logins over the real parts: an anvil chain with the devnet's ID registry at Farcaster's address, the
// server's own auth relay (the public API, listening), the frame origin's app as the frame calls it, and the devnet's
// test Farcaster client, which signs with its custody key (or, forging, with another) as a Farcaster app would.
import { randomBytes } from 'node:crypto'
import {
  type AnvilInstance,
  createFarcasterClient,
  deployIdRegistry,
  type FarcasterClient,
  startAnvil,
} from '@latch/devnet'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { memoryStorage } from '../../test/support/memoryStorage.ts'
import { createApp, type LatchApp, listeningUrl } from '../app.ts'
import { createIdRegistry } from '../auth/farcaster/idRegistry.ts'
import { generateAuthSecrets } from '../auth/secrets.ts'
import { createFrameApp } from '../frameApp.ts'
import type { Storage } from '../storage/types.ts'
import { FARCASTER_LOGIN_TTL_MS } from './farcaster.ts'

const FRAME = 'http://127.0.0.1:8789'
const KEY = 'latch-test-farcaster-relay-key'
let anvil: AnvilInstance
let storage: Storage
let api: LatchApp
let relay: string
let frame: LatchApp
/** The frame's clock: a test moves it on. */
let clock = 0

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
  await deployIdRegistry(anvil.rpcUrl)
  storage = await memoryStorage()
  const registry = createIdRegistry(anvil.rpcUrl)
  api = await createApp({ storage, farcasterRelay: { key: KEY, registry }, rateLimits: false })
  await api.listen({ port: 0, host: '127.0.0.1' })
  relay = `${listeningUrl(api)}/farcaster`
  frame = await createFrameApp({
    storage,
    secrets: generateAuthSecrets(),
    publicUrl: () => FRAME,
    farcaster: { registry, relayUrl: () => relay },
    now: () => new Date(Date.now() + clock),
    rateLimits: false,
  })
}, 60_000)
afterAll(async () => {
  await frame?.close()
  await api?.close()
  await storage?.close()
  await anvil?.stop()
})

let unique = 0
const newDevice = () => randomBytes(32).toString('base64url')
const client = (name = 'alice'): Promise<FarcasterClient> =>
  createFarcasterClient({
    relay,
    relayKey: KEY,
    rpcUrl: anvil.rpcUrl,
    username: `${name}${++unique}-${Date.now() % 100_000}`,
  })

async function start(device: string) {
  const response = await frame.inject({
    method: 'POST',
    url: '/v1/auth/farcaster/start',
    payload: { device },
  })
  expect(response.statusCode).toBe(200)
  return response.json() as { login: string; url: string; expiresAt: string }
}
const poll = (login: string, device: string) =>
  frame.inject({ method: 'POST', url: `/v1/auth/farcaster/${login}/poll`, payload: { device } })

/** `uri` with `name` set to `value`: a code as a hostile page or client might alter it. */
const altered = (uri: string, name: string, value: string) => {
  const url = new URL(uri)
  url.searchParams.set(name, value)
  return url.href
}

describe('a Farcaster login', () => {
  test('the code names the frame; pending until the app answers; then the session of the fid’s account', async () => {
    const device = newDevice()
    const { login, url, expiresAt } = await start(device)
    const code = new URL(url)
    expect(code.protocol).toBe('farcaster:')
    expect(code.searchParams.get('domain')).toBe('127.0.0.1:8789')
    expect(code.searchParams.get('siweUri')).toBe(FRAME)
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(FARCASTER_LOGIN_TTL_MS - 10_000)
    expect((await poll(login, device)).statusCode).toBe(202)

    const alice = await client()
    await alice.approve(url)
    const done = await poll(login, device)
    expect(done.statusCode).toBe(200)
    const { token, user } = done.json() as { token: string; user: Record<string, unknown> }
    expect(user).toMatchObject({ socialProvider: 'farcaster', username: `@${alice.username}`, email: null })
    const session = await frame.inject({
      method: 'GET',
      url: '/v1/auth/session',
      headers: { authorization: `Bearer ${token}`, 'x-latch-device': device },
    })
    expect(session.json()).toMatchObject({ user: { id: user.id, socialProvider: 'farcaster' } })
    // Used up: the same login gives no second session.
    expect((await poll(login, device)).statusCode).toBe(409)

    // The same fid later, on another device: the same account.
    const other = newDevice()
    const again = await start(other)
    await alice.approve(again.url)
    const second = await poll(again.login, other)
    expect(second.statusCode).toBe(200)
    expect((second.json() as { user: { id: string } }).user.id).toBe(user.id)
    // Another fid: another account.
    const bob = await client('bob')
    const third = await start(other)
    await bob.approve(third.url)
    expect((await poll(third.login, other)).json()).not.toMatchObject({ user: { id: user.id } })
  })

  test('only the device that started a login gets its session', async () => {
    const device = newDevice()
    const { login, url } = await start(device)
    await (await client()).approve(url)
    expect((await poll(login, newDevice())).statusCode).toBe(409)
    expect((await poll(login, device)).statusCode).toBe(200)
  })

  test('a signature not from the fid’s custody key is refused, in words, and the login ends', async () => {
    const device = newDevice()
    const { login, url } = await start(device)
    const mallory = await client('mallory')
    await mallory.forge(url)
    const refused = await poll(login, device)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error).toMatch(
      new RegExp(`^Farcaster’s answer was refused: .*does not own fid ${mallory.fid}`),
    )
    const after = await poll(login, device)
    expect(after.statusCode).toBe(409)
    expect(after.json().error).toBe(refused.json().error)
  })

  test('a message for another login’s nonce, or for another site, is refused', async () => {
    const alice = await client()
    const device = newDevice()
    const first = await start(device)
    const second = await start(device)
    // The second login's channel, the first's nonce: a replayed sign-in.
    await alice.approve(altered(second.url, 'nonce', new URL(first.url).searchParams.get('nonce') ?? ''))
    const replayed = await poll(second.login, device)
    expect(replayed.statusCode).toBe(400)
    expect(replayed.json().error).toMatch(/Invalid nonce/)

    const third = await start(device)
    await alice.approve(altered(third.url, 'domain', 'evil.example'))
    const elsewhere = await poll(third.login, device)
    expect(elsewhere.statusCode).toBe(400)
    expect(elsewhere.json().error).toMatch(/Invalid domain/)
  })

  test('past 4 minutes the code has expired (410), answered or not', async () => {
    const device = newDevice()
    const { login, url } = await start(device)
    clock = FARCASTER_LOGIN_TTL_MS
    try {
      expect((await poll(login, device)).statusCode).toBe(410)
      await (await client()).approve(url)
      const late = await poll(login, device)
      expect(late.statusCode).toBe(410)
      expect(late.json().error).toBe('The Farcaster request expired: get a new code')
    } finally {
      clock = 0
    }
  })

  test('bad input is named; a relay away is a 502 in words', async () => {
    const bad = await frame.inject({
      method: 'POST',
      url: '/v1/auth/farcaster/start',
      payload: { device: 'x' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toMatch(/device/)
    const unknown = await poll('00000000-0000-0000-0000-000000000000', newDevice())
    expect(unknown.statusCode).toBe(409)

    const saved = relay
    relay = 'http://127.0.0.1:9/farcaster'
    try {
      const away = await frame.inject({
        method: 'POST',
        url: '/v1/auth/farcaster/start',
        payload: { device: newDevice() },
      })
      expect(away.statusCode).toBe(502)
      expect(away.json().error).toBe('The Farcaster relay could not be reached; try again in a moment')
    } finally {
      relay = saved
    }
  })
})
