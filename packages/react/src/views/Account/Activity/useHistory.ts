import type { TransactionsPage } from '@latch/core'
import type { InfiniteData, InfiniteQueryObserverResult } from '@tanstack/query-core'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { useAsync } from '../../../async.tsx'
import { useLatchClient } from '../../../context.ts'

type HistoryResult = InfiniteQueryObserverResult<InfiniteData<TransactionsPage, string | undefined>>

/**
 * While the list is shown, how often the history is asked again: when the portfolio cache expires (SPEC §9:
 * 30 s, core's HISTORY_STALE_TIME_MS), never sooner.
 */
const REFRESH_MS = 30_000
/** While something the visitor sent is pending. */
const POLL_MS = 2000

export type HistoryState =
  | { status: 'loading' }
  | { status: 'failed'; retry(): void }
  | { status: 'ready'; result: HistoryResult }

const noSubscription = () => () => {}

/**
 * The account's history on one network in cursor pages, through the client's API chunks, bound as the token list
 * binds its balances (see useTokenBalances); asked again while shown when the portfolio cache expires (30 s,
 * SPEC §9), every 2 s while `poll` (something sent is pending).
 */
export function useHistory(address: string | undefined, caipNetworkId: string, poll = false): HistoryState {
  const client = useLatchClient()
  const loaded = useAsync(
    () => client.api().then(async (api) => ({ api, queries: await api.account() })),
    client,
  )
  const ready = loaded?.status === 'ready' ? loaded.value : undefined
  const observer = useMemo(
    () =>
      ready && address
        ? new ready.api.InfiniteQueryObserver(ready.api.queryClient, {
            ...ready.queries.historyQuery(address, caipNetworkId),
            refetchInterval: poll ? POLL_MS : REFRESH_MS,
          })
        : undefined,
    [ready, address, caipNetworkId, poll],
  )
  const subscribe = useCallback(
    (onChange: () => void) => (observer ? observer.subscribe(onChange) : noSubscription()),
    [observer],
  )
  const result: HistoryResult | undefined = useSyncExternalStore(subscribe, () =>
    observer?.getCurrentResult(),
  )
  if (loaded?.status === 'failed') return { status: 'failed', retry: loaded.retry }
  return result ? { status: 'ready', result } : { status: 'loading' }
}
