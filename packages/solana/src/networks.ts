import { InvalidOptionsError, type Network } from '@latch/core'

// Facts about Solana's clusters: the CAIP-2 reference (the first 32 characters of the cluster's genesis hash),
// a public RPC endpoint and the explorer. `/*#__PURE__*/` lets bundlers drop the networks an app does not use.

const sol = { name: 'Solana', symbol: 'SOL', decimals: 9 }

/** The chain names wallets speak in the Wallet Standard (`solana:mainnet`, …): a cluster, not a genesis hash. */
export type WalletStandardChain = `solana:${string}`

/** A `solana` network: a `Network` whose id is the CAIP-2 reference, with the cluster name wallets use. */
export type SolanaNetwork = Network & {
  id: string
  caipNetworkId: `solana:${string}`
  chainNamespace: 'solana'
  /** How Wallet Standard wallets name this cluster; `solana:localnet` for a chain of your own. */
  walletChain: WalletStandardChain
}

export interface DefineSolanaNetworkParameters {
  /** The cluster's genesis hash (base58); its first 32 characters are the CAIP-2 reference. */
  genesisHash: string
  name: string
  rpcUrls: Network['rpcUrls']
  walletChain?: WalletStandardChain | undefined
  blockExplorers?: Network['blockExplorers'] | undefined
  testnet?: boolean | undefined
  assets?: Network['assets'] | undefined
}

const base58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * Turns the facts of a Solana cluster into a Latch `Network`.
 *
 * @example
 * const local = defineSolanaNetwork({
 *   genesisHash: 'B3a6eJyjz4Nhac9rNdEn8s1tXP2C949mKNDvyy6Zx6Mh',
 *   name: 'Latch Solana Local',
 *   rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
 * })
 * local.caipNetworkId // 'solana:B3a6eJyjz4Nhac9rNdEn8s1tXP2C949m'
 */
export function defineSolanaNetwork(parameters: DefineSolanaNetworkParameters): SolanaNetwork {
  const { genesisHash, name, rpcUrls, walletChain, blockExplorers, testnet, assets } = parameters
  if (!base58.test(genesisHash))
    throw new InvalidOptionsError('Invalid Solana genesis hash', {
      details: `${genesisHash} is not 32 to 44 base58 characters.`,
    })
  const id = genesisHash.slice(0, 32)
  return {
    id,
    caipNetworkId: `solana:${id}` as const,
    chainNamespace: 'solana',
    name,
    nativeCurrency: sol,
    rpcUrls,
    walletChain: walletChain ?? 'solana:localnet',
    ...(blockExplorers ? { blockExplorers } : {}),
    ...(testnet === undefined ? {} : { testnet }),
    ...(assets ? { assets } : {}),
  }
}

const explorer = (cluster?: string) => ({
  default: {
    name: 'Solana Explorer',
    url: cluster ? `https://explorer.solana.com/?cluster=${cluster}` : 'https://explorer.solana.com',
  },
})

export const solana = /*#__PURE__*/ defineSolanaNetwork({
  genesisHash: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
  name: 'Solana',
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
  walletChain: 'solana:mainnet',
  blockExplorers: explorer(),
  // The Latch server's default dataset has an image for it (as `solana-<CAIP-2 reference>`).
  assets: { imageId: 'solana-5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
})

export const solanaDevnet = /*#__PURE__*/ defineSolanaNetwork({
  genesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
  name: 'Solana Devnet',
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  walletChain: 'solana:devnet',
  blockExplorers: explorer('devnet'),
  testnet: true,
})

export const solanaTestnet = /*#__PURE__*/ defineSolanaNetwork({
  genesisHash: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
  name: 'Solana Testnet',
  rpcUrls: { default: { http: ['https://api.testnet.solana.com'] } },
  walletChain: 'solana:testnet',
  blockExplorers: explorer('testnet'),
  testnet: true,
})

/** The genesis hash of Latch's local Solana chain (`npm start`, the e2e tests): fixed, so its CAIP-2 id is too. */
export const LATCH_LOCALNET_GENESIS_HASH = 'B3a6eJyjz4Nhac9rNdEn8s1tXP2C949mKNDvyy6Zx6Mh'

/**
 * Latch's local Solana chain at `rpcUrl` (default `http://127.0.0.1:8899`).
 *
 * @example
 * solanaLocalnet('http://127.0.0.1:8899').caipNetworkId // 'solana:B3a6eJyjz4Nhac9rNdEn8s1tXP2C949m'
 */
export function solanaLocalnet(rpcUrl = 'http://127.0.0.1:8899', name = 'Latch Solana Local'): SolanaNetwork {
  return defineSolanaNetwork({
    genesisHash: LATCH_LOCALNET_GENESIS_HASH,
    name,
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
    assets: { imageId: `solana-${LATCH_LOCALNET_GENESIS_HASH.slice(0, 32)}` },
  })
}
