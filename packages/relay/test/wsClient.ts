// A raw JSON-RPC WebSocket client for the relay's tests: frames in, frames out, pushes acknowledged as
// WalletConnect's clients do.
import { randomBytes } from 'node:crypto'
import { connect as connectTcp } from 'node:net'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { WebSocket } from 'ws'

export const topic = () => randomBytes(32).toString('hex')

export interface TestClient {
  socket: WebSocket
  /** Sends a request and resolves its response (parsed, id as text). */
  call(
    method: string,
    params?: unknown,
    id?: string,
  ): Promise<{ raw: string; result?: unknown; error?: { code: number; message: string } }>
  /** Sends raw text and resolves the next frame. */
  send(text: string | Buffer): Promise<string>
  /** Pushes (irn_subscription) received so far. */
  pushes: { id: number; params: { id: string; data: { topic: string; message: string; tag: number } } }[]
  next(): Promise<string>
}

/** A signed relay token for `url` (the audience), valid a day unless `ttlS` says otherwise. */
export async function token(url: string, ttlS = 86_400): Promise<string> {
  return signJWT(randomBytes(32).toString('hex'), url, ttlS, generateKeyPair())
}

/** A raw JSON-RPC client on the relay at `url`, authenticated with a fresh key unless `jwt` is given. */
export async function connect(
  url: string,
  options: { jwt?: string; autoPong?: boolean; headers?: Record<string, string> } = {},
): Promise<TestClient> {
  const auth = options.jwt ?? (await token(url))
  const socket = new WebSocket(`${url}/?auth=${auth}&projectId=local`, {
    autoPong: options.autoPong ?? true,
    ...(options.headers ? { headers: options.headers } : {}),
  })
  const frames: string[] = []
  const waiting: ((frame: string) => void)[] = []
  const pushes: TestClient['pushes'] = []
  socket.on('message', (data) => {
    const text = data.toString()
    if (text.includes('"irn_subscription"')) {
      const push = JSON.parse(text)
      pushes.push(push)
      socket.send(JSON.stringify({ id: push.id, jsonrpc: '2.0', result: true }))
      return
    }
    const resolve = waiting.shift()
    if (resolve) resolve(text)
    else frames.push(text)
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  const next = () =>
    new Promise<string>((resolve) => {
      const queued = frames.shift()
      if (queued !== undefined) resolve(queued)
      else waiting.push(resolve)
    })
  return {
    socket,
    pushes,
    next,
    async send(text) {
      socket.send(text)
      return next()
    },
    async call(method, params, id = '1700000000000123456') {
      socket.send(
        `{"id":${id},"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":${JSON.stringify(params ?? {})}}`,
      )
      const raw = await next()
      return { raw, ...JSON.parse(raw) }
    },
  }
}

export const waitFor = async (check: () => boolean, ms = 2000) => {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Opens a TCP connection, sends a WebSocket upgrade with `auth`, and resets it after `resetAfterMs`. */
export function resetUpgrade(url: string, auth: string, resetAfterMs: number): Promise<void> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connectTcp(Number(port), hostname, () => {
      socket.write(
        `GET /?auth=${auth} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      )
      setTimeout(() => {
        socket.resetAndDestroy()
        resolve()
      }, resetAfterMs)
    })
    socket.on('error', () => resolve())
  })
}
