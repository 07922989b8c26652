import type { LatchApi, TokenBalance } from '@latch/core'
import type { QueryObserverResult } from '@tanstack/query-core'
import { useEffect, useState } from 'react'
import { useLatchClient } from '../../../context.ts'

export type TokenBalancesState =
  | { status: 'loading' }
  | { status: 'failed'; error: Error; retry(): void }
  | { status: 'ready'; result: QueryObserverResult<TokenBalance[]> }

/**
 * The account's balances query on one network, through the client's API chunk. Written against the
 * observer directly rather than with the directory views' `useLatchApi` / `useQuery`: sharing those would
 * split the directory views' chunks (each would load one more file) for a list they never show.
 */
export function useTokenBalances(address: string | undefined, caipNetworkId: string): TokenBalancesState {
  const client = useLatchClient()
  const [api, setApi] = useState<LatchApi | Error>()
  const key = `${caipNetworkId} ${address}`
  // Kept with the account and network it answers, so another's result is never shown while one loads.
  const [answer, setAnswer] = useState<{ key: string; result: QueryObserverResult<TokenBalance[]> }>()

  useEffect(() => {
    if (api) return
    let live = true
    client.api().then(
      (value) => live && setApi(value),
      (reason: unknown) => live && setApi(reason instanceof Error ? reason : new Error(String(reason))),
    )
    return () => {
      live = false
    }
  }, [client, api])

  useEffect(() => {
    if (!api || api instanceof Error || !address) return
    const observer = new api.QueryObserver(api.queryClient, api.balancesQuery(address, caipNetworkId))
    const show = (result: QueryObserverResult<TokenBalance[]>) => setAnswer({ key, result })
    show(observer.getCurrentResult())
    return observer.subscribe(show)
  }, [api, address, caipNetworkId, key])

  if (api instanceof Error) return { status: 'failed', error: api, retry: () => setApi(undefined) }
  return answer?.key === key ? { status: 'ready', result: answer.result } : { status: 'loading' }
}
