import type { LatchApi } from '@latch/core'
import { useAsync } from '../../../async.tsx'
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
  const state = useAsync(client.options.apiUrl !== undefined && client.api, client, client.loadedApi)
  if (!state) return { status: 'off' }
  return state.status === 'ready' ? { status: 'ready', api: state.value } : state
}
