// The devnet's paymaster: eth-infinitism's sample VerifyingPaymaster (EntryPoint v0.7), which sponsors any user
// operation its verifying signer signed. Nothing on chain limits spending: the policy lives in the Latch server,
// which signs with the verifying signer's key.
import {
  type Address,
  encodeFunctionData,
  getContractAddress,
  isAddressEqual,
  parseAbi,
  parseEther,
} from 'viem'
import { initCode, readArtifact } from './artifacts.ts'
import { erc4337Addresses } from './canonical.ts'
import { devnetPaymasterDeployer, devnetPaymasterDeployerKey } from './keys.ts'
import { type DevnetTransaction, devnetRpc, sendTransactions, waitForReceipts } from './rpc.ts'

/**
 * Where the devnet's paymaster lives on every devnet chain, whatever its signer: its deployer's first contract
 * (nonce 0), so the server can keep it as data.
 */
export const devnetPaymasterAddress: Address = getContractAddress({
  from: devnetPaymasterDeployer,
  nonce: 0n,
})

/** The paymaster's reads and its deposit, from the sample's ABI (BasePaymaster). */
export const verifyingPaymasterAbi = parseAbi([
  'function verifyingSigner() view returns (address)',
  'function getDeposit() view returns (uint256)',
  'function deposit() payable',
  'function entryPoint() view returns (address)',
])

export interface DeployVerifyingPaymasterParameters {
  /** The address whose signatures the paymaster accepts (the server's paymaster key). */
  signer: Address
  /** Its EntryPoint deposit, in wei, which pays for what it sponsors. Defaults to 1,000 ETH. */
  deposit?: bigint
}

/** The paymaster at {@link devnetPaymasterAddress} accepts another signer than the one asked for. */
export class PaymasterSignerMismatchError extends Error {
  override name = 'PaymasterSignerMismatchError'
  constructor(
    readonly deployedSigner: Address,
    readonly requestedSigner: Address,
  ) {
    super(
      `The devnet paymaster at ${devnetPaymasterAddress} already verifies signer ${deployedSigner}, not ${requestedSigner}: restart the chain to change its signer`,
    )
  }
}

const artifactPath = '@account-abstraction/contracts/artifacts/VerifyingPaymaster.json'

/**
 * Deploys @account-abstraction/contracts 0.7.0's VerifyingPaymaster at {@link devnetPaymasterAddress} on an anvil
 * chain where {@link deployErc4337Contracts} has run, and deposits `deposit` into its EntryPoint v0.7 deposit.
 * Idempotent: when it is already there with the same signer, the deposit is only topped up if below half.
 *
 * @example
 * await deployErc4337Contracts(rpcUrl)
 * const paymaster = await deployVerifyingPaymaster(rpcUrl, { signer: devnetPaymasterSigner })
 * await publicClient.readContract({ address: paymaster, abi: verifyingPaymasterAbi, functionName: 'getDeposit' })
 * // 1000000000000000000000n
 */
export async function deployVerifyingPaymaster(
  rpcUrl: string,
  parameters: DeployVerifyingPaymasterParameters,
): Promise<Address> {
  const { signer, deposit = parseEther('1000') } = parameters
  const rpc = devnetRpc(rpcUrl)
  const [chainId, block, code, deployerNonce, entryPointCode] = await Promise.all([
    rpc.getChainId(),
    rpc.getBlock({ blockTag: 'latest' }),
    rpc.getCode({ address: devnetPaymasterAddress }),
    rpc.getTransactionCount({ address: devnetPaymasterDeployer, blockTag: 'pending' }),
    rpc.getCode({ address: erc4337Addresses.entryPoint07 }),
  ])
  // Its constructor checks the EntryPoint's ERC-165 interface, so the EntryPoint must be there first.
  if (!entryPointCode)
    throw new Error(
      `Chain ${chainId} has no EntryPoint v0.7 at ${erc4337Addresses.entryPoint07}: run deployErc4337Contracts first`,
    )

  const read = { address: devnetPaymasterAddress, abi: verifyingPaymasterAbi } as const
  let transactions: DevnetTransaction[]
  if (code) {
    const [deployedSigner, current] = await Promise.all([
      rpc.readContract({ ...read, functionName: 'verifyingSigner' }),
      rpc.readContract({ ...read, functionName: 'getDeposit' }),
    ])
    if (!isAddressEqual(deployedSigner, signer))
      throw new PaymasterSignerMismatchError(deployedSigner, signer)
    if (current >= deposit / 2n) return devnetPaymasterAddress
    transactions = [depositTransaction(deposit - current)]
  } else {
    if (deployerNonce !== 0)
      throw new Error(
        `The paymaster's deployer ${devnetPaymasterDeployer} has nonce ${deployerNonce} on chain ${chainId} but no paymaster at ${devnetPaymasterAddress}: the paymaster would land elsewhere`,
      )
    const { bytecode } = readArtifact(artifactPath)
    transactions = [
      {
        label: `the VerifyingPaymaster (${devnetPaymasterAddress})`,
        data: initCode(bytecode, [erc4337Addresses.entryPoint07, signer]),
        gas: 3_000_000n,
      },
      depositTransaction(deposit),
    ]
  }

  const value = transactions.reduce((sum, t) => sum + (t.value ?? 0n), 0n)
  await rpc.setBalance({ address: devnetPaymasterDeployer, value: value + parseEther('10') })
  const sent = await sendTransactions(rpc, {
    privateKey: devnetPaymasterDeployerKey,
    chainId,
    nonce: deployerNonce,
    baseFee: block.baseFeePerGas ?? 1_000_000_000n,
    transactions,
  })
  await waitForReceipts(rpc, sent)
  return devnetPaymasterAddress
}

function depositTransaction(value: bigint): DevnetTransaction {
  return {
    label: `the paymaster's EntryPoint deposit of ${value} wei`,
    to: devnetPaymasterAddress,
    data: encodeFunctionData({ abi: verifyingPaymasterAbi, functionName: 'deposit' }),
    value,
    gas: 200_000n,
  }
}
