import { type Address, getContractAddress } from 'viem'
import { anvilAddresses } from './accounts.ts'

export interface TestTokenInfo {
  name: string
  symbol: string
  decimals: number
}

export interface DeployedToken extends TestTokenInfo {
  address: Address
}

/** Anvil account 9 deploys the test tokens, so accounts 0–8 stay free of deploy transactions. */
export const tokenDeployerIndex = 9

/** Whole units minted to each of anvil's accounts 0–9. */
export const mintedUnitsPerAccount = 10_000n

/** The test tokens, in deploy order (deployer nonces 0, 1, 2). */
export const testTokens = [
  { name: 'Latch USD', symbol: 'LUSD', decimals: 6 },
  { name: 'Latch Token', symbol: 'LTK', decimals: 18 },
  { name: 'Latch Points', symbol: 'LPT', decimals: 0 },
] as const satisfies readonly TestTokenInfo[]

const deployer = anvilAddresses[tokenDeployerIndex]

/**
 * Where the test tokens land on a fresh devnet chain (any chain id): a contract's address depends only
 * on its deployer and the deployer's nonce.
 *
 * @example
 * readContract({ address: testTokenAddresses.LUSD, abi: erc20Abi, functionName: 'decimals' })
 */
export const testTokenAddresses = {
  LUSD: getContractAddress({ from: deployer, nonce: 0n }),
  LTK: getContractAddress({ from: deployer, nonce: 1n }),
  LPT: getContractAddress({ from: deployer, nonce: 2n }),
} as const satisfies Record<(typeof testTokens)[number]['symbol'], Address>
