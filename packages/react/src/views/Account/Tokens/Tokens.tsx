import { type TokenBalanceUnavailableError, tokensToShow } from '@latch/core'
import type { ReactNode } from 'react'
import { useAccount } from '../../../hooks/useAccount.ts'
import { useNetwork } from '../../../hooks/useNetwork.ts'
import { TokenRow } from './TokenRow.tsx'
import { Unavailable } from './Unavailable.tsx'
import { useTokenBalances } from './useTokenBalances.ts'
import './Tokens.css'

// For the Send views, which load this chunk (registry's tokensModule) rather than import these: shared
// imports would move them to a chunk of their own that the token list would load too.
export { floorDecimal, formatUsd, tokensToShow } from '@latch/core'
export { TokenIcon } from './TokenIcon.tsx'
export { useTokenBalances } from './useTokenBalances.ts'

/**
 * The account's tokens on the active network from the blockchain API (SPEC §3, §5): most valuable first,
 * tokens with decimals '0' left out. A lazy chunk of the Account view, shown when the app has a server.
 */
export default function Tokens() {
  const { address } = useAccount()
  const { caipNetworkId } = useNetwork()
  const state = useTokenBalances(address, caipNetworkId)
  const result = state.status === 'ready' ? state.result : undefined

  let content: ReactNode
  if (state.status === 'failed') {
    content = <Unavailable retryAt={0} retry={state.retry} />
  } else if (result?.isError) {
    // The class stays in the API chunk; its retryAt is read, not checked with instanceof.
    const { retryAt = 0 } = result.error as Partial<TokenBalanceUnavailableError>
    content = <Unavailable retryAt={retryAt} retry={() => void result.refetch()} busy={result.isFetching} />
  } else if (result?.isSuccess) {
    const tokens = tokensToShow(result.data, caipNetworkId)
    content = tokens.length ? (
      <ul className="latch-list">
        {tokens.map((token) => (
          <TokenRow key={token.address ?? token.symbol} token={token} />
        ))}
      </ul>
    ) : (
      <p className="latch-muted">No tokens</p>
    )
  } else {
    content = <p className="latch-muted">Loading tokens…</p>
  }

  return (
    <section className="latch-tokens" aria-label="Tokens">
      {content}
    </section>
  )
}
