// `npm run bench:relay`: messages/s and delivery latency through the relay with 100 concurrent pairs on loopback.
// Each pair is two WebSocket clients (JWTs as the real clients sign them) subscribed to one topic of their own;
// every client publishes `--messages` messages to its peer, one after the other, each stamped with the time it
// left. The relay runs in its own process, so the load generator does not share its event loop.
//   npm run bench:relay -- --pairs 100 --messages 200 [--redis]
import { fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { WebSocket } from 'ws'

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '100' },
    messages: { type: 'string', default: '200' },
    redis: { type: 'boolean', default: false },
  },
})
const pairs = Number(values.pairs)
const perClient = Number(values.messages)

const child = fork(fileURLToPath(new URL('./serve.ts', import.meta.url)), values.redis ? ['--redis'] : [], {
  execArgv: ['--import', 'tsx'],
})
const url = await new Promise<string>((resolve) =>
  child.once('message', (message) => resolve(String(message))),
)

interface Client {
  socket: WebSocket
  send(method: string, params: unknown): Promise<unknown>
}

let nextId = 1
async function connect(): Promise<Client & { onPush(listener: (message: string) => void): void }> {
  const auth = await signJWT(randomBytes(16).toString('hex'), url, 3600, generateKeyPair())
  const socket = new WebSocket(`${url}/?auth=${auth}`)
  const pending = new Map<number, (value: unknown) => void>()
  let listener: (message: string) => void = () => {}
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString())
    if (frame.method === 'irn_subscription') {
      socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
      listener(frame.params.data.message)
    } else pending.get(frame.id)?.(frame.result)
  })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  return {
    socket,
    onPush: (next) => {
      listener = next
    },
    send(method, params) {
      const id = nextId++
      socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      return new Promise((resolve) => pending.set(id, resolve))
    },
  }
}

type PushClient = Awaited<ReturnType<typeof connect>>
const latencies: number[] = []
const clients: { topic: string; a: PushClient; b: PushClient }[] = []
for (let i = 0; i < pairs; i++) {
  const topic = randomBytes(32).toString('hex')
  const [a, b] = [await connect(), await connect()]
  await Promise.all([a.send('irn_subscribe', { topic }), b.send('irn_subscribe', { topic })])
  clients.push({ topic, a, b })
}

const payload = randomBytes(300).toString('base64') // about a WalletConnect request's size
let received = 0
const total = pairs * 2 * perClient
const done = new Promise<void>((resolve) => {
  for (const { a, b } of clients)
    for (const client of [a, b])
      client.onPush((message) => {
        latencies.push(performance.now() - Number(message.slice(0, message.indexOf(':'))))
        if (++received === total) resolve()
      })
})
const started = performance.now()
await Promise.all(
  clients.flatMap(({ topic, a, b }) =>
    [a, b].map(async (client) => {
      for (let i = 0; i < perClient; i++)
        await client.send('irn_publish', {
          topic,
          message: `${performance.now()}:${payload}`,
          ttl: 300,
          tag: 1108,
        })
    }),
  ),
)
await done
const seconds = (performance.now() - started) / 1000
latencies.sort((x, y) => x - y)
const at = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1)
console.log(
  `relay${values.redis ? ' (Redis)' : ''}: ${pairs} pairs, ${total} messages in ${seconds.toFixed(2)} s — ` +
    `${Math.round(total / seconds)} messages/s; latency p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
)
for (const { a, b } of clients) {
  a.socket.terminate()
  b.socket.terminate()
}
child.kill('SIGTERM')
