import type { TokenBalance } from '../api/types.ts'

/**
 * The tokens the Account view lists (SPEC §5): those of the active network, without tokens whose decimals
 * are '0', the most valuable first.
 *
 * @example
 * tokensToShow(balances, 'eip155:31337').map((token) => token.symbol) // ['USDC', 'ETH']
 */
export function tokensToShow(balances: readonly TokenBalance[], caipNetworkId: string): TokenBalance[] {
  return balances
    .filter((token) => token.chainId === caipNetworkId && token.quantity.decimals !== '0')
    .sort((a, b) => b.value - a.value)
}
