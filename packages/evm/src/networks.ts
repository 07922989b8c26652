import { type DefineEvmNetworkParameters, defineEvmNetwork, type EvmNetwork } from './defineEvmNetwork.ts'

// Facts about public chains: chain id, name, native currency, a public RPC endpoint and the block explorer.
// `/*#__PURE__*/` lets bundlers drop the networks an app does not import.

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** A network the Latch server's default dataset has an image for, as `eip155-<chain id>` (SPEC §3 assets.imageId). */
const known = (parameters: DefineEvmNetworkParameters) =>
  defineEvmNetwork({ ...parameters, assets: { imageId: `eip155-${parameters.id}` } })

export const mainnet = /*#__PURE__*/ known({
  id: 1,
  name: 'Ethereum',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://eth.merkle.io'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
})

export const base = /*#__PURE__*/ known({
  id: 8453,
  name: 'Base',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://basescan.org' } },
})

export const optimism = /*#__PURE__*/ known({
  id: 10,
  name: 'OP Mainnet',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://mainnet.optimism.io'] } },
  blockExplorers: { default: { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' } },
})

export const arbitrum = /*#__PURE__*/ known({
  id: 42161,
  name: 'Arbitrum One',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://arb1.arbitrum.io/rpc'] } },
  blockExplorers: { default: { name: 'Arbiscan', url: 'https://arbiscan.io' } },
})

export const polygon = /*#__PURE__*/ known({
  id: 137,
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: ['https://polygon-rpc.com'] } },
  blockExplorers: { default: { name: 'PolygonScan', url: 'https://polygonscan.com' } },
})

export const sepolia = /*#__PURE__*/ known({
  id: 11155111,
  name: 'Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://ethereum-sepolia-rpc.publicnode.com'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://sepolia.etherscan.io' } },
  testnet: true,
})

/**
 * A local devnet chain (anvil) at `rpcUrl`, paying in ETH and without a block explorer. Tests use it to point
 * at anvil instances on other ports.
 *
 * @example
 * const chain = await startAnvil({ chainId: 31337, port: 0 })
 * const network = devnetNetwork(chain.chainId, chain.rpcUrl, 'Test chain')
 */
export function devnetNetwork(chainId: number, rpcUrl: string, name: string): EvmNetwork {
  return known({
    id: chainId,
    name,
    nativeCurrency: ether,
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  })
}

/** Devnet chain A of the default local topology (DESIGN.md). */
export const devnetA = /*#__PURE__*/ devnetNetwork(31337, 'http://127.0.0.1:8545', 'Latch Devnet A')

/** Devnet chain B of the default local topology (DESIGN.md). */
export const devnetB = /*#__PURE__*/ devnetNetwork(31338, 'http://127.0.0.1:8546', 'Latch Devnet B')
