// Two relay instances over one Redis (Debian's redis-server): a dapp on one and a wallet on the other still meet.
import { Redis } from 'ioredis'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPair, type TestPair, walletAccount } from '../test/clients.ts'
import { type RedisServer, startRedis } from '../test/redisServer.ts'
import { topic } from '../test/wsClient.ts'
import { redisStore } from './redisStore.ts'
import { type Relay, startRelay } from './relay.ts'
import type { RelayStore } from './store.ts'

let redis: RedisServer
const stores: RelayStore[] = []
const relays: Relay[] = []
let pair: TestPair | undefined

beforeAll(async () => {
  redis = await startRedis()
}, 20_000)
afterAll(async () => {
  await pair?.close()
  await Promise.all(relays.map((relay) => relay.close()))
  await Promise.all(stores.map((store) => store.close()))
  await redis?.stop()
})

async function instance(): Promise<Relay> {
  const store = await redisStore(redis.url)
  stores.push(store)
  const relay = await startRelay({ port: 0, store })
  relays.push(relay)
  return relay
}

describe('relay instances sharing Redis', () => {
  it('a dapp on one instance and a wallet on another pair, settle and sign', async () => {
    const [a, b] = [await instance(), await instance()]
    expect(a.port).not.toBe(b.port)
    pair = await createPair(a.url, b.url)
    const session = await pair.connect()
    expect(session.accounts).toEqual([`eip155:31337:${walletAccount.address}`])
    const message = 'Across two relays'
    const signature = await pair.sign(session.topic, message)
    expect(await verifyMessage({ address: walletAccount.address, message, signature })).toBe(true)
    // The messages are kept in Redis, where both instances read them.
    expect((await a.stats()).messages).toBeGreaterThan(0)
    expect((await b.stats()).messages).toBe((await a.stats()).messages)
  }, 60_000)

  it('skips whatever else is broadcast on its channel, and delivers on', async () => {
    const store = await redisStore(redis.url)
    stores.push(store)
    const heard: string[] = []
    store.onMessage((entry) => heard.push(entry.message))
    const other = new Redis(redis.url)
    for (const text of ['garbage', 'null', '{"entry":{"topic":1}}', '{}'])
      await other.publish('latch:relay:published', text)
    await other.quit()
    await store.publish({
      topic: topic(),
      message: 'after',
      tag: 0,
      publishedAt: 0,
      expiresAt: Date.now() + 60_000,
      from: 'a',
    })
    await expect.poll(() => heard).toEqual(['after'])
  })
})
