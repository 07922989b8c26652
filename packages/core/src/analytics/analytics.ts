import type { AnalyticsEvent, AnalyticsEventName } from '../api/types.ts'
import type { ResolvedOptions } from '../options/types.ts'
import type { SnackStore } from '../state/snack.ts'
import { whenIdle } from '../utils/whenIdle.ts'

export type AnalyticsProperties = NonNullable<AnalyticsEvent['props']['properties']>

/** One `track` call as it happened: what the sender turns into an `AnalyticsEvent`. */
export interface TrackedEvent {
  event: AnalyticsEventName
  properties: AnalyticsProperties | undefined
  address: string | undefined
  timestamp: number
}

export interface AnalyticsDependencies {
  options: Pick<ResolvedOptions, 'apiUrl' | 'projectId' | 'features'>
  snack: SnackStore
  debug(...args: unknown[]): void
  /** The connected address, if any. */
  address(): string | undefined
}

/** The lazy sender (sender.ts, a chunk of its own), as the queue hands it events. */
export interface AnalyticsSender {
  add(tracked: TrackedEvent): void
  destroy(): void
}

export interface Analytics {
  track(event: AnalyticsEventName, properties?: AnalyticsProperties): void
  destroy(): void
}

/**
 * The entry's part of analytics: a queue that loads the sender on the first event. Nothing is loaded or sent
 * unless `features.analytics` is on and `apiUrl` is set, and only once something is tracked (DESIGN.md rule 7).
 */
export function createAnalytics(dependencies: AnalyticsDependencies): Analytics {
  const { options } = dependencies
  const waiting: TrackedEvent[] = []
  let sender: AnalyticsSender | undefined
  let state: 'idle' | 'loading' | 'ready' | 'off' =
    options.features.analytics && options.apiUrl ? 'idle' : 'off'

  const load = () => {
    if (state === 'off') return
    import('./sender.ts').then(
      ({ createAnalyticsSender }) => {
        if (state === 'off') return
        sender = createAnalyticsSender(dependencies)
        state = 'ready'
        for (const tracked of waiting.splice(0)) sender.add(tracked)
      },
      (error: unknown) => {
        dependencies.debug('analytics failed to load', error)
        state = 'off'
        waiting.length = 0
      },
    )
  }

  return {
    track(event, properties) {
      if (state === 'off') return
      const tracked = { event, properties, address: dependencies.address(), timestamp: Date.now() }
      if (sender) sender.add(tracked)
      else waiting.push(tracked)
      if (state === 'idle') {
        state = 'loading'
        // Not in the task of the event (the click that opens the modal): once the page is idle, or after a second.
        whenIdle(load, 1000)
      }
    },
    destroy() {
      state = 'off'
      waiting.length = 0
      sender?.destroy()
    },
  }
}
