// The ERC-4337 stack at the addresses it has on every public chain (EntryPoints v0.7 and v0.8, eth-infinitism's
// accounts, Safe 1.4.1 and its 4337 module), so wallets and SDKs find it on the devnet with their defaults. Replays
// the real CREATE2 deployments with the init code from the authors' npm artifacts.
import { createRequire } from 'node:module'
import {
  type Address,
  concat,
  getContractAddress,
  type Hex,
  isAddressEqual,
  parseEther,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionSerialized,
} from 'viem'
import { initCode, readArtifact } from './artifacts.ts'
import { erc4337ContractsSender, erc4337ContractsSenderKey } from './keys.ts'
import {
  type DevnetRpc,
  type DevnetTransaction,
  devnetRpc,
  sendRawTransactions,
  sendTransactions,
  waitForReceipts,
} from './rpc.ts'

/** Where the ERC-4337 contracts live on public chains, and on every devnet chain. */
export const erc4337Addresses = {
  entryPoint07: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  entryPoint08: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
  simpleAccountFactory07: '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985',
  simpleAccountFactory08: '0x13E9ed32155810FDbd067D4522C492D6f68E5944',
  simple7702Account: '0xe6Cae83BdE06E4c305530e199D7217f42808555B',
  safeSingletonFactory: '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7',
  safe: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  safeL2: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  safeProxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  multiSend: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
  compatibilityFallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
  signMessageLib: '0xd53cd0aB83D845Ac265BE939c57F53AD838012c9',
  createCall: '0x9b35Af71d77eaf8d7e40252370304687390A1A52',
  safe4337Module: '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226',
  safeModuleSetup: '0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47',
} as const satisfies Record<string, Address>

export type Erc4337ContractName = keyof typeof erc4337Addresses

/** A canonical contract that could not be put at its address; the message says which and why. */
export class Erc4337DeployError extends Error {
  override name = 'Erc4337DeployError'
}

/** Arachnid's deterministic deployer, which anvil has at genesis: calldata is salt ‖ init code. */
const create2Deployer: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'
const zeroSalt: Hex = `0x${'00'.repeat(32)}`

interface Deployment {
  name: Erc4337ContractName
  artifact: string
  constructorArguments?: readonly Address[]
}

interface Create2Deployment extends Deployment {
  factory: Address
  salt: Hex
}

const aa07 = '@account-abstraction/contracts/artifacts'
const aa08 = '@account-abstraction/contracts-v08/artifacts'
const safeContracts = '@safe-global/safe-contracts/build/artifacts/contracts'
const safe4337 = '@safe-global/safe-4337/build/artifacts/contracts'
const { entryPoint07, entryPoint08, safeSingletonFactory } = erc4337Addresses

/** Through the CREATE2 deployer, with the salts eth-infinitism deployed them with. */
const viaCreate2Deployer: readonly Create2Deployment[] = [
  {
    name: 'entryPoint07',
    artifact: `${aa07}/EntryPoint.json`,
    factory: create2Deployer,
    salt: '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3',
  },
  {
    name: 'entryPoint08',
    artifact: `${aa08}/EntryPoint.json`,
    factory: create2Deployer,
    salt: '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9',
  },
  {
    name: 'simpleAccountFactory07',
    artifact: `${aa07}/SimpleAccountFactory.json`,
    constructorArguments: [entryPoint07],
    factory: create2Deployer,
    salt: zeroSalt,
  },
  {
    name: 'simpleAccountFactory08',
    artifact: `${aa08}/SimpleAccountFactory.json`,
    constructorArguments: [entryPoint08],
    factory: create2Deployer,
    salt: zeroSalt,
  },
  {
    name: 'simple7702Account',
    artifact: `${aa08}/Simple7702Account.json`,
    factory: create2Deployer,
    salt: zeroSalt,
  },
]

