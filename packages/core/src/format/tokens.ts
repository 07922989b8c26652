// The token list's helpers. Apart from format.ts, whose functions the button path loads, so that these stay
// in the token list's chunk.
import type { TokenBalance } from '../api/types.ts'
import { floorBalance, groupDigits } from './format.ts'

/**
 * The tokens the Account view lists: those of the active network, the most valuable first (those without a price
 * last). Tokens of 0 decimals are listed too, against SPEC §5's rule: Activity lists their transfers, and a token
 * the account holds but the list hides reads as lost.
 *
 * @example
 * tokensToShow(balances, 'eip155:31337').map((token) => token.symbol) // ['USDC', 'ETH']
 */
export function tokensToShow(balances: readonly TokenBalance[], caipNetworkId: string): TokenBalance[] {
  return balances
    .filter((token) => token.chainId === caipNetworkId)
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0))
}

/**
 * `floorBalance` for an amount given as an exact decimal string (the blockchain API's `quantity.numeric`), its
 * digits grouped for display (`groupDigits`). Text that is not a plain decimal is returned as it is.
 *
 * @example
 * floorDecimal('12.34567') // '12.345'
 * floorDecimal('0.0009') // '0'
 * floorDecimal('10000') // '10,000'
 */
export function floorDecimal(numeric: string, fractionDigits = 3): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(numeric.trim())
  if (!match || (!match[2] && !match[3])) return numeric
  const [, sign, whole = '', fraction = ''] = match
  return groupDigits(
    floorBalance(BigInt(`${sign}${whole}${fraction}` || '0'), fraction.length, fractionDigits),
  )
}

const usd = /* @__PURE__ */ new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/**
 * A value in US dollars as the token list shows it.
 *
 * @example
 * formatUsd(1234.5) // '$1,234.50'
 */
export function formatUsd(value: number): string {
  return usd.format(value)
}
