// A real exchange on the devnet: WETH9, Uniswap V2's Factory and Router02, from the build artifacts their authors
// publish on npm (`@uniswap/v2-core`, `@uniswap/v2-periphery`, GPL-3.0-or-later: installed, never committed), and
// three pools with liquidity at the devnet's prices (ETH 3000 USD, LUSD 1, LTK 0.5), so quotes and swaps are the
// real contracts' arithmetic.
import { createRequire } from 'node:module'
import {
  type Abi,
  type Address,
  createTestClient,
  encodePacked,
  erc20Abi,
  getAddress,
  getContractAddress,
  type Hash,
  type Hex,
  http,
  keccak256,
  maxUint256,
  parseEther,
  parseUnits,
} from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { anvilMnemonic, anvilPrivateKeys } from './accounts.ts'
import { devnetClients } from './clients.ts'
import { compileTestToken } from './compile.ts'
import { testTokenAddresses, tokenDeployerIndex } from './tokens.ts'

interface Artifact {
  abi: Abi
  bytecode: string
}

const require = createRequire(import.meta.url)
const artifact = (path: string): Artifact => require(path) as Artifact
const weth9 = artifact('@uniswap/v2-periphery/build/WETH9.json')
const factoryArtifact = artifact('@uniswap/v2-core/build/UniswapV2Factory.json')
const pairArtifact = artifact('@uniswap/v2-core/build/UniswapV2Pair.json')
const routerArtifact = artifact('@uniswap/v2-periphery/build/UniswapV2Router02.json')

/**
 * The exchange's deployer: the mnemonic's account 11 (index 10), which anvil does not fund, so that accounts 0–9
 * keep their nonces and balances; the devnet gives it the ether its pools need.
 */
export const exchangeDeployer = mnemonicToAccount(anvilMnemonic, { addressIndex: 10 })

/** Where the exchange lands on a fresh devnet chain (any chain id): its deployer's nonces 0, 1 and 2. */
export const exchangeAddresses = {
  WETH: getContractAddress({ from: exchangeDeployer.address, nonce: 0n }),
  factory: getContractAddress({ from: exchangeDeployer.address, nonce: 1n }),
  router: getContractAddress({ from: exchangeDeployer.address, nonce: 2n }),
} as const

/** The pools, and what each holds at the start: the devnet's prices (ETH 3000 USD, LUSD 1 USD, LTK 0.5 USD). */
export const exchangePools = [
  { tokenA: 'WETH', amountA: '100', tokenB: 'LUSD', amountB: '300000' },
  { tokenA: 'WETH', amountA: '100', tokenB: 'LTK', amountB: '600000' },
  { tokenA: 'LUSD', amountA: '100000', tokenB: 'LTK', amountB: '200000' },
] as const

type PoolToken = (typeof exchangePools)[number]['tokenA' | 'tokenB']

const poolTokens: Record<PoolToken, { address: Address; decimals: number }> = {
  WETH: { address: exchangeAddresses.WETH, decimals: 18 },
  LUSD: { address: testTokenAddresses.LUSD, decimals: 6 },
  LTK: { address: testTokenAddresses.LTK, decimals: 18 },
}

/**
 * A pair's address as the factory makes it (CREATE2 over the sorted tokens, the pair's init code), known before it
 * exists.
 *
 * @example
 * pairAddress(exchangeAddresses.WETH, testTokenAddresses.LUSD)
 */
export function pairAddress(tokenA: Address, tokenB: Address): Address {
  const [token0, token1] = tokenA.toLowerCase() < tokenB.toLowerCase() ? [tokenA, tokenB] : [tokenB, tokenA]
  return getContractAddress({
    opcode: 'CREATE2',
    from: exchangeAddresses.factory,
    salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
    bytecodeHash: keccak256(`0x${pairArtifact.bytecode}` as Hex),
  })
}

export interface DeployedExchange {
  WETH: Address
  factory: Address
  router: Address
  /** The pools, by their tokens' symbols (`WETH/LUSD`…). */
  pairs: Record<string, Address>
}

/**
 * Deploys WETH9, the Uniswap V2 Factory and Router02 and fills the three pools, on a chain where the test tokens are
 * deployed ({@link deployTestTokens} first). On a fresh chain the addresses equal {@link exchangeAddresses}.
 *
 * @example
 * await deployTestTokens(rpcUrl)
 * const exchange = await deployExchange(rpcUrl)
 * // { WETH: '0x…', factory: '0x…', router: '0x…', pairs: { 'WETH/LUSD': '0x…', … } }
 */
