import { type ReactNode, useEffect, useState } from 'react'
import type { Chunk } from './chunk.ts'

/** An async step as a view shows it (DESIGN.md rule 8: it settles, and a failure offers retry). */
export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'failed'; error: unknown; retry(): void }

interface Answer<T> {
  key: unknown
  value?: T
  /** Present when the load failed (with any value, undefined included). */
  error?: unknown
}

/**
 * What `load` gives for `key`: 'loading' until it settles, then its value, or its error with a `retry()` that
 * loads again. `load` runs after the first render that shows `key` (and on retry); an answer for another key, or
 * one that arrives after the component has gone, is dropped, so a new key shows 'loading' at once and never the
 * previous key's value. `peek` gives what is there already (a prefetched chunk, a loaded module): then nothing
 * loads and the value shows in the first commit. Undefined while there is nothing to load (`load` not given).
 *
 * @example
 * const api = useAsync(enabled && (() => client.api()), client, () => client.loadedApi())
 */
export function useAsync<T>(
  load: (() => Promise<T>) | false | undefined,
  key: unknown,
  peek?: () => T | undefined,
): AsyncState<T> | undefined {
  const [answer, setAnswer] = useState<Answer<T>>()
  const ready = load ? peek?.() : undefined
  // Decided by what this render shows: a value that arrives before the effect runs still replaces it.
  const wanted = !!load && ready === undefined && answer?.key !== key

  // `load` and `peek` belong to `key`: a new function for the same key is the same step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!wanted) return
    let live = true
    load().then(
      (value) => live && setAnswer({ key, value }),
      (error: unknown) => live && setAnswer({ key, error }),
    )
    return () => {
      live = false
    }
  }, [key, wanted])

  if (!load) return undefined
  if (ready !== undefined) return { status: 'ready', value: ready }
  if (!answer || answer.key !== key) return { status: 'loading' }
  // Forgetting the failure makes the effect load again.
  if ('error' in answer) return { status: 'failed', error: answer.error, retry: () => setAnswer(undefined) }
  return { status: 'ready', value: answer.value as T }
}

export interface ChunkSlotProps {
  /** The lazy part to show; without one, its `children` as they are. */
  chunk: Chunk | undefined
  /** What shows while its chunk loads (nothing by default). */
  loading?: ReactNode
  /** What shows when its chunk could not load, given the retry (by default a 'Try again' button). */
  failed?: (retry: () => void) => ReactNode
  /** Given to the component (a part that wraps content, e.g. the legal checkbox around the wallet list). */
  children?: ReactNode
}

/**
 * A lazy part of the modal in place: its component once its chunk is in (in the first commit when it was
 * prefetched), `loading` meanwhile, `failed` with a retry when the chunk could not load.
 *
 * @example
 * <ChunkSlot chunk={accountDataChunk} />
 */
export function ChunkSlot({ chunk, loading = null, failed = tryAgain, children }: ChunkSlotProps) {
  const state = useAsync(chunk?.load, chunk, chunk?.get)
  if (!state) return children
  if (state.status === 'ready') return <state.value>{children}</state.value>
  return state.status === 'failed' ? failed(state.retry) : loading
}

function tryAgain(retry: () => void) {
  return (
    <button type="button" className="latch-button latch-button-secondary" onClick={retry}>
      Try again
    </button>
  )
}
