import type { LatchApi } from '@latch/core'
import { useEffect, useState } from 'react'
import { useLatchClient } from '../../../context.ts'

export type LatchApiState =
  | { status: 'off' }
  | { status: 'loading' }
  | { status: 'ready'; api: LatchApi }
  | { status: 'failed'; error: unknown; retry(): void }

/**
 * The client's server API (`client.api()`, a lazy chunk) once it has loaded; 'off' without `apiUrl`. A
 * failed load offers retry (DESIGN.md rule 8).
 */
export function useLatchApi(): LatchApiState {
  const client = useLatchClient()
  const enabled = client.options.apiUrl !== undefined
  const [api, setApi] = useState(() => client.loadedApi())
  // Boxed: a load may fail with any value, undefined included.
  const [failure, setFailure] = useState<{ error: unknown }>()

  useEffect(() => {
    if (!enabled || api || failure) return
    let live = true
    client.api().then(
      (value) => {
        if (live) setApi(value)
      },
      (error: unknown) => {
        if (live) setFailure({ error })
      },
    )
    return () => {
      live = false
    }
  }, [client, enabled, api, failure])

  if (!enabled) return { status: 'off' }
  if (api) return { status: 'ready', api }
  // Clearing the failure runs the effect again.
  if (failure) return { status: 'failed', error: failure.error, retry: () => setFailure(undefined) }
  return { status: 'loading' }
}
