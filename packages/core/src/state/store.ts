export type Listener = () => void

/** A small external store: typed state, plain setters, subscriptions. React binds it with useSyncExternalStore. */
export interface Store<T> {
  getState(): T
  setState(next: Partial<T> | ((state: T) => Partial<T>)): void
  /** Replaces the whole state (used by resets). */
  replace(state: T): void
  subscribe(listener: Listener): () => void
}

/**
 * Creates a store owned by one client (DESIGN.md rule 1: no module globals).
 *
 * @example
 * const modal = createStore({ open: false })
 * modal.subscribe(() => console.log(modal.getState().open))
 * modal.setState({ open: true })
 */
export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial
  const listeners = new Set<Listener>()
  const emit = () => {
    for (const listener of [...listeners]) listener()
  }
  return {
    getState: () => state,
    setState(next) {
      const patch = typeof next === 'function' ? next(state) : next
      let changed = false
      for (const key in patch) {
        if (!Object.is(patch[key], state[key])) changed = true
      }
      if (!changed) return
      state = { ...state, ...patch }
      emit()
    },
    replace(next) {
      state = next
      emit()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
