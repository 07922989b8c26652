/**
 * What one stranger may take from the relay. Each limit is reached only by a client far off what WalletConnect's
 * own clients do (a dapp or a wallet holds a few sockets, a few dozen topics and publishes a few KB at a time).
 */
export interface RelayLimits {
  /**
   * Open sockets (and upgrades under way) from one address, an IPv6 address counting as its /64. Past it an upgrade
   * is answered 429; past twice it further TCP sockets from the address are closed at once. Default 50.
   */
  maxConnectionsPerIp: number
  /** Open sockets in all: past it an upgrade is answered 503; past twice it TCP sockets are closed. Default 10,000. */
  maxConnections: number
  /** Topics one connection may subscribe to (a wallet with many sessions holds a few dozen). Default 200. */
  maxSubscriptionsPerClient: number
  /** Subscriptions of all connections together. Default 100,000. */
  maxSubscriptions: number
  /** Largest `message` one publish may carry, in characters. Default 100,000. */
  maxMessageLength: number
  /** Messages one `irn_batchPublish` may carry (all-or-nothing). Default 100. */
  maxBatchMessages: number
  /** Characters a connection may publish in a burst… Default 1 MiB. */
  publishBurstBytes: number
  /** …refilled at this rate per second. Default 64 KiB. */
  publishBytesPerSecond: number
  /** Frames (requests) a connection may send in a burst… Default 200. */
  frameBurst: number
  /** …refilled at this rate per second. Default 50. */
  framesPerSecond: number
  /** Unsent data a socket may hold before it is closed as one that does not read. Default 4 MiB. */
  maxBufferedBytes: number
  /**
   * Unsent data all sockets together may hold (a stored message is copied for each socket it is pushed to or
   * fetched by): a socket whose next frame would go past it is closed instead, and past half of it so is one that
   * would be more than 256 KiB behind. Default 64 MiB.
   */
  maxBufferedBytesTotal: number
  /**
   * Characters of messages one irn_fetchMessages or irn_batchFetchMessages answer carries; the rest is left out
   * and `hasMore` is true. Default 1 MiB.
   */
  maxFetchBytes: number
  /**
   * The longest a message is kept, in seconds. WalletConnect's sign-client 2.25 publishes nothing that must live
   * longer than a session request's largest expiry (SESSION_REQUEST_EXPIRY_BOUNDARIES.max): 7 days.
   */
  maxTtlSeconds: number
}

export const defaultRelayLimits: RelayLimits = {
  maxConnectionsPerIp: 50,
  maxConnections: 10_000,
  maxSubscriptionsPerClient: 200,
  maxSubscriptions: 100_000,
  maxMessageLength: 100_000,
  maxBatchMessages: 100,
  publishBurstBytes: 1024 * 1024,
  publishBytesPerSecond: 64 * 1024,
  frameBurst: 200,
  framesPerSecond: 50,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxBufferedBytesTotal: 64 * 1024 * 1024,
  maxFetchBytes: 1024 * 1024,
  maxTtlSeconds: 7 * 24 * 60 * 60,
}

/** A token bucket: `take(n)` succeeds while the bucket holds `n`; it refills at `perSecond` up to `capacity`. */
export function tokenBucket(capacity: number, perSecond: number, now: () => number) {
  let tokens = capacity
  let last = now()
  return {
    take(amount: number): boolean {
      const time = now()
      tokens = Math.min(capacity, tokens + ((time - last) / 1000) * perSecond)
      last = time
      if (tokens < amount) return false
      tokens -= amount
      return true
    },
  }
}
