import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RedisServer, startRedis } from '../../relay/test/redisServer.ts'
import { createTestApp, type TestApp } from '../test/support/app.ts'
import { createApp } from './app.ts'
import { devnetBlockchainConfig } from './chains/defaults.ts'
import { createEventQuota } from './eventQuota.ts'

const small = { read: 5, images: 5, write: 3, refresh: 2, analytics: 4, bundler: 3, eventsPerProject: 5 }
const query = '?projectId=open&st=latch&sv=0.1.0'

let t: TestApp
beforeAll(async () => {
  // Chains on a closed port: the routes exist, and a balance read fails fast (502).
  t = await createTestApp({
    rateLimits: small,
    blockchain: devnetBlockchainConfig({
      rpcA: 'http://127.0.0.1:9',
      rpcB: 'http://127.0.0.1:9',
      bundlerA: 'http://127.0.0.1:9',
      bundlerB: 'http://127.0.0.1:9',
    }),
  })
})
afterAll(() => t.close())

/** `count` requests from one address; the answers' status codes. */
async function statuses(url: string, count: number, remoteAddress = '10.0.0.1', app = t.app) {
  const codes: number[] = []
  for (let i = 0; i < count; i++) codes.push((await app.inject({ url, remoteAddress })).statusCode)
  return codes
}

describe('per-address rate limits by route class', () => {
  test('a route answers 429 with Retry-After and a message once an address has used its minute', async () => {
    expect(await statuses('/getWallets?entries=1', 5)).toEqual([200, 200, 200, 200, 200])
    const refused = await t.app.inject({ url: '/getWallets?entries=1', remoteAddress: '10.0.0.1' })
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.json().error).toMatch(/^Too many requests: at most 5 a minute from one address; retry in /)
    // Another address is not affected.
    expect(await statuses('/getWallets?entries=1', 1, '10.0.0.2')).toEqual([200])
  })

  test('writes have a tighter class: the fourth nonce in a minute is refused', async () => {
    expect(await statuses(`/v1/sessions/nonce${query}`, 4, '10.0.1.1')).toEqual([200, 200, 200, 429])
  })

  test('balance reads that skip the cache are counted apart, and more tightly', async () => {
    const balance = `/v1/account/0x${'1'.repeat(40)}/balance`
    expect(await statuses(`${balance}?forceUpdate=true`, 3, '10.0.1.2')).toEqual([502, 502, 429])
    expect(await statuses(balance, 1, '10.0.1.2')).toEqual([502])
  })

  test('bundler calls have a class of their own: they neither spend nor are spared by the reads’ minute', async () => {
    const bundle = async (remoteAddress: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/bundler/31337',
          remoteAddress,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
        })
      ).statusCode
    const calls = [await bundle('10.0.1.3'), await bundle('10.0.1.3'), await bundle('10.0.1.3')]
    expect(calls).not.toContain(429)
    expect(await bundle('10.0.1.3')).toBe(429)
    expect(await statuses('/getWallets?entries=1', 5, '10.0.1.3')).toEqual([200, 200, 200, 200, 200])
    // Reads used up do not stop bundler calls either.
    expect(await statuses('/getWallets?entries=1', 6, '10.0.1.4')).toEqual([200, 200, 200, 200, 200, 429])
    expect(await bundle('10.0.1.4')).not.toBe(429)
  })

  test('probing for routes is limited too, and the health check never is', async () => {
    expect(await statuses('/nope', 6, '10.0.2.1')).toEqual([404, 404, 404, 404, 404, 429])
    expect(await statuses('/health', 12, '10.0.2.1')).toEqual(Array(12).fill(200))
  })
})

