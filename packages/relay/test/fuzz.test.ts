import { connect as connectTcp } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Relay, startRelay } from '../src/relay.ts'
import { tokenWith } from './jwt.ts'
import { connect, type TestClient, token, topic } from './wsClient.ts'

let relay: Relay
let client: TestClient
beforeAll(async () => {
  // Budgets lifted so that every fuzzed frame reaches the code behind them.
  relay = await startRelay({
    port: 0,
    limits: { frameBurst: 1e9, framesPerSecond: 1e9, publishBurstBytes: 1e12 },
  })
  client = await connect(relay.url)
})
afterAll(async () => {
  client?.socket.terminate()
  await relay?.close()
})

const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom('', '\u0000', '\u0000123', '\ud800', '__proto__', 'constructor', 'a'.repeat(200_000)),
  fc.constant(topic()),
)
const hostileNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(2 ** 53, -(2 ** 53), 1e308, -1, 0))
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(hostileString, fc.constantFrom('__proto__', 'topic', 'topics', 'message')),
      tie('value'),
      {
        maxKeys: 4,
      },
    ),
  ),
})).value

const methods = fc.constantFrom(
  'irn_subscribe',
  'irn_batchSubscribe',
  'irn_unsubscribe',
  'irn_batchUnsubscribe',
  'irn_publish',
  'irn_batchPublish',
  'irn_fetchMessages',
  'irn_batchFetchMessages',
  'wc_proposeSession',
  'wc_approveSession',
  'irn_nope',
)
/** An id as JSON text, and the value a correct answer carries (a number: its very text). */
const ids = fc.oneof(
  fc.integer().map((n) => ({ text: String(n), value: n as unknown, number: true })),
  fc.stringMatching(/^[1-9]\d{18,30}$/).map((digits) => ({ text: digits, value: digits, number: true })),
  fc
    .stringMatching(/^-?(0|[1-9]\d{0,25})(\.\d{1,20})?([eE][+-]?\d{1,4})?$/)
    .map((text) => ({ text, value: text, number: true })),
  hostileString.filter((s) => s.length < 1000).map((s) => ({ text: JSON.stringify(s), value: s as unknown })),
  fc.constant({ text: 'null', value: null as unknown }),
)
const params = fc.oneof(
  hostileValue,
  fc.record(
    { topic: hostileString, message: hostileValue, ttl: hostileValue, tag: hostileValue },
    { requiredKeys: [] },
  ),
  fc.record({ topics: fc.array(hostileString, { maxLength: 5 }) }),
  fc.record({
    messages: fc.array(fc.record({ topic: hostileString, message: hostileString }), { maxLength: 3 }),
  }),
)

let sentinel = 0
/**
 * Sends `text`, then a sentinel request; resolves the frames that came back other than the sentinel's answer, once
 * that answer and `answers` others have come (answers to a publish may overtake nothing but may be overtaken).
 */
async function exchange(text: string, answers = 0): Promise<string[]> {
  const id = `sentinel-${++sentinel}`
  client.socket.send(text)
  client.socket.send(JSON.stringify({ id, jsonrpc: '2.0', method: 'irn_nope', params: {} }))
  const frames: string[] = []
  let sentinelSeen = false
  while (!sentinelSeen || frames.length < answers) {
    const frame = await client.next()
    if (frame.includes(`"${id}"`)) sentinelSeen = true
    else frames.push(frame)
  }
  return frames
}

