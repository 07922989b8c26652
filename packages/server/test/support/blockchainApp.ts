import { type Devnet, startDevnet } from '@latch/devnet'
import { devnetBlockchainConfig } from '../../src/chains/defaults.ts'
import { createTestApp, type TestApp } from './app.ts'

export interface BlockchainTestApp extends TestApp {
  devnet: Devnet
  /** RPC URLs of Latch Devnet A and B. */
  rpcA: string
  rpcB: string
}

/**
 * A devnet (chains 31337 and 31338 on free ports, test tokens deployed and minted) and the app serving the
 * blockchain API over it. One per test file: a devnet takes a few seconds to start.
 */
export async function createBlockchainTestApp(): Promise<BlockchainTestApp> {
  const devnet = await startDevnet({
    chains: [
      { chainId: 31337, port: 0 },
      { chainId: 31338, port: 0 },
    ],
  })
  const [rpcA, rpcB] = devnet.chains.map((chain) => chain.rpcUrl) as [string, string]
  try {
    const t = await createTestApp({ blockchain: devnetBlockchainConfig({ rpcA, rpcB }) })
    return {
      ...t,
      devnet,
      rpcA,
      rpcB,
      async close() {
        await t.close()
        await devnet.stop()
      },
    }
  } catch (error) {
    await devnet.stop()
    throw error
  }
}
