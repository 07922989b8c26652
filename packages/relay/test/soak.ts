// A hostile load on a relay in its own process: many sockets, many topics each, large messages published as fast
// as the relay takes them. Used at a size of seconds by soak.test.ts and at the attacker's size by
// `npm run bench:relay:soak`.
import { type RelayProcess, startRelayProcess } from './relayProcess.ts'
import { connect, type TestClient, topic } from './wsClient.ts'

export interface SoakOptions {
  /** Sockets to open; past the per-address limit the relay refuses them. */
  sockets: number
  /** Topics each open socket tries to subscribe to, in batches of 100. */
  topicsPerSocket: number
  /** Messages to publish in all, spread over the open sockets. */
  publishes: number
  /** Characters per message. */
  messageSize: number
  /** Each socket claims its own address (X-Forwarded-For, on a relay that trusts it): the per-address limit is off. */
  manyAddresses?: boolean
  /**
   * Sockets opened once the publishers are gone that stop reading, then subscribe to the last 100 topics
   * published to, or fetch them: each would make the relay hold a copy of what those topics keep.
   */
  stalledReaders?: number
  /** RELAY_* settings for the relay's process. */
  env?: Record<string, string>
}

export interface SoakResult {
  rssBeforeMiB: number
  /** The highest resident memory seen while under load. */
  rssPeakMiB: number
  rssAfterMiB: number
  socketsOpened: number
  socketsRefused: number
  subscriptions: { accepted: number; refused: number }
  publishes: { accepted: number; refused: number }
  /** Stalled readers the relay let in. */
  readersOpened: number
  /** Whether a fresh client could still subscribe and publish after the load. */
  answering: boolean
  alive: boolean
  seconds: number
}

async function open(url: string, address?: string): Promise<TestClient | undefined> {
  try {
    return await connect(url, address ? { headers: { 'x-forwarded-for': address } } : {})
  } catch {
    return undefined
  }
}

/** Runs the load against a fresh relay process and reports its memory and answers; stops the relay. */
export async function soak(options: SoakOptions): Promise<SoakResult> {
  const started = Date.now()
  const relay: RelayProcess = await startRelayProcess({
    ...(options.manyAddresses ? { RELAY_TRUST_PROXY: 'true' } : {}),
    ...options.env,
  })
  let peak = relay.rssMiB()
  const before = peak
  const sample = setInterval(() => {
    if (relay.alive()) peak = Math.max(peak, relay.rssMiB())
  }, 100)
  const clients: TestClient[] = []
  const result: Omit<
    SoakResult,
    'rssBeforeMiB' | 'rssPeakMiB' | 'rssAfterMiB' | 'answering' | 'alive' | 'seconds'
  > = {
    socketsOpened: 0,
    socketsRefused: 0,
    readersOpened: 0,
    subscriptions: { accepted: 0, refused: 0 },
    publishes: { accepted: 0, refused: 0 },
  }
  try {
    for (let i = 0; i < options.sockets; i++) {
      const address = options.manyAddresses ? `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` : undefined
      const client = await open(relay.url, address)
      if (client) clients.push(client)
      else result.socketsRefused++
    }
    result.socketsOpened = clients.length

    await Promise.all(
      clients.map(async (client) => {
        for (let done = 0; done < options.topicsPerSocket; done += 100) {
          const topics = Array.from({ length: Math.min(100, options.topicsPerSocket - done) }, topic)
          const answer = await client.call('irn_batchSubscribe', { topics })
          if (answer.error) result.subscriptions.refused += topics.length
          else result.subscriptions.accepted += topics.length
        }
      }),
    )

    const message = 'x'.repeat(options.messageSize)
    const perClient = Math.ceil(options.publishes / Math.max(1, clients.length))
    const stored: string[] = []
    await Promise.all(
      clients.map(async (client) => {
        for (let i = 0; i < perClient; i++) {
          const box = topic()
          const answer = await client.call('irn_publish', { topic: box, message, ttl: 30 * 24 * 3600 })
          if (answer.error) result.publishes.refused++
          else {
            result.publishes.accepted++
            stored.push(box)
          }
        }
      }),
    )

    for (const client of clients.splice(0)) client.socket.terminate()
    await new Promise((resolve) => setTimeout(resolve, 500))

    const wanted = stored.slice(-100)
    for (let i = 0; i < (options.stalledReaders ?? 0); i++) {
      const reader = await open(relay.url, options.manyAddresses ? `172.16.${i >> 8}.${i & 255}` : undefined)
      if (!reader) continue
      clients.push(reader)
      result.readersOpened++
      // The relay goes on writing; nothing is read from here on.
      reader.socket.pause()
      // Half subscribe (the relay pushes what the topics keep), half fetch it all in one answer.
      const method = i % 2 ? 'irn_batchFetchMessages' : 'irn_batchSubscribe'
      reader.socket.send(JSON.stringify({ id: i, jsonrpc: '2.0', method, params: { topics: wanted } }))
    }
    if (result.readersOpened) await new Promise((resolve) => setTimeout(resolve, 1000))
    let answering = false
    const fresh = await open(relay.url, options.manyAddresses ? '192.0.2.1' : undefined)
    if (fresh) {
      const subscribed = await fresh.call('irn_subscribe', { topic: topic() })
      const published = await fresh.call('irn_publish', { topic: topic(), message: 'still here', ttl: 60 })
      answering = typeof subscribed.result === 'string' && published.result === true
      fresh.socket.terminate()
    }
    clearInterval(sample)
    return {
      ...result,
      rssBeforeMiB: before,
      rssPeakMiB: peak,
      rssAfterMiB: relay.alive() ? relay.rssMiB() : 0,
      answering,
      alive: relay.alive(),
      seconds: (Date.now() - started) / 1000,
    }
  } finally {
    clearInterval(sample)
    for (const client of clients) client.socket.terminate()
    await relay.stop()
  }
}
