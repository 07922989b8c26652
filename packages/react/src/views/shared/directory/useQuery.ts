import type { LatchApi } from '@latch/core'
import type {
  DefaultError,
  InfiniteData,
  InfiniteQueryObserverOptions,
  InfiniteQueryObserverResult,
  QueryKey,
  QueryObserverOptions,
  QueryObserverResult,
} from '@tanstack/query-core'
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react'

/** What this binding needs of query-core's observers. */
interface Observer<TOptions, TResult> {
  subscribe(listener: () => void): () => void
  getCurrentResult(): TResult
  getOptimisticResult(options: never): TResult
  setOptions(options: TOptions): void
}

const noSubscription = () => () => {}

/**
 * Binds an observer to React: re-renders when its result changes, and answers with the result for the
 * options of this render (so a new query key shows its own state at once, not the previous key's).
 */
function useObserver<TOptions, TResult>(
  api: LatchApi | undefined,
  observer: Observer<TOptions, TResult> | undefined,
  options: TOptions | undefined,
): TResult | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => (observer ? observer.subscribe(onChange) : noSubscription()),
    [observer],
  )
  const getSnapshot = useCallback(() => observer?.getCurrentResult(), [observer])
  useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  useEffect(() => {
    if (observer && options) observer.setOptions(options)
  }, [observer, options])
  if (!api || !observer || !options) return undefined
  return observer.getOptimisticResult(api.queryClient.defaultQueryOptions(options as never) as never)
}

/**
 * A query of the client's query client, e.g. `useQuery(api, options)` with options from
 * `api.searchWalletsQuery(text)`; undefined until the API has loaded. Memoise the options: each new object
 * is applied to the observer.
 */
export function useQuery<TData, TKey extends QueryKey>(
  api: LatchApi | undefined,
  options: QueryObserverOptions<TData, DefaultError, TData, TData, TKey> | undefined,
): QueryObserverResult<TData, DefaultError> | undefined {
  // One observer per API; later options reach it through setOptions.
  // biome-ignore lint/correctness/useExhaustiveDependencies: options are applied by useObserver
  const observer = useMemo(
    () => (api && options ? new api.QueryObserver(api.queryClient, options) : undefined),
    [api],
  )
  return useObserver(api, observer, options)
}

/** An infinite query, e.g. with options from `api.walletsInfiniteQuery()`. Memoise the options. */
export function useInfiniteQuery<TPage, TKey extends QueryKey>(
  api: LatchApi | undefined,
  options:
    | InfiniteQueryObserverOptions<TPage, DefaultError, InfiniteData<TPage, number>, TKey, number>
    | undefined,
): InfiniteQueryObserverResult<InfiniteData<TPage, number>, DefaultError> | undefined {
  // biome-ignore lint/correctness/useExhaustiveDependencies: options are applied by useObserver
  const observer = useMemo(
    () => (api && options ? new api.InfiniteQueryObserver(api.queryClient, options) : undefined),
    [api],
  )
  return useObserver(api, observer, options)
}
