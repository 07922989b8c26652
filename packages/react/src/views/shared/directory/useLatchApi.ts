import type { LatchApi } from '@latch/core'
import { useEffect, useState } from 'react'
import { useLatchClient } from '../../../context.ts'

export type LatchApiState =
  | { status: 'off' }
  | { status: 'loading' }
  | { status: 'ready'; api: LatchApi }
  | { status: 'failed'; error: Error; retry(): void }

/**
 * The client's server API (`client.api()`, a lazy chunk) once it has loaded; 'off' without `apiUrl`. A
 * failed load offers retry (DESIGN.md rule 8).
 */
export function useLatchApi(): LatchApiState {
  const client = useLatchClient()
  const enabled = client.options.apiUrl !== undefined
  const [api, setApi] = useState(() => client.loadedApi())
  const [error, setError] = useState<Error>()

  useEffect(() => {
    if (!enabled || api || error) return
    let live = true
    client.api().then(
      (value) => {
        if (live) setApi(value)
      },
      (reason: unknown) => {
        if (live) setError(reason instanceof Error ? reason : new Error(String(reason)))
      },
    )
    return () => {
      live = false
    }
  }, [client, enabled, api, error])

  if (!enabled) return { status: 'off' }
  if (api) return { status: 'ready', api }
  // Clearing the error runs the effect again.
  if (error) return { status: 'failed', error, retry: () => setError(undefined) }
  return { status: 'loading' }
}
