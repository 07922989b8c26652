// Swaps on a Uniswap V2 router (the devnet's exchange, or any deployment of the same contracts): quotes from the
// router's getAmountsOut over the direct pool and the one through WETH, checked against the pools' reserves; the
// approval and the swap as calldata for the visitor's wallet; gas and its price read from the chain's node.
import {
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  getContractAddress,
  keccak256,
  maxUint256,
  type PublicClient,
  parseAbi,
} from 'viem'
import { chainClient } from '../chains/clients.ts'
import type { ChainConfig, TokenConfig } from '../chains/types.ts'
import { ProviderRefusal } from '../errors.ts'
import {
  type Address,
  type GasPrices,
  nativeTokenAddress,
  priceMoved,
  type SwapPair,
  type SwapProvider,
  type SwapQuote,
  type SwapToken,
} from './types.ts'

/** A chain's Uniswap V2 deployment and the tokens it swaps (pooled with WETH or with each other). */
export interface UniswapV2Chain {
  chain: ChainConfig
  router: Address
  factory: Address
  weth: Address
  tokens: readonly TokenConfig[]
}

/** The hash of the Pair contract's creation code, which the factory's CREATE2 and Router02 both use. */
const pairCodeHash = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])

/** Gas a swap takes, measured on the devnet's router (routes/convert.test.ts keeps them above what the node estimates). */
const gasPerSwap = 120_000n
const gasPerHop = 60_000n
/**
 * What a pool's price oracle may add to a swap after the node estimated it: a pool writes its two cumulative prices
 * only in a block later than its last trade's, so a swap estimated in the same second costs up to two fresh
 * storage writes (22,100 gas each) less than the one mined. Each pool on the path adds this much to the estimate.
 */
const oracleGasPerPool = 45_000n

/** How long a swap stays valid once built: the visitor's wallet may wait for them a while. */
const deadlineSeconds = 20 * 60

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** A quote over one path, with what is needed to build its swap. */
interface Route {
  path: Address[]
  amounts: bigint[]
  priceImpact: number
}

/**
 * The provider over one Uniswap V2 deployment per chain.
 *
 * @example
 * const provider = uniswapV2SwapProvider([{ chain, router, factory, weth, tokens: chain.tokens }])
 * await provider.quote({ chainId: 31337, from: nativeTokenAddress, to: lusd, amount: 10n ** 18n })
 */
