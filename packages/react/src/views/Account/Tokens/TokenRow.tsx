import { floorDecimal, formatUsd, type TokenBalance } from '@latch/core'
import { TokenIcon } from './TokenIcon.tsx'

/**
 * One token: its icon (the monogram when it fails), symbol and name, amount floored to 3 decimals, and its USD
 * value when the server knows a price.
 */
export function TokenRow({ token }: { token: TokenBalance }) {
  return (
    <li className="latch-row latch-token" data-testid="latch-token">
      <TokenIcon key={token.iconUrl} src={token.iconUrl} name={token.symbol} />
      <span className="latch-row-label">
        {token.symbol}
        <span className="latch-muted">{token.name}</span>
      </span>
      <span className="latch-token-amounts">
        {floorDecimal(token.quantity.numeric)}
        {token.value !== undefined && <span className="latch-muted">{formatUsd(token.value)}</span>}
      </span>
    </li>
  )
}
