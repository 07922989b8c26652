import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { connect as connectTo, topic, waitFor } from '../test/wsClient.ts'
import { type Relay, type RelayOptions, startRelay } from './relay.ts'

const relays: Relay[] = []
const sockets: WebSocket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate()
  await Promise.all(relays.splice(0).map((relay) => relay.close()))
})

async function relay(options: RelayOptions = {}) {
  const started = await startRelay({ port: 0, ...options })
  relays.push(started)
  return started
}

async function connect(target: Relay, jwt?: string, autoPong = true) {
  const client = await connectTo(target.url, { ...(jwt ? { jwt } : {}), autoPong })
  sockets.push(client.socket)
  return client
}

describe('the relay’s JSON-RPC (irn_*)', () => {
  it('answers with the request’s 19-digit id exactly', async () => {
    const target = await relay()
    const client = await connect(target)
    const { raw } = await client.call('irn_subscribe', { topic: topic() }, '1700000000000123457')
    expect(raw.startsWith('{"id":1700000000000123457,')).toBe(true)
  })

  it('delivers a publish to every other subscriber, never back to the publisher', async () => {
    const target = await relay()
    const [a, b, c] = [await connect(target), await connect(target), await connect(target)]
    const shared = topic()
    const subscriptionB = (await b.call('irn_subscribe', { topic: shared })).result
    await c.call('irn_subscribe', { topic: shared })
    await a.call('irn_subscribe', { topic: shared })
    expect(subscriptionB).toMatch(/^[0-9a-f]{64}$/)
    expect(
      (await a.call('irn_publish', { topic: shared, message: 'hello', ttl: 300, tag: 1000 })).result,
    ).toBe(true)
    await waitFor(() => b.pushes.length === 1 && c.pushes.length === 1)
    expect(b.pushes[0]!.params).toMatchObject({
      id: subscriptionB,
      data: { topic: shared, message: 'hello', tag: 1000 },
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(a.pushes).toEqual([])
  })

  it('keeps a message for its TTL: a later subscriber gets it; after the TTL nobody does', async () => {
    let clock = Date.now()
    const target = await relay({ now: () => clock })
    const publisher = await connect(target)
    const kept = topic()
    await publisher.call('irn_publish', { topic: kept, message: 'stored', ttl: 60, tag: 1 })
    const early = await connect(target)
    await early.call('irn_subscribe', { topic: kept })
    await waitFor(() => early.pushes.length === 1)
    expect(early.pushes[0]!.params.data.message).toBe('stored')

    clock += 61_000
    const late = await connect(target)
    await late.call('irn_batchSubscribe', { topics: [kept] })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(late.pushes).toEqual([])
    expect((await target.stats()).messages).toBe(0)
  })

  it('unsubscribe stops delivery; batch subscribe answers one id per topic', async () => {
    const target = await relay()
    const [a, b] = [await connect(target), await connect(target)]
    const [one, two] = [topic(), topic()]
    const { result: ids } = await b.call('irn_batchSubscribe', { topics: [one, two] })
    expect(ids).toHaveLength(2)
    expect((await b.call('irn_unsubscribe', { topic: one, id: (ids as string[])[0] })).result).toBe(true)
    await a.call('irn_publish', { topic: one, message: 'to one', ttl: 300 })
    await a.call('irn_publish', { topic: two, message: 'to two', ttl: 300 })
    await waitFor(() => b.pushes.length === 1)
    expect(b.pushes[0]!.params.data.message).toBe('to two')
  })

  it('fetches a topic’s stored messages on request', async () => {
    const target = await relay()
    const [a, b] = [await connect(target), await connect(target)]
    const box = topic()
    await a.call('irn_publish', { topic: box, message: 'm1', ttl: 300, tag: 7 })
    const { result } = await b.call('irn_fetchMessages', { topic: box })
    expect(result).toMatchObject({ messages: [{ topic: box, message: 'm1', tag: 7 }], hasMore: false })
  })
})

describe('malformed frames and limits: JSON-RPC errors, and the relay keeps serving', () => {
  it('answers each problem with its code', async () => {
    const target = await relay({
      limits: { maxMessageLength: 10, maxSubscriptionsPerClient: 2, maxBatchMessages: 2 },
    })
    const client = await connect(target)
    const error = async (text: string) => JSON.parse(await client.send(text)).error
    expect(await error('not json')).toEqual({ code: -32700, message: 'Parse error: the frame is not JSON' })
    expect((await error('[1,2]')).code).toBe(-32600)
    expect((await error('{"id":1,"method":"irn_subscribe"}')).code).toBe(-32600)
    expect((await error('{"id":1,"jsonrpc":"2.0","method":"irn_nope","params":{}}')).code).toBe(-32601)
    expect(
      await error('{"id":1,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"short"}}'),
    ).toEqual({
      code: -32602,
      message: 'Invalid params: topic must be 64 lower-case hex characters',
    })
    expect(
      (await client.call('irn_publish', { topic: topic(), message: 'x'.repeat(11), ttl: 300 })).error,
    ).toEqual({ code: -32602, message: 'Invalid params: message must be at most 10 characters' })
    await client.call('irn_subscribe', { topic: topic() })
    await client.call('irn_subscribe', { topic: topic() })
    expect((await client.call('irn_subscribe', { topic: topic() })).error).toEqual({
      code: -32005,
      message: 'Limit exceeded: a connection may subscribe to at most 2 topics',
    })
    const three = [topic(), topic(), topic()].map((t) => ({ topic: t, message: 'x', ttl: 300 }))
    expect((await client.call('irn_batchPublish', { messages: three })).error).toEqual({
      code: -32602,
      message: 'Invalid params: messages may hold at most 2 items',
    })
    expect((await error(Buffer.from([1, 2, 3]) as unknown as string)).code).toBe(-32600)
    // Still serving.
    expect((await client.call('irn_publish', { topic: topic(), message: 'ok', ttl: 300 })).result).toBe(true)
  })

  it('echoes every id as the JSON value it was, so every answer is valid JSON', async () => {
    const target = await relay()
    const client = await connect(target)
    const answer = async (id: string) => {
      const raw = await client.send(`{"id":${id},"jsonrpc":"2.0","method":"irn_nope","params":{}}`)
      return { raw, id: JSON.parse(raw).id }
    }
    // A string that looks like the relay's own marker for big integers stays a string.
    expect((await answer('"\\u0000123"')).id).toBe('\u0000123')
    expect((await answer('"01"')).id).toBe('01')
    expect((await answer('1.5')).id).toBe(1.5)
    // Any JSON number comes back as the very text it was, even one no double holds.
    expect((await answer('1.50')).raw.startsWith('{"id":1.50,')).toBe(true)
    expect((await answer('1e400')).raw.startsWith('{"id":1e400,')).toBe(true)
    expect(
      (await answer('-12345678901234567890.5E-3')).raw.startsWith('{"id":-12345678901234567890.5E-3,'),
    ).toBe(true)
    expect((await answer('-7')).raw.startsWith('{"id":-7,')).toBe(true)
    expect(
      (await answer('1234567890123456789012345')).raw.startsWith('{"id":1234567890123456789012345,'),
    ).toBe(true)
    // 01 is not JSON: a parse error, answered with a null id.
    expect(JSON.parse(await client.send('{"id":01,"jsonrpc":"2.0","method":"irn_nope"}'))).toMatchObject({
      id: null,
      error: { code: -32700 },
    })
  })

  it('a batch with one bad item does nothing and names the item', async () => {
    const target = await relay()
    const client = await connect(target)
    const [one, two] = [topic(), topic()]
    const published = await client.call('irn_batchPublish', {
      messages: [
        { topic: one, message: 'fine', ttl: 300 },
        { topic: two, message: '', ttl: 300 },
      ],
    })
    expect(published.error).toEqual({
      code: -32602,
      message: 'Invalid params: messages[1]: message must be a non-empty string',
    })
    const subscribed = await client.call('irn_batchSubscribe', { topics: [one, 'nope'] })
    expect(subscribed.error).toEqual({
      code: -32602,
      message: 'Invalid params: topics[1] must be 64 lower-case hex characters',
    })
    expect(await target.stats()).toMatchObject({ subscriptions: 0, messages: 0 })
  })

  it('refuses a connection without a JWT, with a forged one, or with an expired one', async () => {
    const target = await relay()
    const refused = (url: string) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(url)
        socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0))
        socket.on('error', () => resolve(-1))
      })
    expect(await refused(target.url)).toBe(401)
    const keyPair = generateKeyPair()
    const jwt = await signJWT('sub', target.url, 60, keyPair)
    const [header, payload] = jwt.split('.')
    const forged = `${header}.${payload}.${Buffer.alloc(64).toString('base64url')}`
    expect(await refused(`${target.url}/?auth=${forged}`)).toBe(401)
    const expired = await signJWT('sub', target.url, 60, keyPair, Math.floor(Date.now() / 1000) - 3600)
    expect(await refused(`${target.url}/?auth=${expired}`)).toBe(401)
    // A good one still connects.
    await connect(target)
    expect((await target.stats()).clients).toBe(1)
  })

  it('pings each socket: one that answers stays, one that stops answering is dropped', async () => {
    const target = await relay({ keepaliveMs: 50 })
    const answering = await connect(target)
    const silent = await connect(target, undefined, false)
    let pings = 0
    answering.socket.on('ping', () => {
      pings++
    })
    await new Promise<void>((resolve) => silent.socket.once('close', () => resolve()))
    await waitFor(() => pings >= 3)
    expect(answering.socket.readyState).toBe(WebSocket.OPEN)
    expect((await target.stats()).clients).toBe(1)
  })
})
