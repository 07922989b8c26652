import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'
import { type WebSocket, WebSocketServer } from 'ws'
import { addressKey, clientAddress } from './address.ts'
import { errorFrame, type Frame, nextId, parseFrame, resultFrame } from './jsonrpc.ts'
import { defaultRelayLimits, type RelayLimits, tokenBucket } from './limits.ts'
import { outbox } from './outbox.ts'
import { memoryStore, type RelayStore, type StoredMessage } from './store.ts'
import { topicSubscribers } from './subscribers.ts'

export interface RelayOptions {
  /** 0 picks a free port. Default 8788 (DESIGN.md). */
  port?: number
  host?: string
  /** What one client may take (connections, subscriptions, publishing, TTL); defaults in `defaultRelayLimits`. */
  limits?: Partial<RelayLimits>
  /** How often each socket is pinged; one that missed the last ping is closed. Default 15 s. */
  keepaliveMs?: number
  /** The clock messages' TTLs and JWT expiries are measured with (tests). */
  now?: () => number
  /**
   * Where messages are kept and how instances hear of them: in memory by default (`memoryStore`, with its own
   * caps); `redisStore(url)` lets several instances share them. The caller closes a store it passes.
   */
  store?: RelayStore
  /**
   * URLs a client's token may name as its audience besides the host it dialled (the upgrade's Host header): a
   * relay behind a proxy that rewrites Host lists its public URL here.
   */
  audiences?: readonly string[]
  /**
   * How many proxies stand in front of the relay (`true`: one): connections are then counted per the address the
   * outermost of them appended to `X-Forwarded-For`, not per the proxy's. Default false (the socket's peer counts).
   */
  trustProxy?: boolean | number
}

export interface Relay {
  /** `ws://host:port`. */
  readonly url: string
  readonly port: number
  /** Open connections, the topics they subscribe to, and the messages kept, for tests and health checks. */
  stats(): Promise<{
    clients: number
    subscriptions: number
    topics: number
    messages: number
    /** Bytes handed to sockets and not yet written out. */
    unsentBytes: number
  }>
  close(): Promise<void>
}

/** WalletConnect's delivery tags for the session messages the relay itself delivers. */
const TAG_PROPOSAL = 1100
const TAG_PROPOSAL_RESPONSE = 1101
const TAG_SETTLEMENT = 1102
const MIN_TTL_S = 10
const DEFAULT_TTL_S = 300
/** EIP-1474's "limit exceeded", the closest JSON-RPC code for a quota. */
const LIMIT_EXCEEDED = -32005

interface Client {
  socket: WebSocket
  /** The did:key that signed the connection's JWT. */
  clientId: string
  /** The topics it subscribes to (the same strings as the relay's topic keys). */
  subscriptions: Set<string>
  alive: boolean
  publishBudget: ReturnType<typeof tokenBucket>
  frameBudget: ReturnType<typeof tokenBucket>
}

/** A request the relay refuses, answered as a JSON-RPC error with `code`. */
class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}
const invalid = (message: string) => new Refusal(-32602, `Invalid params: ${message}`)
const overLimit = (message: string) => new Refusal(LIMIT_EXCEEDED, `Limit exceeded: ${message}`)

const topicPattern = /^[0-9a-f]{64}$/

function topicOf(value: unknown, field = 'topic'): string {
  if (typeof value !== 'string' || !topicPattern.test(value))
    throw invalid(`${field} must be 64 lower-case hex characters`)
  return value
}

function objectOf(params: unknown, field = 'params'): Record<string, unknown> {
  if (!params || typeof params !== 'object' || Array.isArray(params))
    throw invalid(`${field} must be an object`)
  return params as Record<string, unknown>
}

function arrayOf(value: unknown, field: string, max: number): unknown[] {
  if (!Array.isArray(value)) throw invalid(`${field} must be an array`)
  if (value.length > max) throw invalid(`${field} may hold at most ${max} items`)
  return value
}

/** WalletConnect's subscription id: sha-256 of the topic and the client's id, hex. */
const subscriptionId = (topic: string, clientId: string) =>
  createHash('sha256')
    .update(topic + clientId)
    .digest('hex')

/**
 * Why a connection is refused: no JWT, not an EdDSA JWT signed by its issuer (`@walletconnect/relay-auth`), no
 * numeric `exp` or an expired one, or an audience that is neither the host the client dialled nor one of
 * `audiences`. Undefined when it is fine.
 */
