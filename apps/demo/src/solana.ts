import type { AdapterFactory, Network } from '@latch/core'
import { solanaAdapter, solanaLocalnet } from '@latch/solana'

export interface SolanaDemo {
  networks: Network[]
  adapter: AdapterFactory
}

/** The demo's Solana side (`?solana=`): the local chain at `rpcUrl` and the Solana adapter, in a chunk of its own. */
export function solanaDemo(rpcUrl: string): SolanaDemo {
  return { networks: [solanaLocalnet(rpcUrl)], adapter: solanaAdapter() }
}