export async function deployExchange(rpcUrl: string): Promise<DeployedExchange> {
  const { publicClient, chain, walletFor } = await devnetClients(rpcUrl)
  const deployer = walletFor(exchangeDeployer)
  const minter = walletFor(privateKeyToAccount(anvilPrivateKeys[tokenDeployerIndex]))
  const settle = async (hashes: Hash[], what: string) => {
    const receipts = await Promise.all(hashes.map((hash) => publicClient.waitForTransactionReceipt({ hash })))
    const failed = receipts.find((receipt) => receipt.status !== 'success')
    if (failed) throw new Error(`${what} failed in transaction ${failed.transactionHash}`)
    return receipts
  }

  // The pools' ether, and the gas for the rest.
  await createTestClient({ mode: 'anvil', chain, transport: http(rpcUrl) }).setBalance({
    address: exchangeDeployer.address,
    value: parseEther('1000'),
  })
  let nonce = await publicClient.getTransactionCount({
    address: exchangeDeployer.address,
    blockTag: 'pending',
  })
  const deployments = [
    { ...weth9, args: [] as const },
    { ...factoryArtifact, args: [exchangeDeployer.address] as const },
    { ...routerArtifact, args: [exchangeAddresses.factory, exchangeAddresses.WETH] as const },
  ]
  const deployHashes: Hash[] = []
  for (const { abi, bytecode, args } of deployments)
    deployHashes.push(
      await deployer.deployContract({ abi, bytecode: `0x${bytecode}`, args: [...args], nonce: nonce++ }),
    )
  const [wethReceipt, factoryReceipt, routerReceipt] = await settle(deployHashes, 'Deploying the exchange')
  const [WETH, factory, router] = [wethReceipt, factoryReceipt, routerReceipt].map((receipt) =>
    getAddress(receipt?.contractAddress ?? '0x0000000000000000000000000000000000000000'),
  ) as [Address, Address, Address]
  if (router !== exchangeAddresses.router)
    throw new Error(
      `The exchange landed at ${router}, not ${exchangeAddresses.router}: deploy it on a fresh chain`,
    )

  // The pools' tokens: minted to the deployer by the tokens' minter, and the router allowed to take them.
  const { abi: tokenAbi } = await compileTestToken()
  const needed = new Map<PoolToken, bigint>()
  for (const pool of exchangePools)
    for (const [symbol, amount] of [
      [pool.tokenA, pool.amountA],
      [pool.tokenB, pool.amountB],
    ] as const)
      if (symbol !== 'WETH')
        needed.set(symbol, (needed.get(symbol) ?? 0n) + parseUnits(amount, poolTokens[symbol].decimals))
  const funding: Hash[] = []
  for (const [symbol, amount] of needed) {
    const { address } = poolTokens[symbol]
    funding.push(
      await minter.writeContract({
        address,
        abi: tokenAbi,
        functionName: 'mint',
        args: [exchangeDeployer.address, amount],
      }),
      await deployer.writeContract({
        address,
        abi: erc20Abi,
        functionName: 'approve',
        args: [router, maxUint256],
        nonce: nonce++,
      }),
    )
  }
  await settle(funding, 'Funding the pools')

  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
  const liquidity: Hash[] = []
  for (const { tokenA, amountA, tokenB, amountB } of exchangePools) {
    const [a, b] = [poolTokens[tokenA], poolTokens[tokenB]]
    const [valueA, valueB] = [parseUnits(amountA, a.decimals), parseUnits(amountB, b.decimals)]
    liquidity.push(
      tokenA === 'WETH'
        ? await deployer.writeContract({
            address: router,
            abi: routerArtifact.abi,
            functionName: 'addLiquidityETH',
            args: [b.address, valueB, valueB, valueA, exchangeDeployer.address, deadline],
            value: valueA,
            nonce: nonce++,
            gas: 5_000_000n,
          })
        : await deployer.writeContract({
            address: router,
            abi: routerArtifact.abi,
            functionName: 'addLiquidity',
            args: [a.address, b.address, valueA, valueB, valueA, valueB, exchangeDeployer.address, deadline],
            nonce: nonce++,
            gas: 5_000_000n,
          }),
    )
  }
  await settle(liquidity, 'Adding liquidity')
  return {
    WETH,
    factory,
    router,
    pairs: Object.fromEntries(
      exchangePools.map(({ tokenA, tokenB }) => [
        `${tokenA}/${tokenB}`,
        pairAddress(poolTokens[tokenA].address, poolTokens[tokenB].address),
      ]),
    ),
  }
}
