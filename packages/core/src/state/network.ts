import type { ChainNamespace, Network } from '../types.ts'
import { createStore, type Store } from './store.ts'

export interface NetworkState {
  activeNamespace: ChainNamespace
  activeNetwork: Network
  /** The wallet is on a chain the app does not configure; holds that chain's id. */
  unsupportedChainId: number | string | undefined
}

export function createNetworkStore(defaultNetwork: Network): Store<NetworkState> {
  return createStore<NetworkState>({
    activeNamespace: defaultNetwork.chainNamespace,
    activeNetwork: defaultNetwork,
    unsupportedChainId: undefined,
  })
}
