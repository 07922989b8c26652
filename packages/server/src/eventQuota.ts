import type { Redis } from 'ioredis'

export interface EventQuota {
  /**
   * Counts `events` for the project in the current minute: `{ ok: true }` while the project stays within its
   * quota, else how long until the next minute starts (nothing is counted then).
   */
  take(projectId: string, events: number): Promise<{ ok: true } | { ok: false; retryAfterS: number }>
}

const WINDOW_MS = 60_000

/**
 * Analytics events per project per minute (fixed one-minute windows), in this process or shared through Redis.
 * A Redis that does not answer lets events through: analytics are not worth failing a request for.
 *
 * @example
 * const quota = createEventQuota({ max: 6000 })
 * await quota.take('my-app', 20) // { ok: true }
 */
export function createEventQuota(options: { max: number; redis?: Redis; now?: () => number }): EventQuota {
  const { max, redis } = options
  const now = options.now ?? Date.now
  // Only known projects reach the quota (the route checks the project first), so this map stays small.
  const counts = new Map<string, { window: number; count: number }>()

  const refusal = (time: number) => ({
    ok: false as const,
    retryAfterS: Math.ceil((WINDOW_MS - (time % WINDOW_MS)) / 1000),
  })

  return {
    async take(projectId, events) {
      const time = now()
      const window = Math.floor(time / WINDOW_MS)
      if (redis) {
        const key = `latch:events:${projectId}:${window}`
        try {
          const [[, count]] = (await redis
            .multi()
            .incrby(key, events)
            .pexpire(key, WINDOW_MS * 2)
            .exec()) as [[Error | null, number]]
          if (count <= max) return { ok: true }
          await redis.decrby(key, events)
          return refusal(time)
        } catch {
          return { ok: true }
        }
      }
      const current = counts.get(projectId)
      const count = current?.window === window ? current.count : 0
      if (count + events > max) return refusal(time)
      counts.set(projectId, { window, count: count + events })
      return { ok: true }
    },
  }
}
