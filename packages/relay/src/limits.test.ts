import { connect as connectTcp } from 'node:net'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { tokenWith } from '../test/jwt.ts'
import { connect, type TestClient, token, topic, waitFor } from '../test/wsClient.ts'
import type { RelayLimits } from './limits.ts'
import { type Relay, type RelayOptions, startRelay } from './relay.ts'
import { memoryStore } from './store.ts'

const relays: Relay[] = []
const clients: TestClient[] = []
afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.terminate()
  await Promise.all(relays.splice(0).map((relay) => relay.close()))
})

async function relay(limits: Partial<RelayLimits> = {}, options: RelayOptions = {}) {
  const started = await startRelay({ port: 0, limits, ...options })
  relays.push(started)
  return started
}
async function client(target: Relay, options: Parameters<typeof connect>[1] = {}) {
  const connected = await connect(target.url, options)
  clients.push(connected)
  return connected
}

/** The HTTP status an upgrade is refused with, or 101 when it opens. */
function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers })
    socket.on('open', () => {
      resolve(101)
      socket.terminate()
    })
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0))
    socket.on('error', () => resolve(-1))
  })
}

describe('connections', () => {
  it('one address holds at most its share of sockets; a closed one frees its place', async () => {
    const target = await relay({ maxConnectionsPerIp: 2 })
    const [a] = [await client(target), await client(target)]
    expect(await upgradeStatus(`${target.url}/?auth=${await token(target.url)}`)).toBe(429)
    a!.socket.close()
    await waitFor(() => false, 0).catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await upgradeStatus(`${target.url}/?auth=${await token(target.url)}`)).toBe(101)
  })

  it('behind a proxy the address it appended counts, never what the client wrote; a full relay answers 503', async () => {
    const target = await relay({ maxConnectionsPerIp: 1, maxConnections: 4 }, { trustProxy: true })
    const url = async () => `${target.url}/?auth=${await token(target.url)}`
    // The client writes what it likes on the left; the proxy appends the address it saw.
    const from = (ip: string) => ({ 'x-forwarded-for': `${topic().slice(0, 8)}, 192.0.2.${spoof++}, ${ip}` })
    let spoof = 1
    const held: WebSocket[] = []
    const hold = async (ip: string) => {
      const socket = new WebSocket(await url(), { headers: from(ip) })
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
      held.push(socket)
    }
    await hold('198.51.100.1')
    expect(await upgradeStatus(await url(), from('198.51.100.1'))).toBe(429)
    // An IPv6 client counts as its /64: another address in it is the same client.
    await hold('2001:db8:1:2::1')
    expect(await upgradeStatus(await url(), from('2001:db8:1:2::abcd'))).toBe(429)
    expect(await upgradeStatus(await url(), from('::ffff:198.51.100.1'))).toBe(429)
    await hold('2001:db8:1:3::1')
    await hold('198.51.100.2')
    expect(await upgradeStatus(await url(), from('198.51.100.99'))).toBe(503)
    for (const socket of held) socket.terminate()
  })

  it('an address holds at most twice its sockets in TCP connections, whatever they send', async () => {
    const target = await relay({ maxConnectionsPerIp: 2 })
    let closed = 0
    const raw = Array.from({ length: 8 }, () => {
      const socket = connectTcp(target.port, '127.0.0.1')
      socket.on('error', () => undefined)
      socket.on('close', () => closed++)
      return socket
    })
    // Sockets that send nothing would otherwise be kept until the header timeout (10 s, checked every 5 s).
    await waitFor(() => closed === 4)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(closed).toBe(4)
    expect(await upgradeStatus(`${target.url}/?auth=${await token(target.url)}`)).toBe(-1)
    for (const socket of raw) socket.destroy()
    await waitFor(() => closed === 8)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await upgradeStatus(`${target.url}/?auth=${await token(target.url)}`)).toBe(101)
  })

  it('a refused socket is closed even when its client never reads nor closes it', async () => {
    const target = await relay({ maxConnectionsPerIp: 1 })
    const upgrade =
      `GET /?auth=garbage HTTP/1.1\r\nHost: 127.0.0.1:${target.port}\r\nUpgrade: websocket\r\n` +
      'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n'
    // A 401 and a 400 (not HTTP at all); neither socket is ever read from here, so neither sees the relay's FIN.
    const silent = [upgrade, 'nonsense\r\n\r\n'].map((request) => {
      const socket = connectTcp(target.port, '127.0.0.1', () => socket.write(request))
      socket.on('error', () => undefined)
      return socket
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    // Had they stayed open, they would hold this address's one upgrade and both its TCP places.
    expect(await upgradeStatus(`${target.url}/?auth=${await token(target.url)}`)).toBe(101)
    for (const socket of silent) socket.destroy()
  })

  it('a token needs a numeric expiry and must name this relay as its audience', async () => {
    const target = await relay({}, { audiences: ['wss://relay.example.com'] })
    const keyPair = generateKeyPair()
    const status = (jwt: string) => upgradeStatus(`${target.url}/?auth=${jwt}`)
    expect(await status(await tokenWith(target.url, (claims) => claims))).toBe(101)
    expect(await status(await tokenWith(target.url, (claims) => ({ ...claims, exp: undefined })))).toBe(401)
    expect(
      await status(await tokenWith(target.url, (claims) => ({ ...claims, exp: String(claims.exp) }))),
    ).toBe(401)
    expect(await status(await signJWT('sub', 'wss://relay.elsewhere.example', 60, keyPair))).toBe(401)
    expect(await status(await signJWT('sub', 'not a url', 60, keyPair))).toBe(401)
    expect(await status(await signJWT('sub', 'wss://relay.example.com', 60, keyPair))).toBe(101)
  })
})

