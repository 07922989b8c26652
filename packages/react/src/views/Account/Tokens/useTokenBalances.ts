import type { TokenBalance } from '@latch/core'
import type { QueryObserverResult } from '@tanstack/query-core'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { useAsync } from '../../../async.tsx'
import { useLatchClient } from '../../../context.ts'

export type TokenBalancesState =
  | { status: 'loading' }
  | { status: 'failed'; retry(): void }
  | { status: 'ready'; result: QueryObserverResult<TokenBalance[]> }

const noSubscription = () => () => {}

/**
 * The account's balances query on one network, through the client's API chunks, bound as the directory views'
 * `useQuery` binds theirs (useSyncExternalStore over the observer). Not that module itself: shared, it becomes a
 * chunk of its own that the directory views and both account tabs would each load (one more file, +0.4 KiB on each
 * tab measured; scripts/size.ts fails on it).
 */
export function useTokenBalances(address: string | undefined, caipNetworkId: string): TokenBalancesState {
  const client = useLatchClient()
  const loaded = useAsync(
    () => client.api().then(async (api) => ({ api, queries: await api.account() })),
    client,
  )
  const ready = loaded?.status === 'ready' ? loaded.value : undefined
  const observer = useMemo(
    () =>
      ready && address
        ? new ready.api.QueryObserver(
            ready.api.queryClient,
            ready.queries.balancesQuery(address, caipNetworkId),
          )
        : undefined,
    [ready, address, caipNetworkId],
  )
  const subscribe = useCallback(
    (onChange: () => void) => (observer ? observer.subscribe(onChange) : noSubscription()),
    [observer],
  )
  const result = useSyncExternalStore(subscribe, () => observer?.getCurrentResult())
  if (loaded?.status === 'failed') return { status: 'failed', retry: loaded.retry }
  return result ? { status: 'ready', result } : { status: 'loading' }
}
