import { floorDecimal, formatUsd, type TokenBalance } from '@latch/core'
import { TokenIcon } from './TokenIcon.tsx'

/**
 * One token: its icon (the monogram when it fails), symbol and name, amount floored to 3 decimals, and its USD
 * value when the server knows a price. What does not fit is cut with an ellipsis; the title gives it whole.
 */
export function TokenRow({ token }: { token: TokenBalance }) {
  const amount = floorDecimal(token.quantity.numeric)
  const value = token.value === undefined ? undefined : formatUsd(token.value)
  return (
    <li className="latch-row latch-token" data-testid="latch-token">
      <TokenIcon key={token.iconUrl} src={token.iconUrl} name={token.symbol} />
      <span className="latch-row-label">
        <span className="latch-clip" title={token.symbol}>
          {token.symbol}
        </span>
        <span className="latch-clip latch-muted" title={token.name}>
          {token.name}
        </span>
      </span>
      <span className="latch-token-amounts">
        <span className="latch-clip" title={amount}>
          {amount}
        </span>
        {value !== undefined && (
          <span className="latch-clip latch-muted" title={value}>
            {value}
          </span>
        )}
      </span>
    </li>
  )
}
