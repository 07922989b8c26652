import { type Address, erc20Abi, formatUnits, type PublicClient } from 'viem'
import type { ChainConfig } from './types.ts'

/** One non-zero holding read from a chain: the native coin (`token` absent) or a configured token. */
export interface ChainHolding {
  chain: ChainConfig
  token?: ChainConfig['tokens'][number]
  name: string
  symbol: string
  decimals: number
  /** Exact decimal string of the amount (formatUnits). */
  numeric: string
}

/**
 * The native balance and each configured token's `balanceOf` of `address` on one chain, read in parallel; zero
 * balances are left out. Rejects when the chain cannot be read (nothing partial).
 *
 * @example
 * const holdings = await readBalances(chain, chainClient(chain, 'balances'), '0xf39F…2266')
 */
export async function readBalances(
  chain: ChainConfig,
  client: PublicClient,
  address: Address,
): Promise<ChainHolding[]> {
  const [native, ...tokens] = await Promise.all([
    client.getBalance({ address }),
    ...chain.tokens.map((token) =>
      client.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      }),
    ),
  ])
  const holdings: ChainHolding[] = []
  if (native) {
    const { name, symbol, decimals } = chain.nativeCurrency
    holdings.push({ chain, name, symbol, decimals, numeric: formatUnits(native, decimals) })
  }
  chain.tokens.forEach((token, index) => {
    const amount = tokens[index]
    if (!amount) return
    holdings.push({
      chain,
      token,
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      numeric: formatUnits(amount, token.decimals),
    })
  })
  return holdings
}
