import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import type { MemoryStoreOptions, RelayStore, StoredMessage } from './store.ts'

const CHANNEL = 'latch:relay:published'
const mailboxKey = (topic: string) => `latch:relay:mailbox:${topic}`

/** The entry a broadcast carries, or undefined when it is not one. */
function storedMessageOf(text: string): StoredMessage | undefined {
  try {
    const entry = (JSON.parse(text) as { entry?: Partial<StoredMessage> } | null)?.entry
    if (
      typeof entry?.topic === 'string' &&
      typeof entry.message === 'string' &&
      typeof entry.tag === 'number' &&
      typeof entry.publishedAt === 'number' &&
      typeof entry.expiresAt === 'number' &&
      typeof entry.from === 'string'
    )
      return entry as StoredMessage
  } catch {
    // Not JSON.
  }
  return undefined
}

/**
 * A store on Redis shared by several relay instances: each topic's messages in a list that expires with its
 * newest message, trimmed to the newest `maxMessagesPerTopic` (default 100), and every publish broadcast on one
 * channel that each instance filters by its own clients' subscriptions. What Redis holds in all is bounded by its
 * own `maxmemory` and eviction policy (set `maxmemory-policy volatile-ttl`: every key here expires).
 *
 * @example
 * const store = await redisStore('redis://127.0.0.1:6379')
 * const relay = await startRelay({ store })
 */
export async function redisStore(
  url: string,
  options: Pick<MemoryStoreOptions, 'maxMessagesPerTopic'> = {},
): Promise<RelayStore> {
  const maxPerTopic = options.maxMessagesPerTopic ?? 100
  const commands = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 })
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 })
  await Promise.all([commands.connect(), subscriber.connect()])
  // ioredis reconnects by itself; a lost connection fails the publishes meanwhile (answered -32603), never the process.
  for (const client of [commands, subscriber]) client.on('error', () => undefined)
  const instance = randomUUID()
  const listeners: ((entry: StoredMessage) => void)[] = []
  subscriber.on('message', (_channel: string, text: string) => {
    // Whatever else reaches the channel (another program, an older relay) is skipped: a throw here would be
    // uncaught and stop the relay.
    const entry = storedMessageOf(text)
    if (entry) for (const listener of listeners) listener(entry)
  })
  await subscriber.subscribe(CHANNEL)

  const read = async (topic: string, now: number) => {
    const stored = (await commands.lrange(mailboxKey(topic), 0, -1)).map(
      (text) => JSON.parse(text) as StoredMessage,
    )
    return stored.filter((entry) => entry.expiresAt > now)
  }

  return {
    async publish(entry) {
      const key = mailboxKey(entry.topic)
      await commands
        .multi()
        .rpush(key, JSON.stringify(entry))
        .ltrim(key, -maxPerTopic, -1)
        // The list lives as long as its longest-lived message; expired ones are skipped when read.
        .pexpireat(key, entry.expiresAt, 'GT')
        .pexpireat(key, entry.expiresAt, 'NX')
        .exec()
      await commands.publish(CHANNEL, JSON.stringify({ instance, entry }))
    },
    messages: read,
    onMessage(listener) {
      listeners.push(listener)
    },
    async count(now) {
      let total = 0
      let cursor = '0'
      do {
        const [next, keys] = await commands.scan(cursor, 'MATCH', mailboxKey('*'), 'COUNT', 200)
        cursor = next
        for (const key of keys) total += (await read(key.slice(mailboxKey('').length), now)).length
      } while (cursor !== '0')
      return total
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), commands.quit()])
    },
  }
}
