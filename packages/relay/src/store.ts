/** A message kept on a topic until it expires. */
export interface StoredMessage {
  topic: string
  message: string
  tag: number
  publishedAt: number
  expiresAt: number
  /** The publishing client's id: it is never delivered back to it. */
  from: string
}

/**
 * Where a relay keeps messages and how it tells its peers about new ones. In memory for one instance; on
 * Redis (`REDIS_URL`) several instances share both, so a dapp and a wallet on different instances meet.
 */
export interface RelayStore {
  /** Keeps the message until it expires and tells every instance (this one included) about it. */
  publish(entry: StoredMessage): Promise<void>
  /** The topic's messages that have not expired at `now`, oldest first. */
  messages(topic: string, now: number): Promise<StoredMessage[]>
  /** Calls `listener` for every message published on any instance. */
  onMessage(listener: (entry: StoredMessage) => void): void
  /** How many unexpired messages are kept (for health checks and tests). */
  count(now: number): Promise<number>
  close(): Promise<void>
}

export interface MemoryStoreOptions {
  /** Messages one topic keeps; a new one beyond it drops the topic's oldest. Default 100. */
  maxMessagesPerTopic?: number
  /** Characters one topic keeps; beyond it the topic's oldest messages are dropped. Default 1 MiB. */
  maxBytesPerTopic?: number
  /**
   * What all topics keep together, in characters plus a fixed cost per message for its bookkeeping; beyond it the
   * oldest messages anywhere are dropped (memory pressure). Default 64 MiB.
   */
  maxBytes?: number
  /** How often expired messages are swept out, releasing their memory (ms). Default 10 s. */
  sweepMs?: number
  /** The clock expiry is swept by (tests). */
  now?: () => number
}

/** The memory store's caps when its options leave them out. */
export const defaultStoreLimits = {
  maxMessagesPerTopic: 100,
  maxBytesPerTopic: 1024 * 1024,
  maxBytes: 64 * 1024 * 1024,
} as const satisfies MemoryStoreOptions

/** What one kept message costs beyond its text: the entry, its map slots and its strings' headers. */
export const MESSAGE_OVERHEAD = 256

interface Kept {
  entry: StoredMessage
  cost: number
}

/**
 * One instance's store: each topic's messages in an insertion-ordered map (appending and dropping the oldest are
 * O(1)), every message also in one publish-ordered map for eviction, expired ones swept on a timer. Delivery to
 * its own listeners.
 *
 * @example
 * const store = memoryStore({ maxBytes: 32 * 1024 * 1024 })
 */
export function memoryStore(options: MemoryStoreOptions = {}): RelayStore {
  const maxPerTopic = options.maxMessagesPerTopic ?? defaultStoreLimits.maxMessagesPerTopic
  const maxBytesPerTopic = options.maxBytesPerTopic ?? defaultStoreLimits.maxBytesPerTopic
  const maxBytes = options.maxBytes ?? defaultStoreLimits.maxBytes
  const now = options.now ?? Date.now

  const topics = new Map<string, { kept: Map<number, Kept>; bytes: number }>()
  const all = new Map<number, Kept>()
  let bytes = 0
  let sequence = 0
  const listeners: ((entry: StoredMessage) => void)[] = []

  const drop = (id: number, kept: Kept) => {
    all.delete(id)
    bytes -= kept.cost
    const topic = topics.get(kept.entry.topic)
    if (!topic) return
    topic.kept.delete(id)
    topic.bytes -= kept.cost
    if (!topic.kept.size) topics.delete(kept.entry.topic)
  }
  const dropOldest = (from: Map<number, Kept>) => {
    const first = from.entries().next()
    if (!first.done) drop(first.value[0], first.value[1])
  }

  const sweep = (time: number) => {
    for (const [id, kept] of all) if (kept.entry.expiresAt <= time) drop(id, kept)
  }
  const sweeper = setInterval(() => sweep(now()), options.sweepMs ?? 10_000)
  sweeper.unref()

  return {
    async publish(entry) {
      const cost = entry.message.length + MESSAGE_OVERHEAD
      const id = ++sequence
      let topic = topics.get(entry.topic)
      if (!topic) {
        topic = { kept: new Map(), bytes: 0 }
        topics.set(entry.topic, topic)
      }
      const kept = { entry, cost }
      topic.kept.set(id, kept)
      topic.bytes += cost
      all.set(id, kept)
      bytes += cost
      while (topic.kept.size > maxPerTopic || (topic.bytes > maxBytesPerTopic && topic.kept.size > 1))
        dropOldest(topic.kept)
      while (bytes > maxBytes && all.size > 1) dropOldest(all)
      for (const listener of listeners) listener(entry)
    },
    async messages(topic, time) {
      const found: StoredMessage[] = []
      for (const [id, kept] of topics.get(topic)?.kept ?? []) {
        if (kept.entry.expiresAt > time) found.push(kept.entry)
        else drop(id, kept)
      }
      return found
    },
    onMessage(listener) {
      listeners.push(listener)
    },
    async count(time) {
      sweep(time)
      return all.size
    },
    async close() {
      clearInterval(sweeper)
    },
  }
}