/** Through the Safe singleton factory, salt 0, as Safe deploys its releases. */
const viaSafeSingletonFactory: readonly Create2Deployment[] = (
  [
    ['safe', 'Safe.sol/Safe'],
    ['safeL2', 'SafeL2.sol/SafeL2'],
    ['safeProxyFactory', 'proxies/SafeProxyFactory.sol/SafeProxyFactory'],
    ['multiSend', 'libraries/MultiSend.sol/MultiSend'],
    ['multiSendCallOnly', 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly'],
    ['compatibilityFallbackHandler', 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler'],
    ['signMessageLib', 'libraries/SignMessageLib.sol/SignMessageLib'],
    ['createCall', 'libraries/CreateCall.sol/CreateCall'],
  ] as const
).map(([name, path]) => ({
  name,
  artifact: `${safeContracts}/${path}.json`,
  factory: safeSingletonFactory,
  salt: zeroSalt,
}))

/**
 * The npm build of `@safe-global/safe-4337` 0.3.0 does not reproduce these two canonical addresses, so their
 * runtime code (the module's entry point set by its constructor) is put there with `anvil_setCode`. Functionally
 * complete; the code hash differs from mainnet's.
 */
const copiedFromNpmBuild: readonly Deployment[] = [
  {
    name: 'safe4337Module',
    artifact: `${safe4337}/Safe4337Module.sol/Safe4337Module.json`,
    constructorArguments: [entryPoint07],
  },
  { name: 'safeModuleSetup', artifact: `${safe4337}/SafeModuleSetup.sol/SafeModuleSetup.json` },
]

/** Below anvil's per-transaction cap (16,777,216 gas); the biggest deploys here take about 5M. */
const deployGas = 15_000_000n

/**
 * Puts the canonical ERC-4337 contracts ({@link erc4337Addresses}) at their canonical addresses on an anvil chain
 * of any chain id. Idempotent: what already has code is skipped, so a second run sends nothing. Every CREATE2
 * address is predicted from the npm init code and checked before anything is sent.
 *
 * @example
 * await deployErc4337Contracts('http://127.0.0.1:8545')
 * await publicClient.getCode({ address: erc4337Addresses.entryPoint07 }) // '0x6080…'
 */
export async function deployErc4337Contracts(rpcUrl: string): Promise<void> {
  const rpc = devnetRpc(rpcUrl)
  const names = Object.keys(erc4337Addresses) as Erc4337ContractName[]
  const [chainId, block, senderNonce, create2DeployerCode, ...codes] = await Promise.all([
    rpc.getChainId(),
    rpc.getBlock({ blockTag: 'latest' }),
    rpc.getTransactionCount({ address: erc4337ContractsSender, blockTag: 'pending' }),
    rpc.getCode({ address: create2Deployer }),
    ...names.map((name) => rpc.getCode({ address: erc4337Addresses[name] })),
  ])
  const missing = new Set(names.filter((_, i) => !codes[i]))
  if (missing.size === 0) return
  if (!create2DeployerCode)
    throw new Erc4337DeployError(
      `Chain ${chainId} has no CREATE2 deployer at ${create2Deployer} (anvil has it at genesis)`,
    )

  // Built, so checked against the canonical addresses, before anything is sent.
  const isMissing = ({ name }: Deployment) => missing.has(name)
  const direct = viaCreate2Deployer.filter(isMissing).map(create2Transaction)
  const safes = viaSafeSingletonFactory.filter(isMissing).map(create2Transaction)
  const send = (nonce: number, transactions: DevnetTransaction[]) =>
    sendTransactions(rpc, {
      privateKey: erc4337ContractsSenderKey,
      chainId,
      nonce,
      baseFee: block.baseFeePerGas ?? 1_000_000_000n,
      transactions,
    })

  const [, factoryTransaction] = await Promise.all([
    rpc.setBalance({ address: erc4337ContractsSender, value: parseEther('100') }),
    missing.has('safeSingletonFactory')
      ? prepareSafeSingletonFactory(rpc, chainId, create2DeployerCode)
      : undefined,
    copyNpmBuilds(rpc, copiedFromNpmBuild.filter(isMissing)),
  ])
  // The Safe contracts go through the singleton factory, so they wait for it; the rest go at once.
  const [directSent, factorySent] = await Promise.all([
    send(senderNonce, direct),
    factoryTransaction ? sendRawTransactions(rpc, [factoryTransaction]) : [],
  ])
  await waitForReceipts(rpc, factorySent)
  const safesSent = await send(senderNonce + direct.length, safes)
  await waitForReceipts(rpc, [...directSent, ...safesSent])

  const after = await Promise.all(names.map((name) => rpc.getCode({ address: erc4337Addresses[name] })))
  const absent = names.filter((_, i) => !after[i])
  if (absent.length > 0)
    throw new Erc4337DeployError(
      `No code after deploying on chain ${chainId}: ${absent.map((n) => `${n} (${erc4337Addresses[n]})`).join(', ')}`,
    )
}

/** Built once per process: hashing the init code is most of a deploy's CPU time, and every chain sends the same. */
const builtTransactions = new Map<Erc4337ContractName, DevnetTransaction>()

/** The deployment's transaction, once its predicted address is checked against the canonical one. */
function create2Transaction(deployment: Create2Deployment): DevnetTransaction {
  const built = builtTransactions.get(deployment.name)
  if (built) return built
  const { name, artifact, constructorArguments, factory, salt } = deployment
  const code = initCode(readArtifact(artifact).bytecode, constructorArguments)
  const predicted = getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecode: code })
  const canonical = erc4337Addresses[name]
  if (!isAddressEqual(predicted, canonical))
    throw new Erc4337DeployError(
      `${name} from ${artifact} would land at ${predicted}, not its canonical ${canonical}: is the installed package the version @latch/devnet pins?`,
    )
  const transaction = {
    label: `${name} (${canonical})`,
    to: factory,
    data: concat([salt, code]),
    gas: deployGas,
  }
  builtTransactions.set(name, transaction)
  return transaction
}

