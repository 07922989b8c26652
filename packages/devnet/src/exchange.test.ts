import { createRequire } from 'node:module'
import {
  type Abi,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anvilAddresses, anvilPrivateKeys } from './accounts.ts'
import { type AnvilInstance, startAnvil } from './anvil.ts'
import { deployTestTokens } from './deploy.ts'
import { type DeployedExchange, deployExchange, exchangeAddresses, pairAddress } from './exchange.ts'
import { testTokenAddresses } from './tokens.ts'

const router = createRequire(import.meta.url)('@uniswap/v2-periphery/build/UniswapV2Router02.json') as {
  abi: Abi
}
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
])
const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])

/** Uniswap V2's constant-product output for `amountIn`, after its 0.3 % fee. */
const amountOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) =>
  (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)

describe('deployExchange', () => {
  let anvil: AnvilInstance
  let exchange: DeployedExchange
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    await deployTestTokens(anvil.rpcUrl)
    exchange = await deployExchange(anvil.rpcUrl)
  }, 60_000)
  afterAll(() => anvil.stop())

  it('lands at its deterministic addresses, with the three pools where the factory says', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    expect(exchange).toMatchObject(exchangeAddresses)
    expect(exchange.pairs).toEqual({
      'WETH/LUSD': pairAddress(exchangeAddresses.WETH, testTokenAddresses.LUSD),
      'WETH/LTK': pairAddress(exchangeAddresses.WETH, testTokenAddresses.LTK),
      'LUSD/LTK': pairAddress(testTokenAddresses.LUSD, testTokenAddresses.LTK),
    })
    for (const [a, b] of [
      [exchangeAddresses.WETH, testTokenAddresses.LUSD],
      [testTokenAddresses.LTK, exchangeAddresses.WETH],
      [testTokenAddresses.LUSD, testTokenAddresses.LTK],
    ] as const)
      expect(
        await client.readContract({
          address: exchange.factory,
          abi: factoryAbi,
          functionName: 'getPair',
          args: [a, b],
        }),
      ).toBe(pairAddress(a, b))
  })

  it('holds liquidity at the devnet’s prices, and swaps ETH for LUSD by the pool’s own arithmetic', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const pair = exchange.pairs['WETH/LUSD']!
    const [reserve0, reserve1] = await client.readContract({
      address: pair,
      abi: pairAbi,
      functionName: 'getReserves',
    })
    const wethFirst =
      (await client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' })) ===
      exchangeAddresses.WETH
    const [reserveEth, reserveUsd] = wethFirst ? [reserve0, reserve1] : [reserve1, reserve0]
    expect([reserveEth, reserveUsd]).toEqual([parseEther('100'), parseUnits('300000', 6)])

    const path = [exchangeAddresses.WETH, testTokenAddresses.LUSD]
    const [, quoted] = (await client.readContract({
      address: exchange.router,
      abi: router.abi,
      functionName: 'getAmountsOut',
      args: [parseEther('1'), path],
    })) as readonly bigint[]
    expect(quoted).toBe(amountOut(parseEther('1'), reserveEth, reserveUsd))
    // About 3000 LUSD for 1 ETH, less the fee and the 1 % the trade moves the pool.
    expect(Number(quoted) / 1e6).toBeCloseTo(2961.4, 0)

    const swapper = anvilAddresses[1]
    const wallet = createWalletClient({
      account: privateKeyToAccount(anvilPrivateKeys[1]),
      chain: defineChain({
        id: 31337,
        name: 'devnet',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [anvil.rpcUrl] } },
      }),
      transport: http(anvil.rpcUrl),
    })
    const balance = () =>
      client.readContract({
        address: testTokenAddresses.LUSD,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [swapper],
      })
    const before = await balance()
    const hash = await wallet.writeContract({
      address: exchange.router,
      abi: router.abi,
      functionName: 'swapExactETHForTokens',
      args: [quoted, path, swapper, BigInt(Math.floor(Date.now() / 1000) + 600)],
      value: parseEther('1'),
      // Not the node's estimate: the pool writes its price oracle only in a block later than the liquidity's, which
      // the estimate cannot know (packages/server's swaps/uniswapV2.ts allows for the same).
      gas: 250_000n,
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect((await balance()) - before).toBe(quoted)
  })

  it('quotes LUSD → LTK directly, and through WETH in one hop, both near the prices (1 LUSD = 2 LTK)', async () => {
    // (The swap above moved the WETH/LUSD pool by a third of a percent: the hop's price moved with it.)
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const quote = async (path: readonly `0x${string}`[]) =>
      (
        (await client.readContract({
          address: exchange.router,
          abi: router.abi,
          functionName: 'getAmountsOut',
          args: [parseUnits('100', 6), path],
        })) as readonly bigint[]
      ).at(-1) ?? 0n
    const direct = await quote([testTokenAddresses.LUSD, testTokenAddresses.LTK])
    const hop = await quote([testTokenAddresses.LUSD, exchangeAddresses.WETH, testTokenAddresses.LTK])
    for (const out of [direct, hop]) {
      expect(out).toBeGreaterThan(parseUnits('195', 18))
      expect(out).toBeLessThan(parseUnits('205', 18))
    }
  })
})
