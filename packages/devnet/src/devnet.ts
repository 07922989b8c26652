import type { Address } from 'viem'
import { type BundlerInstance, startBundler } from './aa/bundler.ts'
import { deployErc4337Contracts, erc4337Addresses } from './aa/canonical.ts'
import { devnetPaymasterSigner } from './aa/keys.ts'
import { deployVerifyingPaymaster } from './aa/paymaster.ts'
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
  /** The chain's bundler port, with `bundler: true`; 0 or undefined picks a free one. */
  bundlerPort?: number
}

export interface StartDevnetParameters {
  /** Defaults to {@link defaultDevnetChains}. */
  chains?: DevnetChainParameters[]
  /**
   * Deploy and mint the test tokens on every chain, and the exchange (Uniswap V2 and its pools). Defaults to true.
   * Farcaster's ID registry is deployed either way: it is one transaction, and signing in needs it.
   */
  tokens?: boolean
  /** The paymaster's verifying signer on every chain. Defaults to {@link devnetPaymasterSigner} (a public test key). */
  paymasterSigner?: Address
  /**
   * Start one ERC-4337 bundler (alto) per chain once its contracts are there. Defaults to false: it takes seconds
   * and hundreds of MB. Its port listens on every interface and must not be exposed (see aa/bundler.ts).
   */
  bundler?: boolean
}

/** The ERC-4337 contracts a client needs by address (the rest: {@link erc4337Addresses}). */
export interface DevnetErc4337 {
  entryPoint07: Address
  entryPoint08: Address
  /** The VerifyingPaymaster (EntryPoint v0.7) that the paymaster signer's signatures unlock. */
  paymaster: Address
}

export interface DevnetChain {
  chainId: number
  rpcUrl: string
  port: number
  /** Empty when started with `tokens: false`. */
  tokens: DeployedToken[]
  /** WETH9, Uniswap V2's Factory and Router02 and their pools; absent when started with `tokens: false`. */
  exchange?: DeployedExchange
  /** Every canonical ERC-4337 contract is deployed on every chain; these are the ones a client names. */
  erc4337: DevnetErc4337
  /** The chain's bundler, for this machine only; absent unless started with `bundler: true`. */
  bundlerUrl?: string
}

export interface Devnet {
  chains: DevnetChain[]
  /** Stops the bundlers, then every chain; resolves once all their processes have exited. */
  stop(): Promise<void>
}

/** DESIGN.md's default topology: chain A on 8545, chain B on 8546. */
export const defaultDevnetChains = [
  { chainId: 31337, port: 8545 },
  { chainId: 31338, port: 8546 },
] as const satisfies readonly DevnetChainParameters[]

/**
 * Starts the local EVM chains in parallel and deploys on each the test tokens, the exchange, Farcaster's ID registry
 * (at its OP Mainnet address, see farcaster.ts), the canonical ERC-4337 contracts and the devnet paymaster, and
 * with `bundler: true` starts a bundler per chain.
 *
 * @example
 * const devnet = await startDevnet({ bundler: true })
 * devnet.chains[0] // { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', tokens: [LUSD, LTK, LPT], erc4337, bundlerUrl, … }
 * await devnet.stop()
 */
export async function startDevnet(parameters: StartDevnetParameters = {}): Promise<Devnet> {
  const { tokens = true, bundler = false } = parameters
  const chains: readonly DevnetChainParameters[] = parameters.chains ?? defaultDevnetChains
  const paymasterSigner = parameters.paymasterSigner ?? devnetPaymasterSigner
  const started = await Promise.allSettled(chains.map((chain) => startAnvil(chain)))
  const instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  // Every start, settled or not, so that stopping after a failure elsewhere still finds a bundler mid-start.
  const bundlerStarts: Promise<BundlerInstance>[] = []
  const stop = async () => {
    const bundlers = await Promise.allSettled(bundlerStarts)
    await Promise.all(
      bundlers.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)),
    )
    await Promise.all(instances.map((instance) => instance.stop()))
  }

  try {
    const failure = started.find((result) => result.status === 'rejected')
    if (failure) throw failure.reason
    const devnetChains = await Promise.all(
      instances.map(async (instance: AnvilInstance, i): Promise<DevnetChain> => {
        const { rpcUrl } = instance
        const chain = { chainId: instance.chainId, rpcUrl, port: instance.port }
        // Each has its own deployer, so they run beside each other without waiting.
        const registry = deployIdRegistry(rpcUrl)
        const erc4337 = (async () => {
          await deployErc4337Contracts(rpcUrl)
          const bundlerStart = bundler
            ? startBundler({ rpcUrl, port: chains[i]?.bundlerPort ?? 0 })
            : undefined
          if (bundlerStart) bundlerStarts.push(bundlerStart)
          const [paymaster, bundlerInstance] = await Promise.all([
            deployVerifyingPaymaster(rpcUrl, { signer: paymasterSigner }),
            bundlerStart,
          ])
          const { entryPoint07, entryPoint08 } = erc4337Addresses
          return {
            erc4337: { entryPoint07, entryPoint08, paymaster },
            ...(bundlerInstance && { bundlerUrl: bundlerInstance.url }),
          }
        })()
        const deployTokens = async () => {
          if (!tokens) return { tokens: [] }
          const deployed = await deployTestTokens(rpcUrl)
          const exchange = await deployExchange(rpcUrl)
          await fundOnrampPayer(rpcUrl)
          return { tokens: deployed, exchange }
        }
        const [withTokens, , withErc4337] = await Promise.all([deployTokens(), registry, erc4337])
        return { ...chain, ...withTokens, ...withErc4337 }
      }),
    )
    return { chains: devnetChains, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
