import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  type Hex,
  http,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvilPrivateKeys } from './accounts.ts'
import { compileContract } from './compile.ts'

export interface SmartWalletFactory {
  address: Address
  /** Where the factory puts the wallet of `owner` for `salt`, deployed or not. */
  addressOf(owner: Address, salt: Hex): Promise<Address>
  /** The calldata that deploys that wallet: an ERC-6492 signature carries it with the factory's address. */
  deployData(owner: Address, salt: Hex): Hex
  /** Deploys the wallet (a transaction from the deployer) and answers its address. */
  deploy(owner: Address, salt: Hex): Promise<Address>
}

/**
 * Deploys a `TestSmartWalletFactory` on an anvil chain from anvil account `deployerIndex`. Its wallets accept
 * (ERC-1271) signatures made with their owner's key, so tests can sign in with a smart account, deployed or
 * counterfactual (ERC-6492).
 *
 * @example
 * const factory = await deploySmartWalletFactory(devnet.rpcA)
 * const wallet = await factory.deploy(owner.address, '0x01…')
 */
export async function deploySmartWalletFactory(
  rpcUrl: string,
  deployerIndex = 7,
): Promise<SmartWalletFactory> {
  const { abi, bytecode } = await compileContract('TestSmartWallet.sol', 'TestSmartWalletFactory')
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ transport, cacheTime: 0, pollingInterval: 50 })
  const chain = defineChain({
    id: await publicClient.getChainId(),
    name: 'Latch devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const walletClient = createWalletClient({
    account: privateKeyToAccount(anvilPrivateKeys[deployerIndex]!),
    chain,
    transport,
  })
  const created = await publicClient.waitForTransactionReceipt({
    hash: await walletClient.deployContract({ abi, bytecode }),
  })
  const address = created.contractAddress
  if (!address) throw new Error('The smart wallet factory was not deployed')

  const factory: SmartWalletFactory = {
    address,
    addressOf: (owner, salt) =>
      publicClient.readContract({
        address,
        abi,
        functionName: 'addressOf',
        args: [owner, salt],
      }) as Promise<Address>,
    deployData: (owner, salt) => encodeFunctionData({ abi, functionName: 'deploy', args: [owner, salt] }),
    async deploy(owner, salt) {
      const hash = await walletClient.sendTransaction({ to: address, data: factory.deployData(owner, salt) })
      const receipt = await publicClient.waitForTransactionReceipt({ hash })
      if (receipt.status !== 'success') throw new Error('Deploying the smart wallet reverted')
      return factory.addressOf(owner, salt)
    },
  }
  return factory
}