describe('subscriptions and publishing', () => {
  it('the relay holds at most its subscriptions in all; a batch that does not fit subscribes nothing', async () => {
    const target = await relay({ maxSubscriptions: 3 })
    const [a, b] = [await client(target), await client(target)]
    await a.call('irn_batchSubscribe', { topics: [topic(), topic()] })
    const refused = await b.call('irn_batchSubscribe', { topics: [topic(), topic()] })
    expect(refused.error).toEqual({
      code: -32005,
      message: 'Limit exceeded: the relay holds as many subscriptions as it can; try again later',
    })
    expect((await target.stats()).subscriptions).toBe(2)
    expect((await b.call('irn_subscribe', { topic: topic() })).result).toBeDefined()
    a.socket.close()
    await waitFor(() => false, 0).catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await target.stats()).subscriptions).toBe(1)
  })

  it('a connection publishes within its budget; past it the publish is refused and nothing is stored', async () => {
    let clock = 1_000_000
    const target = await relay({ publishBurstBytes: 100, publishBytesPerSecond: 10 }, { now: () => clock })
    const publisher = await client(target)
    const box = topic()
    expect(
      (await publisher.call('irn_publish', { topic: box, message: 'x'.repeat(90), ttl: 300 })).result,
    ).toBe(true)
    const refused = await publisher.call('irn_publish', { topic: box, message: 'x'.repeat(20), ttl: 300 })
    expect(refused.error?.code).toBe(-32005)
    expect(refused.error?.message).toMatch(/^Limit exceeded: a connection may publish 10 characters a second/)
    expect((await target.stats()).messages).toBe(1)
    clock += 2_000
    expect(
      (await publisher.call('irn_publish', { topic: box, message: 'x'.repeat(20), ttl: 300 })).result,
    ).toBe(true)
  })

  it('a connection sends at most its requests per second; the rest are refused with their ids', async () => {
    const target = await relay({ frameBurst: 3, framesPerSecond: 1 })
    const flooder = await client(target)
    const answers = []
    for (let i = 0; i < 5; i++)
      answers.push(await flooder.call('irn_subscribe', { topic: topic() }, String(10 + i)))
    expect(answers.map((answer) => answer.error?.code ?? 'ok')).toEqual(['ok', 'ok', 'ok', -32005, -32005])
    expect(answers[4]!.raw.startsWith('{"id":14,')).toBe(true)
  })

  it('a fetch answers with at most its share of the stored messages and says there are more', async () => {
    const target = await relay({ maxFetchBytes: 2500 })
    const [publisher, reader] = [await client(target), await client(target)]
    const [one, two] = [topic(), topic()]
    for (const box of [one, two, one])
      await publisher.call('irn_publish', { topic: box, message: 'm'.repeat(1000), ttl: 300 })
    const fetched = (await reader.call('irn_batchFetchMessages', { topics: [one, two] })).result as {
      messages: { topic: string }[]
      hasMore: boolean
    }
    expect(fetched.messages.map((entry) => entry.topic)).toEqual([one, one])
    expect(fetched.hasMore).toBe(true)
    expect((await reader.call('irn_fetchMessages', { topic: two })).result).toMatchObject({ hasMore: false })
  })

  it('a message is kept at most 7 days, whatever TTL it asks for', async () => {
    let clock = Date.now()
    const target = await relay({}, { now: () => clock })
    const [publisher, reader] = [await client(target), await client(target)]
    const box = topic()
    await publisher.call('irn_publish', { topic: box, message: 'month', ttl: 30 * 24 * 3600 })
    clock += 7 * 24 * 3600 * 1000 - 1000
    expect(
      ((await reader.call('irn_fetchMessages', { topic: box })).result as { messages: [] }).messages,
    ).toHaveLength(1)
    clock += 2000
    expect(
      ((await reader.call('irn_fetchMessages', { topic: box })).result as { messages: [] }).messages,
    ).toHaveLength(0)
  })

  it('a subscriber that does not read is closed rather than buffered for', { timeout: 30_000 }, async () => {
    const target = await relay({
      maxBufferedBytes: 64 * 1024,
      publishBurstBytes: 1e9,
      frameBurst: 1e6,
      framesPerSecond: 1e6,
    })
    const [publisher, stuck] = [await client(target), await client(target)]
    const box = topic()
    await stuck.call('irn_subscribe', { topic: box })
    // Stop reading: the kernel buffers fill, then the relay's.
    ;(stuck.socket as unknown as { _socket: { pause(): void } })._socket.pause()
    // Past what loopback's socket buffers take (a few MiB), the relay's own buffer grows until it gives up. (The
    // paused client would not notice the close: the relay's count tells.)
    for (let sent = 0; (await target.stats()).clients === 2 && sent < 1000; sent++)
      await publisher.call('irn_publish', { topic: box, message: 'y'.repeat(60_000), ttl: 60 })
    expect((await target.stats()).clients).toBe(1)
    expect((await publisher.call('irn_subscribe', { topic: topic() })).result).toBeDefined()
  })
})