async function authProblem(
  request: IncomingMessage,
  now: number,
  audiences: ReadonlySet<string>,
): Promise<string | undefined> {
  const auth = new URL(request.url ?? '/', 'ws://relay').searchParams.get('auth')
  if (!auth) return 'missing auth'
  try {
    if (!(await verifyJWT(auth))) return 'the JWT signature does not verify'
    const { payload } = decodeJWT(auth)
    if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) return 'the JWT has no expiry'
    if (payload.exp * 1000 < now) return 'the JWT has expired'
    const audience = typeof payload.aud === 'string' ? payload.aud : ''
    let host: string | undefined
    try {
      host = new URL(audience).host
    } catch {
      host = undefined
    }
    if (!audiences.has(audience.replace(/\/+$/, '')) && host !== request.headers.host)
      return 'the JWT is for another relay (aud)'
    return undefined
  } catch {
    return 'the JWT cannot be read'
  }
}

/** A push's `data` as JSON. */
const pushData = (entry: StoredMessage) =>
  JSON.stringify({
    topic: entry.topic,
    message: entry.message,
    publishedAt: entry.publishedAt,
    tag: entry.tag,
    // An empty attestation: wallets then skip the verify server (there is none offline).
    attestation: '',
  })

/** One socket of `key` fewer in `counts`. */
function release(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1
  if (left > 0) counts.set(key, left)
  else counts.delete(key)
}

