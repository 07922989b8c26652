import { type Lazy, lazy } from '@latch/core'
import type { ComponentType, ReactNode } from 'react'
import type { AsyncState } from './async.tsx'

// What the views' registry imports: nothing a view imports itself. When a view imports a module the registry
// reaches (this one held useChunk once), Rolldown 1.2 moves React out of the entry into a second script before the
// button, which scripts/size.ts fails; views use async.tsx instead.

/** A lazy part of the modal: a view, or a part of one that may wrap what it is given. */
export type LazyComponent = ComponentType<{ children?: ReactNode }>

/**
 * A component in a lazy chunk. Unlike `React.lazy`, a chunk that is already loaded (prefetched on hover or
 * focus) renders in the same commit: no Suspense fallback is shown, so React's 300 ms fallback throttle
 * never delays the modal. `get()` is the component once its chunk has arrived.
 */
export type Chunk = Lazy<LazyComponent>

/**
 * A chunk whose module's default export is the component, loaded once (core's `lazy`: a failed request is tried
 * again by the next `load()`).
 *
 * @example
 * const accountChunk = createChunk(() => import('./Account/AccountView.tsx'))
 */
export function createChunk(loader: () => Promise<{ default: LazyComponent }>): Chunk {
  return lazy(() => loader().then((module) => module.default))
}

/** A chunk as a view shows it (`useAsync(chunk.load, chunk, chunk.get)`): 'ready' in the first commit when prefetched. */
export type ChunkState = AsyncState<LazyComponent>
