import type { TransactionsPage } from '@latch/core'
import type { InfiniteData, InfiniteQueryObserverResult } from '@tanstack/query-core'
import { useEffect, useState } from 'react'
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

/**
 * The account's history on one network in cursor pages, through the client's API chunks (written against
 * the observer directly, as the token list is: see useTokenBalances); asked again while shown when the
 * portfolio cache expires (30 s, SPEC §9), every 2 s while `poll` (something sent is pending).
 */
export function useHistory(address: string | undefined, caipNetworkId: string, poll = false): HistoryState {
  const client = useLatchClient()
  const key = `${caipNetworkId} ${address}`
  const [attempt, setAttempt] = useState(0)
  const [answer, setAnswer] = useState<{ key: string; result?: HistoryResult; failed?: boolean }>()

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` makes 'Try again' load the chunks again
  useEffect(() => {
    if (!address) return
    let live = true
    let stop: (() => void) | undefined
    client
      .api()
      .then(async (api) => {
        const queries = await api.account()
        if (!live) return
        const observer = new api.InfiniteQueryObserver(api.queryClient, {
          ...queries.historyQuery(address, caipNetworkId),
          refetchInterval: poll ? POLL_MS : REFRESH_MS,
        })
        const show = (result: HistoryResult) => setAnswer({ key, result })
        show(observer.getCurrentResult())
        stop = observer.subscribe(show)
      })
      .catch(() => live && setAnswer({ key, failed: true }))
    return () => {
      live = false
      stop?.()
    }
  }, [client, address, caipNetworkId, key, attempt, poll])

  if (answer?.key !== key) return { status: 'loading' }
  if (!answer.result) return { status: 'failed', retry: () => setAttempt(attempt + 1) }
  return { status: 'ready', result: answer.result }
}