/** Answers a request it refuses with a plain HTTP status, then closes the socket. */
function refuse(socket: Duplex, status: string, text: string): void {
  if (!socket.writable) {
    socket.destroy()
    return
  }
  socket.end(
    `HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  )
  // Ending only half-closes: a client that never reads nor closes would keep the socket, and its place in the
  // counts, for ever. It goes once the answer is handed to the system.
  socket.once('finish', () => socket.destroy())
}

/**
 * A WalletConnect v2 relay for development, tests and self-hosting: the `irn_*` methods and session delivery
 * (`wc_proposeSession`, `wc_approveSession`) that `@walletconnect/sign-client` 2.25 and `@reown/walletkit` use,
 * JWT authentication, keepalive pings, per-topic storage for each message's TTL, and limits on what one client
 * may take (`RelayLimits`). Every socket has an error path; malformed frames get JSON-RPC errors; nothing a
 * client sends stops the relay.
 *
 * @example
 * const relay = await startRelay({ port: 0 })
 * // new SignClient({ relayUrl: relay.url, projectId: 'local', … })
 * await relay.close()
 */
export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const now = options.now ?? Date.now
  const limits = { ...defaultRelayLimits, ...options.limits }
  const keepaliveMs = options.keepaliveMs ?? 15_000
  const audiences = new Set((options.audiences ?? []).map((audience) => audience.replace(/\/+$/, '')))
  const proxies = options.trustProxy === true ? 1 : Math.max(0, Math.floor(Number(options.trustProxy) || 0))

  const store = options.store ?? memoryStore({ now })
  const clients = new Set<Client>()
  const subscribers = topicSubscribers<Client>()
  let subscriptionCount = 0
  /** Open and upgrading sockets per address (`addressKey`), and in all. */
  const perIp = new Map<string, number>()
  let connections = 0
  /** TCP sockets per address, whatever they do (upgrade, plain HTTP, nothing). */
  const tcpPerIp = new Map<string, number>()

  const out = outbox({ perSocket: limits.maxBufferedBytes, total: limits.maxBufferedBytesTotal })
  const send = (client: Client, text: string) => void out.send(client.socket, text)

  /**
   * Pushes a message (its `data` from `pushData`) to a subscriber. Nothing is built for a socket that is closing:
   * one that is behind is closed mid-delivery, and the rest of a topic's backlog must not be serialized for it.
   */
  const push = (client: Client, topic: string, data: string) => {
    if (!client.subscriptions.has(topic) || client.socket.readyState !== client.socket.OPEN) return
    const id = subscriptionId(topic, client.clientId)
    send(
      client,
      `{"id":${nextId()},"jsonrpc":"2.0","method":"irn_subscription","params":{"id":"${id}","data":${data}}}`,
    )
  }

  /** Checks that `topics` fit the client's and the relay's subscription caps, before any is subscribed. */
  const checkRoom = (client: Client, topics: readonly string[]) => {
    const added = new Set(topics.filter((topic) => !client.subscriptions.has(topic))).size
    if (client.subscriptions.size + added > limits.maxSubscriptionsPerClient)
      throw overLimit(`a connection may subscribe to at most ${limits.maxSubscriptionsPerClient} topics`)
    if (subscriptionCount + added > limits.maxSubscriptions)
      throw overLimit('the relay holds as many subscriptions as it can; try again later')
  }

  const subscribe = (client: Client, topic: string): string => {
    if (!client.subscriptions.has(topic)) {
      client.subscriptions.add(topic)
      subscriptionCount++
      subscribers.add(topic, client)
    }
    return subscriptionId(topic, client.clientId)
  }

  /** Delivers what the topic holds to a client that just subscribed, except what it published itself. */
  const deliverStored = async (client: Client, topic: string) => {
    for (const entry of await store.messages(topic, now())) {
      if (client.socket.readyState !== client.socket.OPEN) return
      if (entry.from !== client.clientId) push(client, topic, pushData(entry))
    }
  }
  // Every publish, on this instance or another, reaches this instance's subscribers but not its publisher; its
  // JSON is made once and shared by all of them.
  store.onMessage((entry) => {
    let data: string | undefined
    for (const client of subscribers.of(entry.topic)) {
      if (client.clientId === entry.from) continue
      data ??= pushData(entry)
      push(client, entry.topic, data)
    }
  })

  const unsubscribe = (client: Client, topic: string) => {
    if (!client.subscriptions.delete(topic)) return
    subscriptionCount--
    subscribers.delete(topic, client)
  }

  /** A publish checked and made ready to store; throws a refusal naming the problem. */
  const prepare = (
    client: Client,
    topic: string,
    message: unknown,
    ttl: unknown,
    tag: unknown,
  ): StoredMessage => {
    if (typeof message !== 'string' || !message) throw invalid('message must be a non-empty string')
    if (message.length > limits.maxMessageLength)
      throw invalid(`message must be at most ${limits.maxMessageLength} characters`)
    const seconds = ttl === undefined ? DEFAULT_TTL_S : Number(ttl)
    if (!Number.isFinite(seconds) || seconds <= 0) throw invalid('ttl must be a positive number of seconds')
    const publishedAt = now()
    return {
      topic,
      message,
      tag: typeof tag === 'number' && Number.isSafeInteger(tag) ? tag : 0,
      publishedAt,
      expiresAt: publishedAt + Math.min(Math.max(seconds, MIN_TTL_S), limits.maxTtlSeconds) * 1000,
      from: client.clientId,
    }
  }

  /** Stores what `prepare` checked, once the client's publishing budget allows all of it (or none). */
  const publishAll = async (client: Client, entries: readonly StoredMessage[]) => {
    const size = entries.reduce((sum, entry) => sum + entry.message.length, 0)
    if (!client.publishBudget.take(size))
      throw overLimit(
        `a connection may publish ${limits.publishBytesPerSecond} characters a second (bursts of ${limits.publishBurstBytes}); slow down`,
      )
    for (const entry of entries) await store.publish(entry)
  }

  const handle = async (client: Client, frame: Frame): Promise<unknown> => {
    const { method } = frame
    switch (method) {
      case 'irn_subscribe': {
        const topic = topicOf(objectOf(frame.params).topic)
        checkRoom(client, [topic])
        const id = subscribe(client, topic)
        setImmediate(() => void deliverStored(client, topic).catch(() => undefined))
        return id
      }
      case 'irn_batchSubscribe': {
        const topics = arrayOf(objectOf(frame.params).topics, 'topics', limits.maxSubscriptionsPerClient).map(
          (topic, index) => topicOf(topic, `topics[${index}]`),
        )
        checkRoom(client, topics)
        const ids = topics.map((topic) => subscribe(client, topic))
        setImmediate(() => {
          for (const topic of topics) void deliverStored(client, topic).catch(() => undefined)
        })
        return ids
      }
      case 'irn_unsubscribe': {
        unsubscribe(client, topicOf(objectOf(frame.params).topic))
        return true
      }
      case 'irn_batchUnsubscribe': {
        const items = arrayOf(
          objectOf(frame.params).subscriptions,
          'subscriptions',
          limits.maxSubscriptionsPerClient,
        )
        const topics = items.map((item, index) =>
          topicOf(objectOf(item, `subscriptions[${index}]`).topic, `subscriptions[${index}].topic`),
        )
        for (const topic of topics) unsubscribe(client, topic)
        return true
      }
      case 'irn_publish': {
        const params = objectOf(frame.params)
        await publishAll(client, [
          prepare(client, topicOf(params.topic), params.message, params.ttl, params.tag),
        ])
        return true
      }
      case 'irn_batchPublish': {
        const messages = arrayOf(objectOf(frame.params).messages, 'messages', 100)
        const entries = messages.map((item, index) => {
          const params = objectOf(item, `messages[${index}]`)
          try {
            return prepare(client, topicOf(params.topic), params.message, params.ttl, params.tag)
          } catch (error) {
            // Nothing is published when one item is refused; the error says which.
            if (error instanceof Refusal)
              throw invalid(`messages[${index}]: ${error.message.replace(/^Invalid params: /, '')}`)
            throw error
          }
        })
        await publishAll(client, entries)
        return true
      }
      case 'irn_fetchMessages':
      case 'irn_batchFetchMessages': {
        const params = objectOf(frame.params)
        const topics =
          method === 'irn_fetchMessages'
            ? [topicOf(params.topic)]
            : arrayOf(params.topics, 'topics', limits.maxSubscriptionsPerClient).map((topic, index) =>
                topicOf(topic, `topics[${index}]`),
              )
        const messages: { topic: string; message: string; publishedAt: number; tag: number }[] = []
        // One answer carries at most maxFetchBytes: the store's whole content, fetched by many sockets at once,
        // would otherwise be copied once per answer. (sign-client 2.25 never fetches; it would ignore hasMore.)
        let size = 0
        for (const topic of topics)
          for (const entry of await store.messages(topic, now())) {
            if (entry.from === client.clientId) continue
            size += entry.message.length
            if (size > limits.maxFetchBytes && messages.length) return { messages, hasMore: true }
            messages.push({ topic, message: entry.message, publishedAt: entry.publishedAt, tag: entry.tag })
          }
        return { messages, hasMore: false }
      }
      case 'wc_proposeSession': {
        const params = objectOf(frame.params)
        const pairingTopic = topicOf(params.pairingTopic, 'pairingTopic')
        const entry = prepare(client, pairingTopic, params.sessionProposal, params.ttl, TAG_PROPOSAL)
        checkRoom(client, [pairingTopic])
        await publishAll(client, [entry])
        subscribe(client, pairingTopic)
        return true
      }
      case 'wc_approveSession': {
        const params = objectOf(frame.params)
        const pairingTopic = topicOf(params.pairingTopic, 'pairingTopic')
        const sessionTopic = topicOf(params.sessionTopic, 'sessionTopic')
        const entries = [
          prepare(client, pairingTopic, params.sessionProposalResponse, params.ttl, TAG_PROPOSAL_RESPONSE),
          prepare(client, sessionTopic, params.sessionSettlementRequest, params.ttl, TAG_SETTLEMENT),
        ]
        checkRoom(client, [sessionTopic])
        await publishAll(client, entries)
        subscribe(client, sessionTopic)
        return true
      }
      default:
        return undefined
    }
  }

  const onFrame = (client: Client, text: string) => {
    const parsed = parseFrame(text)
    if (!parsed.ok) {
      send(client, errorFrame('null', parsed.code, parsed.message))
      return
    }
    const { frame } = parsed
    // A response to the relay's own push (an ack): nothing to answer.
    if (frame.method === undefined && (frame.result !== undefined || frame.error !== undefined)) return
    if (!client.frameBudget.take(1)) {
      send(
        client,
        errorFrame(
          frame.rawId,
          LIMIT_EXCEEDED,
          `Limit exceeded: a connection may send ${limits.framesPerSecond} requests a second; slow down`,
        ),
      )
      return
    }
    if (typeof frame.method !== 'string') {
      send(client, errorFrame(frame.rawId, -32600, 'Invalid request: method must be a string'))
      return
    }
    const method = frame.method
    handle(client, frame).then(
      (result) =>
        send(
          client,
          result === undefined
            ? errorFrame(frame.rawId, -32601, `Method not found: ${method.slice(0, 64)}`)
            : resultFrame(frame.rawId, result),
        ),
      (error: unknown) =>
        send(
          client,
          error instanceof Refusal
            ? errorFrame(frame.rawId, error.code, error.message)
            : errorFrame(frame.rawId, -32603, 'Internal error: the relay could not store the message'),
        ),
    )
  }

  const accept = (ws: WebSocket, clientId: string) => {
    const client: Client = {
      socket: ws,
      clientId,
      subscriptions: new Set(),
      alive: true,
      publishBudget: tokenBucket(limits.publishBurstBytes, limits.publishBytesPerSecond, now),
      frameBudget: tokenBucket(limits.frameBurst, limits.framesPerSecond, now),
    }
    clients.add(client)
    ws.on('pong', () => {
      client.alive = true
    })
    ws.on('message', (data, isBinary) => {
      if (isBinary) send(client, errorFrame('null', -32600, 'Invalid request: frames must be text'))
      else onFrame(client, data.toString())
    })
    ws.on('close', () => {
      clients.delete(client)
      for (const topic of [...client.subscriptions]) unsubscribe(client, topic)
    })
    ws.on('error', () => ws.terminate())
  }

  // Requests whose headers take over 10 s are dropped; the timeout is checked every 5 s (Node's default, 30 s, lets an
  // idle socket live 40 s).
  const server = createServer({ connectionsCheckingInterval: 5_000 }, (_request, response) => {
    response
      .writeHead(426, { 'content-type': 'text/plain' })
      .end('This is a WalletConnect relay: connect over WebSocket.')
  })
  // Slow or broken HTTP before an upgrade: answered 400 where it can be, else dropped; never thrown.
  server.on('clientError', (_error, socket) => refuse(socket, '400 Bad Request', 'Bad request.'))
  server.headersTimeout = 10_000
  server.requestTimeout = 10_000
  // A socket that never sends a request is only closed by the header timeout, up to 15 s later: without a cap per
  // address one client could hold every file descriptor the process has. The cap is twice the upgrades an address
  // may hold, so that an address at its limit still hears 429 for a while before its sockets are cut.
  // Behind a proxy every socket comes from the proxy, and only the total counts.
  server.maxConnections = 2 * limits.maxConnections
  /** Every TCP socket, whatever it became (HTTP, an upgrade being checked, a WebSocket), for `close`. */
  const tcpSockets = new Set<Duplex>()
  server.on('connection', (socket) => {
    tcpSockets.add(socket)
    socket.once('close', () => tcpSockets.delete(socket))
    if (proxies > 0) return
    const key = addressKey(socket.remoteAddress ?? 'unknown')
    const held = tcpPerIp.get(key) ?? 0
    if (held >= 2 * limits.maxConnectionsPerIp) {
      socket.destroy()
      return
    }
    tcpPerIp.set(key, held + 1)
    socket.once('close', () => release(tcpPerIp, key))
  })
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 })
  sockets.on('error', () => undefined)

  server.on('upgrade', (request, socket, head) => {
    // First of all: a socket reset while it is refused or checked must not become an uncaught error.
    socket.on('error', () => socket.destroy())
    const ip = addressKey(clientAddress(request, proxies))
    if (connections >= limits.maxConnections) {
      refuse(socket, '503 Service Unavailable', 'The relay is full; try again later.')
      return
    }
    const held = perIp.get(ip) ?? 0
    if (held >= limits.maxConnectionsPerIp) {
      refuse(
        socket,
        '429 Too Many Requests',
        `At most ${limits.maxConnectionsPerIp} connections per address.`,
      )
      return
    }
    // The socket counts from now until it closes, whether refused later, upgrading or open.
    connections++
    perIp.set(ip, held + 1)
    socket.once('close', () => {
      connections--
      release(perIp, ip)
    })
    authProblem(request, now(), audiences).then(
      (problem) => {
        if (problem) {
          refuse(socket, '401 Unauthorized', problem)
          return
        }
        if (socket.destroyed) return
        const auth = new URL(request.url ?? '/', 'ws://relay').searchParams.get('auth')!
        const clientId = String(decodeJWT(auth).payload.iss)
        sockets.handleUpgrade(request, socket, head, (ws) => accept(ws, clientId))
      },
      () => socket.destroy(),
    )
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
      subscriptions: subscriptionCount,
      topics: subscribers.size,
      messages: await store.count(now()),
      unsentBytes: out.unsentBytes,
    }),
    async close() {
      clearInterval(keepalive)
      for (const ws of sockets.clients) ws.terminate()
      await new Promise<void>((resolve) => sockets.close(() => resolve()))
      // Also the sockets http no longer tracks: upgrades still being checked would keep close() waiting.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const socket of tcpSockets) socket.destroy()
      await closed
      if (!options.store) await store.close()
    },
  }
}