describe('the memory store', () => {
  it('keeps a topic’s newest messages and drops the oldest, in order', async () => {
    const store = memoryStore({ maxMessagesPerTopic: 3 })
    const box = topic()
    for (let i = 1; i <= 5; i++)
      await store.publish({
        topic: box,
        message: `m${i}`,
        tag: 0,
        publishedAt: 0,
        expiresAt: 10_000,
        from: 'a',
      })
    expect((await store.messages(box, 1)).map((entry) => entry.message)).toEqual(['m3', 'm4', 'm5'])
    await store.close()
  })

  it('past its bytes it drops the oldest messages anywhere; expired ones are swept without being read', async () => {
    let clock = 0
    const store = memoryStore({ maxBytes: 3 * (1000 + 256), sweepMs: 10, now: () => clock })
    const [one, two] = [topic(), topic()]
    const entry = (t: string, message: string, expiresAt = 10_000) => ({
      topic: t,
      message,
      tag: 0,
      publishedAt: 0,
      expiresAt,
      from: 'a',
    })
    await store.publish(entry(one, 'a'.repeat(1000)))
    await store.publish(entry(two, 'b'.repeat(1000), 50))
    await store.publish(entry(one, 'c'.repeat(1000)))
    await store.publish(entry(two, 'd'.repeat(1000)))
    expect((await store.messages(one, 1)).map((e) => e.message[0])).toEqual(['c'])
    expect(await store.count(1)).toBe(3)
    clock = 100
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect((await store.messages(two, 100)).map((e) => e.message[0])).toEqual(['d'])
    expect(await store.count(100)).toBe(2)
    await store.close()
  })
})