describe('behind a proxy', () => {
  test('the address the proxy appended counts, not the one the client wrote itself', async () => {
    const app = await createApp({ storage: t.storage, rateLimits: small, trustProxy: 1 })
    try {
      // Each request forges a new leftmost address; the proxy's own entry (rightmost) is the same client.
      const codes: number[] = []
      for (let i = 0; i < 6; i++) {
        const response = await app.inject({
          url: '/getWallets?entries=1',
          remoteAddress: '10.9.9.9',
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        })
        codes.push(response.statusCode)
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 429])
      const other = await app.inject({
        url: '/getWallets?entries=1',
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': '203.0.113.8' },
      })
      expect(other.statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })
})

describe('analytics quota per project', () => {
  const event = (n: number) => ({
    eventId: `event-${n}-${Math.random().toString(36).slice(2)}`,
    url: 'http://localhost:5173/',
    domain: 'localhost',
    timestamp: Date.now(),
    props: { type: 'track', event: 'MODAL_OPEN' },
  })
  const post = (events: unknown[], remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: `/e${query}`,
      remoteAddress,
      headers: { origin: 'http://localhost:5173' },
      payload: events,
    })

  test('a project stores at most its events per minute, from all addresses together', async () => {
    expect((await post([event(1), event(2), event(3)], '10.0.3.1')).statusCode).toBe(202)
    const over = await post([event(4), event(5), event(6)], '10.0.3.2')
    expect(over.statusCode).toBe(429)
    expect(over.json().error).toBe('Project open has sent its analytics events for this minute')
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    // What fits still goes in.
    expect((await post([event(7), event(8)], '10.0.3.3')).statusCode).toBe(202)
    expect((await post([event(9)], '10.0.3.4')).statusCode).toBe(429)
  })

  test('the quota counts in fixed minutes', async () => {
    let now = 60_000 * 1000
    const quota = createEventQuota({ max: 10, now: () => now })
    expect(await quota.take('p', 10)).toEqual({ ok: true })
    now += 30_000
    expect(await quota.take('p', 1)).toEqual({ ok: false, retryAfterS: 30 })
    expect(await quota.take('q', 1)).toEqual({ ok: true })
    now += 30_000
    expect(await quota.take('p', 10)).toEqual({ ok: true })
  })
})

describe('limits shared through Redis', () => {
  let redis: RedisServer
  beforeAll(async () => {
    redis = await startRedis()
  }, 30_000)
  afterAll(() => redis?.stop())

  test('two instances on one Redis share each address’s count and each project’s quota', async () => {
    const clients = [new Redis(redis.url), new Redis(redis.url)]
    const apps = await Promise.all(
      clients.map((client) => createApp({ storage: t.storage, rateLimits: small, redis: client })),
    )
    try {
      const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]]
      const codes = [
        ...(await statuses('/getWallets?entries=1', 3, '10.0.4.1', a)),
        ...(await statuses('/getWallets?entries=1', 3, '10.0.4.1', b)),
      ]
      expect(codes).toEqual([200, 200, 200, 200, 200, 429])

      const quota = createEventQuota({ max: 4, redis: clients[0]! })
      const other = createEventQuota({ max: 4, redis: clients[1]! })
      expect(await quota.take('shared', 3)).toEqual({ ok: true })
      expect((await other.take('shared', 2)).ok).toBe(false)
      expect(await other.take('shared', 1)).toEqual({ ok: true })
    } finally {
      await Promise.all(apps.map((app) => app.close()))
      for (const client of clients) client.disconnect()
    }
  })

  test('a Redis that does not answer lets requests through rather than fail them', async () => {
    const gone = new Redis('redis://127.0.0.1:9', {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
    })
    gone.on('error', () => {})
    const app = await createApp({ storage: t.storage, rateLimits: small, redis: gone })
    try {
      expect(await statuses('/getWallets?entries=1', 7, '10.0.5.1', app)).toEqual(Array(7).fill(200))
      expect((await createEventQuota({ max: 1, redis: gone }).take('p', 5)).ok).toBe(true)
    } finally {
      await app.close()
      gone.disconnect()
    }
  })
})
