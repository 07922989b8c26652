import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'
import { admissionServer } from './admission.ts'
import type { Client } from './client.ts'
import { errorFrame } from './jsonrpc.ts'
import { defaultRelayLimits, type RelayLimits, tokenBucket } from './limits.ts'
import { relayMethods } from './methods.ts'
import { outbox } from './outbox.ts'
import { memoryStore, type RelayStore } from './store.ts'
import { relaySubscriptions } from './subscriptions.ts'

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

  const out = outbox({ perSocket: limits.maxBufferedBytes, total: limits.maxBufferedBytesTotal })
  const send = (client: Client, text: string) => void out.send(client.socket, text)

  const subscriptions = relaySubscriptions({ limits, store, now, send })
  const { unsubscribe } = subscriptions
  const { onFrame } = relayMethods({ limits, store, now, send, subscriptions })

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

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 })
  sockets.on('error', () => undefined)

  const { server, tcpSockets } = admissionServer({
    limits,
    proxies,
    now,
    audiences,
    admit: (request, socket, head, clientId) =>
      sockets.handleUpgrade(request, socket, head, (ws) => accept(ws, clientId)),
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
      subscriptions: subscriptions.count,
      topics: subscriptions.topics,
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
