import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'
import { type WebSocket, WebSocketServer } from 'ws'
import { errorFrame, type Frame, nextId, parseFrame, resultFrame } from './jsonrpc.ts'
import { memoryStore, type RelayStore, type StoredMessage } from './store.ts'

export interface RelayOptions {
  /** 0 picks a free port. Default 8788 (DESIGN.md). */
  port?: number
  host?: string
  /** Largest `message` a client may publish, in characters. Default 100,000. */
  maxMessageLength?: number
  /** Most topics one connection may subscribe to. Default 1,000. */
  maxSubscriptionsPerClient?: number
  /** How often each socket is pinged; one that missed the last ping is closed. Default 15 s. */
  keepaliveMs?: number
  /** The clock messages' TTLs and JWT expiries are measured with (tests). */
  now?: () => number
  /**
   * Where messages are kept and how instances hear of them: in memory by default; `redisStore(url)` lets
   * several instances share them. The caller closes a store it passes.
   */
  store?: RelayStore
}

export interface Relay {
  /** `ws://host:port`. */
  readonly url: string
  readonly port: number
  /** Open connections, the topics they subscribe to, and the messages kept, for tests and health checks. */
  stats(): Promise<{ clients: number; topics: number; messages: number }>
  close(): Promise<void>
}

/** WalletConnect's delivery tags for the session messages the relay itself delivers. */
const TAG_PROPOSAL = 1100
const TAG_PROPOSAL_RESPONSE = 1101
const TAG_SETTLEMENT = 1102
/** A TTL is kept within 10 s and 30 days (seconds), as WalletConnect's relay does. */
const MIN_TTL_S = 10
const MAX_TTL_S = 30 * 24 * 60 * 60
const DEFAULT_TTL_S = 300

interface Client {
  socket: WebSocket
  /** The did:key that signed the connection's JWT. */
  clientId: string
  /** Topic → subscription id. */
  subscriptions: Map<string, string>
  alive: boolean
}

class ParamsError extends Error {}

const topicPattern = /^[0-9a-f]{64}$/

function topicOf(value: unknown, field = 'topic'): string {
  if (typeof value !== 'string' || !topicPattern.test(value))
    throw new ParamsError(`${field} must be 64 lower-case hex characters`)
  return value
}

function objectOf(params: unknown): Record<string, unknown> {
  if (!params || typeof params !== 'object' || Array.isArray(params))
    throw new ParamsError('params must be an object')
  return params as Record<string, unknown>
}

/**
 * Why a connection is refused: no JWT, not an EdDSA JWT signed by its issuer (`@walletconnect/relay-auth`), or
 * an expired one. Undefined when it is fine.
 */
async function authProblem(request: IncomingMessage, now: number): Promise<string | undefined> {
  const auth = new URL(request.url ?? '/', 'ws://relay').searchParams.get('auth')
  if (!auth) return 'missing auth'
  try {
    if (!(await verifyJWT(auth))) return 'the JWT signature does not verify'
    const { payload } = decodeJWT(auth)
    if (typeof payload.exp === 'number' && payload.exp * 1000 < now) return 'the JWT has expired'
    return undefined
  } catch {
    return 'the JWT cannot be read'
  }
}

/**
 * A WalletConnect v2 relay for development, tests and self-hosting: the `irn_*` methods and session delivery
 * (`wc_proposeSession`, `wc_approveSession`) that `@walletconnect/sign-client` 2.25 and `@reown/walletkit` use,
 * JWT authentication, keepalive pings, per-topic storage for each message's TTL, and limits. Malformed frames
 * get JSON-RPC errors; nothing a client sends stops the relay. State lives in memory.
 *
 * @example
 * const relay = await startRelay({ port: 0 })
 * // new SignClient({ relayUrl: relay.url, projectId: 'local', … })
 * await relay.close()
 */