test('any JSON-RPC-shaped request: one valid JSON answer with the same id, and the relay answers on', async () => {
  await fc.assert(
    fc.asyncProperty(ids, methods, params, async (id, method, body) => {
      const sent = `{"id":${id.text},"jsonrpc":"2.0","method":"${method}","params":${JSON.stringify(body)}}`
      const frames = await exchange(sent, 1)
      expect(frames, `${sent.slice(0, 300)} → ${frames.join('\n').slice(0, 300)}`).toHaveLength(1)
      const answer = JSON.parse(frames[0]!)
      if ('number' in id) expect(frames[0]!.startsWith(`{"id":${id.text},`)).toBe(true)
      else expect(answer.id).toEqual(id.value)
      expect(answer.result !== undefined || typeof answer.error?.message === 'string').toBe(true)
      if (answer.error) expect(answer.error.code).not.toBe(-32603)
    }),
    { numRuns: 300 },
  )
}, 60_000)

test('any text at all: every answer is valid JSON-RPC, and the relay answers on', async () => {
  const text = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.json(),
    hostileValue.map((value) => JSON.stringify(value) ?? 'undefined'),
    fc.constantFrom(
      '{"id":01,"jsonrpc":"2.0"}',
      '{"id":1e400,"jsonrpc":"2.0","method":"irn_nope"}',
      '{"id":[],"jsonrpc":"2.0"}',
    ),
  )
  await fc.assert(
    fc.asyncProperty(text, async (frame) => {
      for (const answer of await exchange(frame)) expect(JSON.parse(answer).jsonrpc).toBe('2.0')
    }),
    { numRuns: 300 },
  )
}, 60_000)

test('hostile upgrades (bad, expired, endless or foreign tokens, huge URLs and headers, resets at any moment) stop nothing', async () => {
  const { hostname, port } = new URL(relay.url)
  const auths = fc.oneof(
    fc.constantFrom('', 'garbage', 'a.b.c'),
    fc.constantFrom(
      await token(relay.url, -60),
      await token('wss://elsewhere.example'),
      await tokenWith(relay.url, (claims) => ({ ...claims, exp: undefined })),
      await tokenWith(relay.url, (claims) => ({ ...claims, exp: String(claims.exp) })),
      await tokenWith(relay.url, (claims) => ({ ...claims, exp: 1e300, aud: ['x'] })),
      await tokenWith(relay.url, (claims) => ({ ...claims, ['__proto__']: { exp: 1 }, iss: 'did:key:z' })),
      // A good token: the upgrade succeeds, and the socket is still reset or left half-written.
      await token(relay.url),
    ),
    fc.string({ maxLength: 100 }).map(encodeURIComponent),
  )
  const upgrade = fc.record({
    auth: auths,
    padding: fc.constantFrom(0, 100, 20_000, 100_000),
    headerBytes: fc.constantFrom(0, 20_000),
    resetAfterMs: fc.integer({ min: -1, max: 20 }),
    partial: fc.boolean(),
  })
  await fc.assert(
    fc.asyncProperty(upgrade, async ({ auth, padding, headerBytes, resetAfterMs, partial }) => {
      await new Promise<void>((resolve) => {
        const socket = connectTcp(Number(port), hostname, () => {
          const request =
            `GET /?auth=${auth}&pad=${'p'.repeat(padding)} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
            'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n' +
            `Sec-WebSocket-Version: 13\r\nX-Junk: ${'j'.repeat(headerBytes)}\r\n\r\n`
          socket.write(partial ? request.slice(0, request.length / 2) : request)
          if (resetAfterMs < 0) socket.end()
          setTimeout(() => socket.resetAndDestroy(), Math.max(0, resetAfterMs))
        })
        socket.on('error', () => undefined)
        socket.on('close', () => resolve())
      })
    }),
    { numRuns: 150 },
  )
  // Oversize frames close only their own socket.
  const big = await connect(relay.url)
  const closed = new Promise<number>((resolve) => big.socket.once('close', (code) => resolve(code)))
  big.socket.send('x'.repeat(2 * 1024 * 1024))
  expect(await closed).toBe(1009)

  const fresh = await connect(relay.url)
  expect((await fresh.call('irn_subscribe', { topic: topic() })).result).toMatch(/^[0-9a-f]{64}$/)
  fresh.socket.terminate()
}, 60_000)
