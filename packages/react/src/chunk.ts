import { type Lazy, lazy } from '@latch/core'
import type { ComponentType, ReactNode } from 'react'

// The registry imports this module. A view chunk that imports it (or anything else the registry reaches) without
// importing the registry too makes Rolldown 1.2 move React out of the entry into a second script before the button
// (measured; scripts/size.ts fails on it): the hooks views use are in async.tsx, which the registry does not reach,
// and the views that define their own parts here (ConnectView, AccountData) import the registry as well.

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
