import type { TokenBalance } from '@latch/core'
import type { QueryObserverResult } from '@tanstack/query-core'
import { useEffect, useState } from 'react'
import { useLatchClient } from '../../../context.ts'

export type TokenBalancesState =
  | { status: 'loading' }
  | { status: 'failed'; retry(): void }
  | { status: 'ready'; result: QueryObserverResult<TokenBalance[]> }

/**
 * The account's balances query on one network, through the client's API chunks. Written against the
 * observer directly rather than with the directory views' `useLatchApi` / `useQuery`: sharing those makes their
 * module a chunk of its own, which the directory views and both account tabs would each load (one more file,
 * +0.4 KiB on each tab measured; scripts/size.ts fails on it).
 */
export function useTokenBalances(address: string | undefined, caipNetworkId: string): TokenBalancesState {
  const client = useLatchClient()
  const key = `${caipNetworkId} ${address}`
  const [attempt, setAttempt] = useState(0)
  // Kept with the account and network it answers, so another's result is never shown while one loads.
  const [answer, setAnswer] = useState<{
    key: string
    result?: QueryObserverResult<TokenBalance[]>
    error?: Error
  }>()

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
        const observer = new api.QueryObserver(api.queryClient, queries.balancesQuery(address, caipNetworkId))
        const show = (result: QueryObserverResult<TokenBalance[]>) => setAnswer({ key, result })
        show(observer.getCurrentResult())
        stop = observer.subscribe(show)
      })
      .catch(() => live && setAnswer({ key }))
    return () => {
      live = false
      stop?.()
    }
  }, [client, address, caipNetworkId, key, attempt])

  if (answer?.key !== key) return { status: 'loading' }
  if (!answer.result) return { status: 'failed', retry: () => setAttempt(attempt + 1) }
  return { status: 'ready', result: answer.result }
}
