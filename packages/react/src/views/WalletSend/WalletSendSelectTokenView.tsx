import { useState } from 'react'
import { Icon } from '../../components/Icon/Icon.tsx'
import { useLatchClient } from '../../context.ts'
import { type SendViewProps, useSendForm } from './useSendForm.ts'
import './WalletSend.css'

/** Send: the account's tokens on the active network, filtered by symbol or name as the visitor types. */
export default function WalletSendSelectTokenView(props: SendViewProps) {
  const { TokenIcon, floorDecimal, formatUsd } = props.tokens
  const client = useLatchClient()
  const { send, tokens, balances } = useSendForm(props)
  const [search, setSearch] = useState('')
  const query = search.trim().toLowerCase()
  const shown = tokens?.filter(
    (token) => token.symbol.toLowerCase().includes(query) || token.name.toLowerCase().includes(query),
  )

  return (
    <div className="latch-view latch-send">
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
      {balances.status === 'failed' || (balances.status === 'ready' && balances.result.isError) ? (
        <>
          <p className="latch-muted latch-center-text">Token Balance Unavailable</p>
          <button
            type="button"
            className="latch-button latch-button-secondary"
            onClick={balances.status === 'failed' ? balances.retry : () => void balances.result.refetch()}
          >
            Try again
          </button>
        </>
      ) : !shown ? (
        <p className="latch-muted latch-center-text">Loading tokens…</p>
      ) : shown.length === 0 ? (
        <p className="latch-muted latch-center-text">No tokens found</p>
      ) : (
        <ul className="latch-list" aria-label="Your tokens">
          {shown.map((token) => (
            <li key={token.address ?? token.symbol}>
              <button
                type="button"
                className="latch-row"
                aria-current={token === send.token || undefined}
                onClick={() => {
                  client.send.setState({ token })
                  client.back()
                }}
              >
                <TokenIcon key={token.iconUrl} src={token.iconUrl} name={token.symbol} />
                <span className="latch-row-label latch-clip" title={`${token.symbol} ${token.name}`}>
                  {token.symbol}
                  <span className="latch-muted"> {token.name}</span>
                </span>
                <Held
                  amount={floorDecimal(token.quantity.numeric)}
                  value={token.value === undefined ? '' : ` ${formatUsd(token.value)}`}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** What the account holds of a token, cut with an ellipsis when it does not fit (the title gives it whole). */
function Held({ amount, value }: { amount: string; value: string }) {
  return (
    <span className="latch-send-held latch-clip" title={amount + value}>
      {amount}
      {value && <span className="latch-muted">{value}</span>}
    </span>
  )
}
