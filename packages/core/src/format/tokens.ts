// The token list's helpers. Apart from format.ts, whose functions the button path loads, so that these stay
// in the token list's chunk.
import type { TokenBalance } from '../api/types.ts'
import { floorBalance } from './format.ts'

/**
 * The tokens the Account view lists (SPEC §5): those of the active network, without tokens whose decimals
 * are '0', the most valuable first (those without a price last).
 *
 * @example
 * tokensToShow(balances, 'eip155:31337').map((token) => token.symbol) // ['USDC', 'ETH']
 */
export function tokensToShow(balances: readonly TokenBalance[], caipNetworkId: string): TokenBalance[] {
  return balances
    .filter((token) => token.chainId === caipNetworkId && token.quantity.decimals !== '0')
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0))
}

/**
 * `floorBalance` for an amount given as an exact decimal string (the blockchain API's `quantity.numeric`).
 * Text that is not a plain decimal is returned as it is.
 *
 * @example
 * floorDecimal('12.34567') // '12.345'
 * floorDecimal('0.0009') // '0'
 */
export function floorDecimal(numeric: string, fractionDigits = 3): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(numeric.trim())
  if (!match || (!match[2] && !match[3])) return numeric
  const [, sign, whole = '', fraction = ''] = match
  return floorBalance(BigInt(`${sign}${whole}${fraction}` || '0'), fraction.length, fractionDigits)
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
