import { type Devnet, type SolanaLocalChain, startDevnet, startSolanaChain } from '@latch/devnet'
import { devnetBlockchainConfig } from '../../src/chains/defaults.ts'
import { createTestApp, type TestApp } from './app.ts'

export interface BlockchainTestApp extends TestApp {
  devnet: Devnet
  /** RPC URLs of Latch Devnet A and B. */
  rpcA: string
  rpcB: string
  /** The local Solana chain (its test accounts hold SOL and LUSD-SOL). */
  solana: SolanaLocalChain
}

/**
 * A devnet (chains 31337 and 31338 on free ports, test tokens deployed and minted, and the local Solana chain) and the
 * app serving the blockchain API over it. One per test file: a devnet takes a few seconds to start.
 */
export async function createBlockchainTestApp(): Promise<BlockchainTestApp> {
  const [devnet, solana] = await Promise.all([
    startDevnet({
      chains: [
        { chainId: 31337, port: 0 },
        { chainId: 31338, port: 0 },
      ],
    }),
    startSolanaChain({ port: 0 }),
  ])
  const stop = () => Promise.all([devnet.stop(), solana.stop()])
  const [rpcA, rpcB] = devnet.chains.map((chain) => chain.rpcUrl) as [string, string]
  try {
    const t = await createTestApp({
      blockchain: devnetBlockchainConfig({ rpcA, rpcB, solanaRpc: solana.rpcUrl }),
    })
    return {
      ...t,
      devnet,
      rpcA,
      rpcB,
      solana,
      async close() {
        await t.close()
        await stop()
      },
    }
  } catch (error) {
    await stop()
    throw error
  }
}
