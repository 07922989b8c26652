import { lazy } from '@latch/core'
import { type ComponentType, type ReactNode, useEffect, useState } from 'react'

/** A lazy part of the modal: a view, or a part of one that may wrap what it is given. */
export type LazyComponent = ComponentType<{ children?: ReactNode }>

/**
 * A component in a lazy chunk. Unlike `React.lazy`, a chunk that is already loaded (prefetched on hover or
 * focus) renders in the same commit: no Suspense fallback is shown, so React's 300 ms fallback throttle
 * never delays the modal.
 */
export interface Chunk {
  load(): Promise<LazyComponent>
  /** The component, if its chunk has arrived. */
  get(): LazyComponent | undefined
}

/**
 * A chunk whose module's default export is the component, loaded once (core's `lazy`: a failed request is tried
 * again by the next `load()`).
 *
 * @example
 * const accountChunk = createChunk(() => import('./Account/AccountView.tsx'))
 */
export function createChunk(loader: () => Promise<{ default: LazyComponent }>): Chunk {
  const module = lazy(loader)
  return {
    load: () => module.load().then((loaded) => loaded.default),
    get: () => module.get()?.default,
  }
}

export type ChunkState =
  | { status: 'ready'; Component: LazyComponent }
  | { status: 'loading' }
  | { status: 'failed'; retry(): void }

/** Renders a chunk's component once loaded; a failed load offers retry (every async step settles). */
export function useChunk(chunk: Chunk | undefined): ChunkState | undefined {
  const [, setVersion] = useState(0)
  const [failed, setFailed] = useState<Chunk>()
  const Component = chunk?.get()

  useEffect(() => {
    // Decided by what this render showed, not by chunk.get() now: the chunk may have arrived in between,
    // and then this render still needs replacing.
    if (!chunk || Component || failed === chunk) return
    let live = true
    chunk.load().then(
      () => live && setVersion((v) => v + 1),
      () => live && setFailed(chunk),
    )
    return () => {
      live = false
    }
  }, [chunk, failed, Component])

  if (!chunk) return undefined
  if (Component) return { status: 'ready', Component }
  if (failed === chunk) return { status: 'failed', retry: () => setFailed(undefined) }
  return { status: 'loading' }
}
