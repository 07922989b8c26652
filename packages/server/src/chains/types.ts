/** A token the server reads balances of on a chain. */
export interface TokenConfig {
  address: `0x${string}`
  name: string
  symbol: string
  decimals: number
}

/** An EVM chain the blockchain API serves: where to read it and which tokens it lists. */
export interface ChainConfig {
  /** CAIP-2, e.g. `eip155:31337`. */
  caipNetworkId: string
  chainId: number
  name: string
  rpcUrl: string
  wsUrl?: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  tokens: TokenConfig[]
}

/** Prices of assets in a fiat currency (`usd`), by `chainId:address` (address lower-case, `native` for the coin). */
export interface PriceProvider {
  prices(currency: string, assets: readonly PricedAsset[]): Promise<Map<string, number>>
}

export interface PricedAsset {
  /** CAIP-2. */
  chainId: string
  /** Token address, or `native`. */
  address: string
  symbol: string
}

/** The blockchain API's configuration (issue 5). */
export interface BlockchainConfig {
  chains: ChainConfig[]
  prices: PriceProvider
}
