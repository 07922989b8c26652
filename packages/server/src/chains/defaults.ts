import { testTokenAddresses, testTokens } from '@latch/devnet'
import { fixedPriceProvider } from './fixedPriceProvider.ts'
import type { BlockchainConfig, ChainConfig } from './types.ts'

export interface DevnetBlockchainConfigParameters {
  /** Latch Devnet A's RPC URL (default http://127.0.0.1:8545). */
  rpcA?: string
  /** Latch Devnet B's RPC URL (default http://127.0.0.1:8546). */
  rpcB?: string
}

/** The devnet's made-up usd prices, by symbol. */
export const devnetPrices = { ETH: 3000, LUSD: 1, LTK: 0.5, LPT: 0.01 } as const

function devnetChain(chainId: number, name: string, rpcUrl: string): ChainConfig {
  return {
    caipNetworkId: `eip155:${chainId}`,
    chainId,
    name,
    rpcUrl,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    // The devnet deploys the same tokens at the same addresses on every chain.
    tokens: testTokens.map((token) => ({ ...token, address: testTokenAddresses[token.symbol] })),
  }
}

/**
 * The blockchain API over the local devnet (`@latch/devnet`): Latch Devnet A (eip155:31337) and B
 * (eip155:31338), native ETH and the test tokens LUSD (6 decimals), LTK (18) and LPT (0), at fixed prices.
 *
 * @example
 * const app = await createApp({ storage, blockchain: devnetBlockchainConfig({ rpcA: devnet.chains[0].rpcUrl }) })
 */
export function devnetBlockchainConfig(parameters: DevnetBlockchainConfigParameters = {}): BlockchainConfig {
  return {
    chains: [
      devnetChain(31337, 'Latch Devnet A', parameters.rpcA ?? 'http://127.0.0.1:8545'),
      devnetChain(31338, 'Latch Devnet B', parameters.rpcB ?? 'http://127.0.0.1:8546'),
    ],
    prices: fixedPriceProvider(devnetPrices),
  }
}
