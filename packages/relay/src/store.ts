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
  /** The topic's messages that have not expired at `now`. */
  messages(topic: string, now: number): Promise<StoredMessage[]>
  /** Calls `listener` for every message published on any instance. */
  onMessage(listener: (entry: StoredMessage) => void): void
  /** How many unexpired messages are kept (for health checks and tests). */
  count(now: number): Promise<number>
  close(): Promise<void>
}

/** One instance's store: messages in a map, delivery to its own listeners. */
export function memoryStore(): RelayStore {
  const mailbox = new Map<string, StoredMessage[]>()
  const listeners: ((entry: StoredMessage) => void)[] = []
  const live = (topic: string, now: number) => {
    const kept = (mailbox.get(topic) ?? []).filter((entry) => entry.expiresAt > now)
    if (kept.length) mailbox.set(topic, kept)
    else mailbox.delete(topic)
    return kept
  }
  return {
    async publish(entry) {
      mailbox.set(entry.topic, [...live(entry.topic, entry.publishedAt), entry])
      for (const listener of listeners) listener(entry)
    },
    async messages(topic, now) {
      return live(topic, now)
    },
    onMessage(listener) {
      listeners.push(listener)
    },
    async count(now) {
      return [...mailbox.keys()].reduce((sum, topic) => sum + live(topic, now).length, 0)
    },
    async close() {},
  }
}
