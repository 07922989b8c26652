import { type Network, type NetworkState, networkImageUrl } from '@latch/core'
import { useLatchClient } from '../context.ts'
import { useStore } from './useStore.ts'

export interface UseNetworkReturnType {
  network: Network
  caipNetworkId: Network['caipNetworkId']
  chainId: Network['id']
  networks: readonly Network[]
  /** The wallet is on a chain the app does not configure. */
  isUnsupported: boolean
  /** The active network's image, if it has one (see `networkImageUrl`). */
  imageUrl: string | undefined
  switchNetwork(network: Network): Promise<void>
}

const selectNetwork = (s: NetworkState) => s.activeNetwork
const selectUnsupported = (s: NetworkState) => s.unsupportedChainId !== undefined

/**
 * The active network and a way to switch it.
 *
 * @example
 * const { network, switchNetwork } = useNetwork()
 */
export function useNetwork(): UseNetworkReturnType {
  const client = useLatchClient()
  const network = useStore(client.network, selectNetwork)
  const isUnsupported = useStore(client.network, selectUnsupported)
  return {
    network,
    caipNetworkId: network.caipNetworkId,
    chainId: network.id,
    networks: client.options.networks,
    isUnsupported,
    imageUrl: networkImageUrl(client.options, network),
    switchNetwork: client.switchNetwork,
  }
}
