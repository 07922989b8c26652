import type { Storage, UsageCounter } from './storage/types.ts'

export interface UsageRecorder {
  /** Counts one request; '' stands for a parameter the request did not send. */
  record(projectId: string, sdkType: string, sdkVersion: string): void
  /** Writes the counts gathered so far. */
  flush(): Promise<void>
  /** Stops the timer and flushes. */
  stop(): Promise<void>
}

export interface UsageRecorderOptions {
  flushIntervalMs?: number
  /** Distinct (project, type, version) keys kept between flushes; requests with new keys beyond it are not counted. */
  maxKeys?: number
  /**
   * A write failed: `dropped` counters could not be written on their own and were given up (the rest are written
   * or kept for the next flush). Called once per flush, never per counter.
   */
  onError?: (error: unknown, dropped: number) => void
}

/**
 * Counts requests per (projectId, st, sv) in memory and adds them to storage every `flushIntervalMs` (and on
 * stop): one upsert per interval instead of one write per request.
 *
 * @example
 * const usage = createUsageRecorder(storage)
 * usage.record('latch-demo', 'latch', '0.1.0')
 * await usage.stop()
 */
export function createUsageRecorder(storage: Storage, options: UsageRecorderOptions = {}): UsageRecorder {
  const maxKeys = options.maxKeys ?? 10_000
  let counters = new Map<string, UsageCounter>()
  let flushing: Promise<void> = Promise.resolve()

  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (counters.size === 0) return
      const batch = [...counters.values()]
      counters = new Map()
      try {
        await storage.addUsage(batch)
        return
      } catch (error) {
        // One bad row fails the whole batch: write the counters one by one, so that it cannot block the others.
        const failed: UsageCounter[] = []
        let firstError: unknown = error
        for (const counter of batch)
          await storage.addUsage([counter]).catch((single: unknown) => {
            failed.push(counter)
            firstError = single
          })
        if (failed.length === 0) return
        // The database away: keep them all for the next flush. The database up: the failing ones are rows it
        // refuses, which would fail forever, so drop them.
        const keep = await storage.ping().then(
          () => false,
          () => true,
        )
        if (keep)
          for (const counter of failed)
            add(counter.projectId, counter.sdkType, counter.sdkVersion, counter.requests)
        options.onError?.(firstError, keep ? 0 : failed.length)
      }
    })
    return flushing
  }

  function add(projectId: string, sdkType: string, sdkVersion: string, requests: number): void {
    const key = JSON.stringify([projectId, sdkType, sdkVersion])
    const counter = counters.get(key)
    if (counter) counter.requests += requests
    else if (counters.size < maxKeys) counters.set(key, { projectId, sdkType, sdkVersion, requests })
  }

  const timer = setInterval(flush, options.flushIntervalMs ?? 5_000)
  timer.unref()

  return {
    record: (projectId, sdkType, sdkVersion) => add(projectId, sdkType, sdkVersion, 1),
    flush,
    async stop() {
      clearInterval(timer)
      await flush()
    },
  }
}
