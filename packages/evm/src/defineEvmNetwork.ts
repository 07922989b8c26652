import { InvalidOptionsError, type Network } from '@latch/core'

/** What `defineEvmNetwork` needs: the facts of one EVM chain (the same fields as a viem `Chain`). */
export interface DefineEvmNetworkParameters {
  id: number
  name: string
  nativeCurrency: Network['nativeCurrency']
  rpcUrls: Network['rpcUrls']
  blockExplorers?: Network['blockExplorers'] | undefined
  testnet?: boolean | undefined
  /**
   * The network's image: `imageUrl`, or `imageId` for the Latch server's `/public/getAssetImage/{imageId}`
   * (SPEC §3). Without either, the modal shows the network's initial.
   */
  assets?: Network['assets'] | undefined
}

/** An `eip155` network: a `Network` whose id is an EVM chain id. */
export type EvmNetwork = Network & {
  id: number
  caipNetworkId: `eip155:${number}`
  chainNamespace: 'eip155'
}

/**
 * Turns the facts of an EVM chain into a Latch `Network` (adds its CAIP-2 id and namespace).
 *
 * @example
 * const zora = defineEvmNetwork({
 *   id: 7777777,
 *   name: 'Zora',
 *   nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
 *   rpcUrls: { default: { http: ['https://rpc.zora.energy'] } },
 * })
 * zora.caipNetworkId // 'eip155:7777777'
 */
export function defineEvmNetwork(parameters: DefineEvmNetworkParameters): EvmNetwork {
  const { id, name, nativeCurrency, rpcUrls, blockExplorers, testnet, assets } = parameters
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new InvalidOptionsError('Invalid EVM chain id', { details: `${id} is not a positive integer.` })
  return {
    id,
    caipNetworkId: `eip155:${id}` as const,
    chainNamespace: 'eip155',
    name,
    nativeCurrency,
    rpcUrls,
    ...(blockExplorers ? { blockExplorers } : {}),
    ...(testnet === undefined ? {} : { testnet }),
    ...(assets ? { assets } : {}),
  }
}
