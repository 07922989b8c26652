/** Something loaded at most once at a time and then kept: a chunk, a client, a connection. */
export interface Lazy<T> {
  /** Loads it, or joins the load under way, or gives what was loaded. A failed load is forgotten: the next call tries again. */
  load(): Promise<T>
  /** What was loaded, without loading it. */
  get(): T | undefined
}

/**
 * Loads with `load` on first use and keeps the result; a failure (a chunk request that failed, a relay that did
 * not answer) is not kept, so a retry loads again.
 *
 * @example
 * const api = lazy(() => import('./api/api.ts').then(({ createApi }) => createApi(options)))
 * await api.load() // the chunk's request and createApi, once
 * api.get() // the same object, synchronously
 */
export function lazy<T>(load: () => Promise<T>): Lazy<T> {
  let value: T | undefined
  let loading: Promise<T> | undefined
  return {
    load() {
      // A loader that throws instead of rejecting still settles (DESIGN.md rule 8).
      loading ??= new Promise<T>((resolve) => resolve(load())).then(
        (loaded) => {
          value = loaded
          return loaded
        },
        (error: unknown) => {
          loading = undefined
          throw error
        },
      )
      return loading
    },
    get: () => value,
  }
}
