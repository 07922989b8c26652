import type { Store } from '@latch/core'
import { useCallback, useSyncExternalStore } from 'react'

/**
 * Reads a slice of a core store; the component re-renders only when that slice changes (Object.is).
 * Selectors must return primitives or references held by the store.
 */
export function useStore<T extends object, S>(store: Store<T>, selector: (state: T) => S): S {
  const getSnapshot = useCallback(() => selector(store.getState()), [store, selector])
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot)
}

/** The whole state as the selector: for a component that reads every field of a small store. */
export const whole = <T>(state: T): T => state
