import { floorBalance, groupDigits, heldOf, swapFormOf } from '@latch/core'
import { useState } from 'react'
import { Icon } from '../../components/Icon/Icon.tsx'
import { useLatchClient } from '../../context.ts'
import { type SwapViewProps, useSwap } from './useSwap.ts'
import './Swap.css'

/**
 * Swap: the network's swap tokens with what the account holds of each, filtered by symbol or name as the visitor
 * types. Choosing the other side's token switches the two.
 */
export default function SwapSelectTokenView(props: SwapViewProps) {
  const { TokenIcon } = props.tokens
  const client = useLatchClient()
  const form = swapFormOf(client)
  const { form: state, list, balances } = useSwap(props)
  const [search, setSearch] = useState('')
  const query = search.trim().toLowerCase()
  const shown =
    list?.status === 'ready'
      ? list.value.filter(
          (token) => token.symbol.toLowerCase().includes(query) || token.name.toLowerCase().includes(query),
        )
      : undefined
  const { picking } = state
  const other = picking === 'from' ? 'to' : 'from'

  return (
    <div className="latch-view latch-swap">
      <label className="latch-search">
        <Icon name="search" />
        <input
          type="search"
          aria-label="Search tokens"
          placeholder="Search token"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      {list?.status === 'failed' ? (
        <button type="button" className="latch-button latch-button-secondary" onClick={list.retry}>
          Try again
        </button>
      ) : !shown ? (
        <p className="latch-muted latch-center-text">Loading tokens…</p>
      ) : shown.length === 0 ? (
        <p className="latch-muted latch-center-text">No tokens found</p>
      ) : (
        <ul
          className="latch-list"
          aria-label={picking === 'from' ? 'Tokens to pay with' : 'Tokens to receive'}
        >
          {shown.map((token) => {
            const amount = balances ? groupDigits(floorBalance(heldOf(token, balances), token.decimals)) : ''
            return (
              <li key={token.address}>
                <button
                  type="button"
                  className="latch-row"
                  aria-current={token.address === state[picking]?.address || undefined}
                  onClick={() => {
                    const switched = token.address === state[other]?.address
                    form.setState({ [picking]: token, ...(switched ? { [other]: state[picking] } : {}) })
                    client.back()
                  }}
                >
                  <TokenIcon key={token.logoUri} src={token.logoUri} name={token.symbol} />
                  <span className="latch-row-label latch-clip" title={`${token.symbol} ${token.name}`}>
                    {token.symbol}
                    <span className="latch-muted"> {token.name}</span>
                  </span>
                  <span className="latch-swap-held latch-clip" title={amount}>
                    {amount}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
