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
  onError?: (error: unknown) => void
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
      } catch (error) {
        // Put the counts back so that the next flush retries them.
        for (const counter of batch)
          add(counter.projectId, counter.sdkType, counter.sdkVersion, counter.requests)
        options.onError?.(error)
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