interface PresignedDeployment {
  gasPrice: number
  gasLimit: number
  signerAddress: Address
  transaction: Hex
  address: Address
}

const require = createRequire(import.meta.url)

/**
 * The factory's presigned deployment for this chain id, when the package ships one (31337 does; 31338 and most
 * other devnet ids do not).
 */
function presignedDeployment(chainId: number): PresignedDeployment | undefined {
  const path = `@safe-global/safe-singleton-factory/artifacts/${chainId}/deployment.json`
  try {
    require.resolve(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return undefined
    throw error
  }
  return require(path) as PresignedDeployment
}

/**
 * With a presigned deployment: funds its signer and answers the transaction to send, once its signer and the
 * address it creates are checked. Without one: the factory's runtime code is byte-identical to the CREATE2
 * deployer's, so that code is copied to the factory's address.
 */
async function prepareSafeSingletonFactory(
  rpc: DevnetRpc,
  chainId: number,
  create2DeployerCode: Hex,
): Promise<{ label: string; serializedTransaction: Hex } | undefined> {
  const presigned = presignedDeployment(chainId)
  if (!presigned) {
    await rpc.setCode({ address: safeSingletonFactory, bytecode: create2DeployerCode })
    return undefined
  }
  const serializedTransaction = presigned.transaction as TransactionSerialized
  const signer = await recoverTransactionAddress({ serializedTransaction })
  const nonce = parseTransaction(serializedTransaction).nonce ?? 0
  const creates = getContractAddress({ from: signer, nonce: BigInt(nonce) })
  if (!isAddressEqual(signer, presigned.signerAddress) || !isAddressEqual(creates, safeSingletonFactory))
    throw new Erc4337DeployError(
      `The Safe singleton factory's presigned deployment for chain ${chainId} is signed by ${signer} and creates ${creates}, not ${safeSingletonFactory}`,
    )
  const signerNonce = await rpc.getTransactionCount({ address: signer })
  if (signerNonce !== nonce)
    throw new Erc4337DeployError(
      `The Safe singleton factory's signer ${signer} has nonce ${signerNonce} on chain ${chainId}, so its presigned deployment (nonce ${nonce}) cannot run`,
    )
  await rpc.setBalance({
    address: signer,
    value: BigInt(presigned.gasPrice) * BigInt(presigned.gasLimit),
  })
  return { label: `the Safe singleton factory (${safeSingletonFactory})`, serializedTransaction }
}

/**
 * Runs each npm build's creation code in an `eth_call` (its constructor sets the module's entry point) and puts
 * the runtime code it returns at the canonical address: the code a real deploy would leave, without a stray copy.
 */
async function copyNpmBuilds(rpc: DevnetRpc, deployments: readonly Deployment[]): Promise<void> {
  await Promise.all(
    deployments.map(async ({ name, artifact, constructorArguments }) => {
      const { data } = await rpc.call({
        data: initCode(readArtifact(artifact).bytecode, constructorArguments),
      })
      if (!data || data === '0x')
        throw new Erc4337DeployError(`${name}'s creation code from ${artifact} returned no runtime code`)
      await rpc.setCode({ address: erc4337Addresses[name], bytecode: data })
    }),
  )
}
