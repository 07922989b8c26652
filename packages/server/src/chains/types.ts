import type { OnrampProvider } from '../onramp/types.ts'
import type { SwapProvider } from '../swaps/types.ts'

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
  /**
   * The RPC URL visitors' browsers may use: the embedded wallet's frame reads the chain and sends transactions there
   * (it is written into the frame's page, so it must hold no secret). Without it the frame serves no reads or
   * transactions on this chain; `rpcUrl` (where the server reads, perhaps with a key in it) is never published.
   */
  publicRpcUrl?: string
  wsUrl?: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  tokens: TokenConfig[]
  /** NFT contracts whose transfers the history marks as spam (the modal hides spam-only transactions). */
  spamContracts?: `0x${string}`[]
  /**
   * An ERC-4337 (EntryPoint v0.7) bundler's JSON-RPC URL, reached only through `/v1/bundler/:chainId` (it may hold a
   * key, and is never published). Without it that route answers 404 for this chain.
   */
  bundlerUrl?: string
  /**
   * The VerifyingPaymaster (EntryPoint v0.7) whose signer is the sponsorship's `signerKey`: `/v1/paymaster/:chainId`
   * sponsors user operations through it. Without it that route answers 404 for this chain.
   */
  paymaster?: `0x${string}`
}

/** An SPL token the server reads balances of on a Solana chain. */
export interface SolanaTokenConfig {
  /** The mint's address (base58). */
  mint: string
  name: string
  symbol: string
  decimals: number
}

/** A Solana cluster the blockchain API serves balances of (SPEC §9: balances cover eip155 and solana). */
export interface SolanaChainConfig {
  /** CAIP-2: `solana:` and the first 32 characters of the genesis hash. */
  caipNetworkId: `solana:${string}`
  name: string
  rpcUrl: string
  wsUrl?: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  tokens: SolanaTokenConfig[]
}

/** An asset to price: a chain's native coin or one of its tokens. */
export interface PricedAsset {
  /** CAIP-2. */
  chainId: string
  /** Token address, or `native`. */
  address: string
  symbol: string
}

/**
 * Prices of assets in a fiat currency (`usd`), keyed by {@link priceKey}. An asset without a known price is
 * absent from the map; a provider never throws for a price it cannot get.
 */
export interface PriceProvider {
  prices(currency: string, assets: readonly PricedAsset[]): Promise<Map<string, number>>
}

/** The blockchain API's configuration. */
export interface BlockchainConfig {
  chains: ChainConfig[]
  /** Solana clusters: balances only (names, activity and swaps are eip155's, SPEC §9). */
  solana?: SolanaChainConfig[]
  prices: PriceProvider
  /** An Ethereum mainnet RPC URL: identities fall back to ENS names and avatars read through it. */
  ensRpcUrl?: string
  /** Swaps (`/v1/convert/*`); without it every network answers as one swaps are not offered on. */
  swaps?: SwapsConfig
  /** The on-ramp (`/v1/onramp/*`); without any provider, SPEC §8's sample and mock answer. */
  onramp?: OnrampConfig
  /** Gas sponsorship (`/v1/paymaster/:chainId`): the paymaster's signer and each project's policy. */
  sponsorship?: SponsorshipConfig
}

/** Who the paymaster sponsors, and the key it signs with. */
export interface SponsorshipConfig {
  /**
   * The private key (PAYMASTER_SIGNER_KEY) the chains' VerifyingPaymaster contracts trust: whoever holds it spends
   * their deposits, so it never leaves the server.
   */
  signerKey: `0x${string}`
  /** Each project's policy, by project id; a project without one is not sponsored. */
  policies: Readonly<Record<string, SponsorshipPolicy>>
  /**
   * The most blocks one `eth_getLogs` of the paymaster may span (PAYMASTER_LOGS_RANGE), as the chains' RPC providers
   * allow: the paymaster searches for the operations it signed this many blocks at a time. Default 1,000.
   */
  logsRange?: number
}

/** What a project sponsors. Nothing on chain limits the deposit's spending: these rules are the only limit. */
export interface SponsorshipPolicy {
  /** The eip155 chain ids sponsored (each needs a `paymaster` in its chain's configuration). */
  chains: readonly number[]
  /**
   * Origin patterns of the pages sponsored (as a project's origins: exact, `*`, `http://localhost:*`,
   * `https://*.example.com`); a request without an Origin (a script, a server) only under `*`. Default: the
   * project's own origins.
   */
  origins?: readonly string[]
  /** The most gas one operation may use, all its limits summed. */
  maxGasPerOperation: bigint
  /** The most one account may be sponsored in a UTC day, in wei (gas limits × max fee per gas, summed). */
  accountDailyCap: bigint
  /** The most the whole project may be sponsored in a UTC day, in wei. */
  dailyCap: bigint
  /** The most operations one account may have sponsored in a UTC day (default 1,000). */
  accountDailyOperations?: number
  /** The most operations the whole project may have sponsored in a UTC day (default 100,000). */
  dailyOperations?: number
  /** The most signatures one requester (a client address, IPv6 by /64) may get in an hour (default 100). */
  requesterHourlyOperations?: number
  /** How long a sponsorship signature stays valid, in seconds: 1 to 600. */
  validForSeconds: number
}

/** Who visitors buy crypto through. */
export interface OnrampConfig {
  /** External providers, asked in order (after the sandbox, when it runs). */
  providers?: readonly OnrampProvider[]
  /**
   * The server's own sandbox on-ramp (`onramp/sandbox.ts`): on for the devnet, or when configured. It delivers the
   * purchases from the account of `payerKey`, which must hold the chains' coin and LUSD.
   */
  sandbox?: { payerKey: `0x${string}` }
}

/** Where swaps are offered, and who makes them. */
export interface SwapsConfig {
  /** The eip155 chain ids swaps are offered on: SPEC §9's list and the devnet's by default. */
  networks: readonly number[]
  /** The providers, asked in order: a network's swaps go to the first that serves its chain. */
  providers: readonly SwapProvider[]
}

/**
 * The key of an asset in a {@link PriceProvider}'s answer: `<CAIP-2>:<address lower-case | native>`.
 *
 * @example
 * priceKey({ chainId: 'eip155:1', address: 'native', symbol: 'ETH' }) // 'eip155:1:native'
 */
export function priceKey(asset: Pick<PricedAsset, 'chainId' | 'address'>): string {
  return `${asset.chainId}:${asset.address.toLowerCase()}`
}