export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const now = options.now ?? Date.now
  const maxMessageLength = options.maxMessageLength ?? 100_000
  const maxSubscriptions = options.maxSubscriptionsPerClient ?? 1000
  const keepaliveMs = options.keepaliveMs ?? 15_000

  const store = options.store ?? memoryStore()
  const clients = new Set<Client>()
  const subscribers = new Map<string, Set<Client>>()

  const push = (client: Client, topic: string, entry: StoredMessage) => {
    const id = client.subscriptions.get(topic)
    if (!id || client.socket.readyState !== client.socket.OPEN) return
    client.socket.send(
      JSON.stringify({
        id: nextId(),
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: {
          id,
          data: {
            topic,
            message: entry.message,
            publishedAt: entry.publishedAt,
            tag: entry.tag,
            // An empty attestation: wallets then skip the verify server (there is none offline).
            attestation: '',
          },
        },
      }),
    )
  }

  const subscribe = (client: Client, topic: string): string => {
    const existing = client.subscriptions.get(topic)
    if (existing) return existing
    if (client.subscriptions.size >= maxSubscriptions)
      throw new ParamsError(`a connection may subscribe to at most ${maxSubscriptions} topics`)
    const id = createHash('sha256')
      .update(topic + client.clientId)
      .digest('hex')
    client.subscriptions.set(topic, id)
    const set = subscribers.get(topic) ?? new Set()
    set.add(client)
    subscribers.set(topic, set)
    return id
  }

  /** Delivers what the topic holds to a client that just subscribed, except what it published itself. */
  const deliverStored = async (client: Client, topic: string) => {
    for (const entry of await store.messages(topic, now()))
      if (entry.from !== client.clientId) push(client, topic, entry)
  }
  // Every publish, on this instance or another, reaches this instance's subscribers but not its publisher.
  store.onMessage((entry) => {
    for (const client of subscribers.get(entry.topic) ?? [])
      if (client.clientId !== entry.from) push(client, entry.topic, entry)
  })

  const unsubscribe = (client: Client, topic: string) => {
    client.subscriptions.delete(topic)
    const set = subscribers.get(topic)
    set?.delete(client)
    if (set && !set.size) subscribers.delete(topic)
  }

  const publish = async (client: Client, topic: string, message: unknown, ttl: unknown, tag: unknown) => {
    if (typeof message !== 'string' || !message) throw new ParamsError('message must be a non-empty string')
    if (message.length > maxMessageLength)
      throw new ParamsError(`message must be at most ${maxMessageLength} characters`)
    const seconds = ttl === undefined ? DEFAULT_TTL_S : Number(ttl)
    if (!Number.isFinite(seconds) || seconds <= 0)
      throw new ParamsError('ttl must be a positive number of seconds')
    const entry: StoredMessage = {
      topic,
      message,
      tag: typeof tag === 'number' ? tag : 0,
      publishedAt: now(),
      expiresAt: now() + Math.min(Math.max(seconds, MIN_TTL_S), MAX_TTL_S) * 1000,
      from: client.clientId,
    }
    await store.publish(entry)
  }

  const handle = async (client: Client, frame: Frame): Promise<unknown> => {
    const { method } = frame
    switch (method) {
      case 'irn_subscribe': {
        const topic = topicOf(objectOf(frame.params).topic)
        const id = subscribe(client, topic)
        setImmediate(() => void deliverStored(client, topic).catch(() => undefined))
        return id
      }
      case 'irn_batchSubscribe': {
        const { topics } = objectOf(frame.params)
        if (!Array.isArray(topics)) throw new ParamsError('topics must be an array')
        const checked = topics.map((topic) => topicOf(topic, 'each topic'))
        const ids = checked.map((topic) => subscribe(client, topic))
        setImmediate(() => {
          for (const topic of checked) void deliverStored(client, topic).catch(() => undefined)
        })
        return ids
      }
      case 'irn_unsubscribe': {
        unsubscribe(client, topicOf(objectOf(frame.params).topic))
        return true
      }
      case 'irn_batchUnsubscribe': {
        const { subscriptions } = objectOf(frame.params)
        if (!Array.isArray(subscriptions)) throw new ParamsError('subscriptions must be an array')
        for (const entry of subscriptions) unsubscribe(client, topicOf(objectOf(entry).topic))
        return true
      }
      case 'irn_publish': {
        const params = objectOf(frame.params)
        await publish(client, topicOf(params.topic), params.message, params.ttl, params.tag)
        return true
      }
      case 'irn_batchPublish': {
        const { messages } = objectOf(frame.params)
        if (!Array.isArray(messages)) throw new ParamsError('messages must be an array')
        for (const entry of messages) {
          const params = objectOf(entry)
          await publish(client, topicOf(params.topic), params.message, params.ttl, params.tag)
        }
        return true
      }
      case 'irn_fetchMessages':
      case 'irn_batchFetchMessages': {
        const params = objectOf(frame.params)
        const topics = method === 'irn_fetchMessages' ? [params.topic] : params.topics
        if (!Array.isArray(topics)) throw new ParamsError('topics must be an array')
        const checked = topics.map((topic) => topicOf(topic, 'each topic'))
        const messages: { topic: string; message: string; publishedAt: number; tag: number }[] = []
        for (const topic of checked)
          for (const entry of await store.messages(topic, now()))
            if (entry.from !== client.clientId)
              messages.push({ topic, message: entry.message, publishedAt: entry.publishedAt, tag: entry.tag })
        return { messages, hasMore: false }
      }
      case 'wc_proposeSession': {
        const params = objectOf(frame.params)
        const pairingTopic = topicOf(params.pairingTopic, 'pairingTopic')
        subscribe(client, pairingTopic)
        await publish(client, pairingTopic, params.sessionProposal, params.ttl, TAG_PROPOSAL)
        return true
      }
      case 'wc_approveSession': {
        const params = objectOf(frame.params)
        const pairingTopic = topicOf(params.pairingTopic, 'pairingTopic')
        const sessionTopic = topicOf(params.sessionTopic, 'sessionTopic')
        subscribe(client, sessionTopic)
        await publish(client, pairingTopic, params.sessionProposalResponse, params.ttl, TAG_PROPOSAL_RESPONSE)
        await publish(client, sessionTopic, params.sessionSettlementRequest, params.ttl, TAG_SETTLEMENT)
        return true
      }
      default:
        return undefined
    }
  }

  const server = createServer((_request, response) => {
    response
      .writeHead(426, { 'content-type': 'text/plain' })
      .end('This is a WalletConnect relay: connect over WebSocket.')
  })
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 })

  server.on('upgrade', (request, socket, head) => {
    void authProblem(request, now()).then((problem) => {
      if (problem) {
        socket.end(`HTTP/1.1 401 Unauthorized\r\ncontent-type: text/plain\r\n\r\n${problem}`)
        return
      }
      sockets.handleUpgrade(request, socket, head, (ws) => {
        const auth = new URL(request.url ?? '/', 'ws://relay').searchParams.get('auth')!
        const client: Client = {
          socket: ws,
          clientId: decodeJWT(auth).payload.iss,
          subscriptions: new Map(),
          alive: true,
        }
        clients.add(client)
        ws.on('pong', () => {
          client.alive = true
        })
        ws.on('message', (data, isBinary) => {
          if (isBinary) {
            ws.send(errorFrame('null', -32600, 'Invalid request: frames must be text'))
            return
          }
          const parsed = parseFrame(data.toString())
          if (!parsed.ok) {
            ws.send(errorFrame('null', parsed.code, parsed.message))
            return
          }
          const { frame } = parsed
          // A response to the relay's own push (an ack): nothing to answer.
          if (frame.method === undefined && (frame.result !== undefined || frame.error !== undefined)) return
          if (typeof frame.method !== 'string') {
            ws.send(errorFrame(frame.rawId, -32600, 'Invalid request: method must be a string'))
            return
          }
          const method = frame.method
          handle(client, frame).then(
            (result) =>
              ws.send(
                result === undefined
                  ? errorFrame(frame.rawId, -32601, `Method not found: ${method.slice(0, 64)}`)
                  : resultFrame(frame.rawId, result),
              ),
            (error: unknown) =>
              ws.send(
                error instanceof ParamsError
                  ? errorFrame(frame.rawId, -32602, `Invalid params: ${error.message}`)
                  : errorFrame(frame.rawId, -32603, 'Internal error: the relay could not store the message'),
              ),
          )
        })
        ws.on('close', () => {
          clients.delete(client)
          for (const topic of [...client.subscriptions.keys()]) unsubscribe(client, topic)
        })
        ws.on('error', () => ws.terminate())
      })
    })
  })

  // A socket that did not answer the last ping is gone (WalletConnect clients also drop after ~35 s of silence).
  const keepalive = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate()
        continue
      }
      client.alive = false
      client.socket.ping()
    }
  }, keepaliveMs)
  keepalive.unref()

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 8788, options.host ?? '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo

  return {
    url: `ws://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    stats: async () => ({
      clients: sockets.clients.size,
      topics: subscribers.size,
      messages: await store.count(now()),
    }),
    async close() {
      clearInterval(keepalive)
      for (const ws of sockets.clients) ws.terminate()
      await new Promise<void>((resolve) => sockets.close(() => resolve()))
      await new Promise<void>((resolve) => server.close(() => resolve()))
      if (!options.store) await store.close()
    },
  }
}
