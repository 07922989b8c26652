import { createDirectoryClient } from '../api/directory.ts'
import { HttpError } from '../api/http.ts'
import type { AnalyticsEvent } from '../api/types.ts'
import type { AnalyticsDependencies, AnalyticsSender } from './analytics.ts'

/** A batch goes out this long after its first event… */
export const ANALYTICS_FLUSH_MS = 1000
/** …or as soon as it holds this many. */
export const ANALYTICS_BATCH_SIZE = 20
/** The most events `POST /e` accepts in one body. */
export const ANALYTICS_MAX_BODY_EVENTS = 100
/** SPEC §8: the alert when the server refuses this app (origin not on the project's allowlist). */
export const INVALID_APP_CONFIGURATION = 'Invalid App Configuration'

/** `crypto.randomUUID` exists only in secure contexts; a page served over plain http still gets a v4 UUID. */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const isForbidden = (error: unknown) => error instanceof HttpError && error.status === 403

/**
 * The lazy part of analytics: asks `/getAnalyticsConfig` once, batches events to `POST /e`, and hands what is
 * left to `navigator.sendBeacon` when the page is hidden. It never throws into the UI: a 403 shows the
 * 'Invalid App Configuration' snack and stops sending; any other failure drops the batch.
 */
export function createAnalyticsSender(dependencies: AnalyticsDependencies): AnalyticsSender {
  const { options, snack, debug } = dependencies
  const directory = createDirectoryClient({ apiUrl: options.apiUrl!, projectId: options.projectId })
  const eventsUrl = directory.url('/e')
  let queue: AnalyticsEvent[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  let state: 'pending' | 'enabled' | 'stopped' = 'pending'

  const stop = (error?: unknown) => {
    if (state === 'stopped') return
    state = 'stopped'
    queue = []
    clearTimeout(timer)
    if (typeof window !== 'undefined') {
      window.removeEventListener('pagehide', sendBeacon)
      document.removeEventListener('visibilitychange', onVisibilityChange)
    }
    if (isForbidden(error)) snack.show('error', INVALID_APP_CONFIGURATION)
    else if (error) debug('analytics stopped', error)
  }

  const enabled = directory.getAnalyticsConfig().then(
    ({ isAnalyticsEnabled }) => {
      if (!isAnalyticsEnabled) stop()
      else if (state === 'pending') state = 'enabled'
      return state === 'enabled'
    },
    (error: unknown) => {
      stop(error)
      return false
    },
  )

  const batches = () => {
    const taken: AnalyticsEvent[][] = []
    while (queue.length) taken.push(queue.splice(0, ANALYTICS_MAX_BODY_EVENTS))
    return taken
  }

  const post = async (batch: AnalyticsEvent[]) => {
    try {
      const response = await fetch(eventsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(batch),
        keepalive: true,
      })
      if (!response.ok) throw new HttpError(response.status, eventsUrl)
    } catch (error) {
      if (isForbidden(error)) stop(error)
      else debug('analytics batch dropped', error)
    }
  }

  const flush = async () => {
    clearTimeout(timer)
    timer = undefined
    if (!(await enabled)) return
    for (const batch of batches()) {
      if (state === 'stopped') return
      await post(batch)
    }
  }

  function sendBeacon() {
    // The config may still be on its way; the server stores nothing for a project with analytics off.
    if (state === 'stopped' || !queue.length || typeof navigator.sendBeacon !== 'function') return
    clearTimeout(timer)
    timer = undefined
    for (const batch of batches()) {
      const body = new Blob([JSON.stringify(batch)], { type: 'text/plain' })
      if (!navigator.sendBeacon(eventsUrl, body)) debug('analytics beacon refused', batch.length)
    }
  }

  function onVisibilityChange() {
    if (document.visibilityState === 'hidden') sendBeacon()
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', sendBeacon)
    document.addEventListener('visibilitychange', onVisibilityChange)
  }

  return {
    add(tracked) {
      if (state === 'stopped') return
      const location = typeof window === 'undefined' ? undefined : window.location
      queue.push({
        eventId: uuid(),
        url: location?.href ?? '',
        domain: location?.hostname ?? '',
        timestamp: tracked.timestamp,
        props: {
          type: 'track',
          event: tracked.event,
          ...(tracked.address ? { address: tracked.address } : {}),
          ...(tracked.properties ? { properties: tracked.properties } : {}),
        },
      })
      if (queue.length >= ANALYTICS_BATCH_SIZE) void flush()
      else timer ??= setTimeout(flush, ANALYTICS_FLUSH_MS)
    },
    destroy: () => stop(),
  }
}