export function uniswapV2SwapProvider(deployments: readonly UniswapV2Chain[]): SwapProvider {
  const byChain = new Map(
    deployments.map((deployment) => [
      deployment.chain.chainId,
      { ...deployment, client: chainClient(deployment.chain, 'swaps') },
    ]),
  )
  const deploymentOf = (chainId: number) => {
    const deployment = byChain.get(chainId)
    if (!deployment) throw new Error(`No Uniswap V2 deployment on chain ${chainId}`)
    return deployment
  }

  /** The pool of two tokens, where the factory puts it (it may not exist). */
  const pairOf = (factory: Address, a: Address, b: Address) => {
    const [token0, token1] = a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a]
    return {
      token0,
      address: getContractAddress({
        opcode: 'CREATE2',
        from: factory,
        salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
        bytecodeHash: pairCodeHash,
      }),
    }
  }

  /**
   * The route over `path`, or undefined when a pool on it is missing or holds less of a token than the swap puts
   * in (its price would more than halve: the pool cannot fill the swap at any price a visitor would take).
   */
  async function routeOver(
    deployment: UniswapV2Chain & { client: PublicClient },
    path: Address[],
    amount: bigint,
  ): Promise<Route | undefined> {
    const { client, router, factory } = deployment
    const hops = path
      .slice(1)
      .map((to, index) => ({ from: path[index]!, to, ...pairOf(factory, path[index]!, to) }))
    try {
      // One batch: the router's amounts and each pool's reserves.
      const [amounts, ...reserves] = await Promise.all([
        client.readContract({
          address: router,
          abi: routerAbi,
          functionName: 'getAmountsOut',
          args: [amount, path],
        }),
        ...hops.map((hop) =>
          client.readContract({ address: hop.address, abi: pairAbi, functionName: 'getReserves' }),
        ),
      ])
      let ideal = 1
      for (const [index, hop] of hops.entries()) {
        const [reserve0, reserve1] = reserves[index]!
        const [reserveIn, reserveOut] = same(hop.from, hop.token0)
          ? [reserve0, reserve1]
          : [reserve1, reserve0]
        if (reserveIn === 0n || amounts[index]! > reserveIn) return undefined
        ideal *= Number(reserveOut) / Number(reserveIn)
      }
      const out = amounts.at(-1)!
      if (out === 0n) return undefined
      const priceImpact = Math.max(0, (1 - Number(out) / (Number(amount) * ideal)) * 100)
      return { path, amounts: [...amounts], priceImpact }
    } catch (error) {
      // A pool that does not exist answers no data, an empty one reverts: this path cannot swap. A node that does
      // not answer is an outage, not a missing route.
      const noRoute =
        error instanceof BaseError &&
        error.walk(
          (cause) =>
            cause instanceof ContractFunctionZeroDataError || cause instanceof ContractFunctionRevertedError,
        )
      if (noRoute) return undefined
      throw error
    }
  }

  /** The better of the direct path and the one through WETH. */
  async function bestRoute(pair: SwapPair): Promise<(Route & { weth: Address }) | undefined> {
    const deployment = deploymentOf(pair.chainId)
    const { weth } = deployment
    const from = same(pair.from, nativeTokenAddress) ? weth : pair.from
    const to = same(pair.to, nativeTokenAddress) ? weth : pair.to
    if (same(from, to) || pair.amount === 0n) return undefined
    const paths = [[from, to]]
    if (!same(from, weth) && !same(to, weth)) paths.push([from, weth, to])
    const routes = await Promise.all(paths.map((path) => routeOver(deployment, path, pair.amount)))
    let best: Route | undefined
    for (const route of routes)
      if (route && (!best || route.amounts.at(-1)! > best.amounts.at(-1)!)) best = route
    return best && { ...best, weth }
  }

  async function gasPrices(chainId: number): Promise<GasPrices> {
    const standard = await deploymentOf(chainId).client.getGasPrice()
    return { standard, fast: (standard * 5n) / 4n, instant: (standard * 3n) / 2n }
  }

  /** The node's estimate, or none when it cannot make one (an approval not yet mined, too little balance). */
  async function estimate(
    client: PublicClient,
    call: { account: Address; to: Address; data: `0x${string}`; value: bigint },
  ) {
    try {
      return await client.estimateGas(call)
    } catch {
      return undefined
    }
  }

  return {
    chains: deployments.map((deployment) => deployment.chain.chainId),

    async tokens(chainId) {
      const { chain, tokens } = deploymentOf(chainId)
      const coin: SwapToken = { address: nativeTokenAddress, ...chain.nativeCurrency }
      return [
        coin,
        ...tokens.map(({ address, name, symbol, decimals }) => ({ address, name, symbol, decimals })),
      ]
    },

    async quote(pair): Promise<SwapQuote | undefined> {
      const route = await bestRoute(pair)
      if (!route) return undefined
      const hops = BigInt(route.path.length - 1)
      return {
        toAmount: route.amounts.at(-1)!,
        priceImpact: route.priceImpact,
        gas: gasPerSwap + gasPerHop * hops,
      }
    },

    async allowance(chainId, token, owner) {
      if (same(token, nativeTokenAddress)) return maxUint256
      const { client, router } = deploymentOf(chainId)
      return client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, router],
      })
    },

    async buildApprove({ chainId, token, owner, amount }) {
      const { client, router } = deploymentOf(chainId)
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, amount] })
      const [gas, prices] = await Promise.all([
        estimate(client, { account: owner, to: token, data, value: 0n }),
        gasPrices(chainId),
      ])
      return {
        from: owner,
        to: token,
        data,
        value: 0n,
        ...(gas === undefined ? {} : { gas }),
        gasPrice: prices.standard,
      }
    },

    async buildSwap(parameters) {
      const {
        chainId,
        from,
        to,
        amount,
        userAddress,
        slippage,
        disableEstimate,
        minToAmount = 0n,
      } = parameters
      const { client, router } = deploymentOf(chainId)
      const route = await bestRoute(parameters)
      if (!route) throw new ProviderRefusal('amount', 'Insufficient liquidity')
      const toAmount = route.amounts.at(-1)!
      if (toAmount < minToAmount) throw new ProviderRefusal('minToAmount', priceMoved)
      // Slippage in hundredths of a percent: 1 → 9 900 of 10 000; never below what the visitor was shown.
      const slipped = (toAmount * (10_000n - BigInt(Math.round(slippage * 100)))) / 10_000n
      const minOut = slipped > minToAmount ? slipped : minToAmount
      const block = await client.getBlock()
      const deadline = block.timestamp + BigInt(deadlineSeconds)
      const data = same(from, nativeTokenAddress)
        ? encodeFunctionData({
            abi: routerAbi,
            functionName: 'swapExactETHForTokens',
            args: [minOut, route.path, userAddress, deadline],
          })
        : encodeFunctionData({
            abi: routerAbi,
            functionName: same(to, nativeTokenAddress) ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
            args: [amount, minOut, route.path, userAddress, deadline],
          })
      const value = same(from, nativeTokenAddress) ? amount : 0n
      const [estimated, prices] = await Promise.all([
        disableEstimate ? undefined : estimate(client, { account: userAddress, to: router, data, value }),
        gasPrices(chainId),
      ])
      const pools = BigInt(route.path.length - 1)
      const gas = estimated === undefined ? undefined : estimated + oracleGasPerPool * pools
      return {
        from: userAddress,
        to: router,
        data,
        value,
        ...(gas === undefined ? {} : { gas }),
        gasPrice: prices.standard,
        toAmount,
      }
    },

    gasPrices,
  }
}
