import { type AnvilInstance, startAnvil } from './anvil.ts'
import { deployTestTokens } from './deploy.ts'
import { type DeployedExchange, deployExchange } from './exchange.ts'
import { deployIdRegistry } from './farcaster.ts'
import { fundOnrampPayer } from './onrampPayer.ts'
import type { DeployedToken } from './tokens.ts'

export interface DevnetChainParameters {
  chainId: number
  /** 0 picks a free port. */
  port?: number
}

export interface StartDevnetParameters {
  /** Defaults to {@link defaultDevnetChains}. */
  chains?: DevnetChainParameters[]
  /**
   * Deploy and mint the test tokens on every chain, and the exchange (Uniswap V2 and its pools). Defaults to true.
   * Farcaster's ID registry is deployed either way: it is one transaction, and signing in needs it.
   */
  tokens?: boolean
}

export interface DevnetChain {
  chainId: number
  rpcUrl: string
  port: number
  /** Empty when started with `tokens: false`. */
  tokens: DeployedToken[]
  /** WETH9, Uniswap V2's Factory and Router02 and their pools; absent when started with `tokens: false`. */
  exchange?: DeployedExchange
}

export interface Devnet {
  chains: DevnetChain[]
  /** Stops every chain; resolves once all anvil processes have exited. */
  stop(): Promise<void>
}

/** DESIGN.md's default topology: chain A on 8545, chain B on 8546. */
export const defaultDevnetChains = [
  { chainId: 31337, port: 8545 },
  { chainId: 31338, port: 8546 },
] as const satisfies readonly DevnetChainParameters[]

/**
 * Starts the local EVM chains in parallel and deploys the test tokens, the exchange and Farcaster's ID registry (at
 * its OP Mainnet address, see farcaster.ts) on each.
 *
 * @example
 * const devnet = await startDevnet()
 * devnet.chains[0] // { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', port: 8545, tokens: [LUSD, LTK, LPT] }
 * await devnet.stop()
 */
export async function startDevnet(parameters: StartDevnetParameters = {}): Promise<Devnet> {
  const { chains = defaultDevnetChains, tokens = true } = parameters
  const started = await Promise.allSettled(chains.map((chain) => startAnvil(chain)))
  const instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop()))
  }

  try {
    const failure = started.find((result) => result.status === 'rejected')
    if (failure) throw failure.reason
    const devnetChains = await Promise.all(
      instances.map(async (instance: AnvilInstance): Promise<DevnetChain> => {
        const chain = { chainId: instance.chainId, rpcUrl: instance.rpcUrl, port: instance.port }
        // Its own deployer, so it runs beside the tokens without waiting for them.
        const registry = deployIdRegistry(instance.rpcUrl)
        if (!tokens) {
          await registry
          return { ...chain, tokens: [] }
        }
        const deployTokens = async () => {
          const deployed = await deployTestTokens(instance.rpcUrl)
          const exchange = await deployExchange(instance.rpcUrl)
          await fundOnrampPayer(instance.rpcUrl)
          return { ...chain, tokens: deployed, exchange }
        }
        const [withTokens] = await Promise.all([deployTokens(), registry])
        return withTokens
      }),
    )
    return { chains: devnetChains, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
