// Farcaster's ID registry on the devnet: our TestIdRegistry at the real registry's OP Mainnet address, so the
// server reads `idOf` on a devnet chain exactly as it reads it on OP Mainnet (and `@farcaster/auth-client`'s
// viemConnector, whose address is fixed, reads it too).
import { type Address, createTestClient, http, parseAbi, parseEther } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { anvilMnemonic } from './accounts.ts'
import { devnetClients } from './clients.ts'
import { compileContract } from './compile.ts'

/** Farcaster's ID registry on OP Mainnet, where the server reads it; the devnet puts its own there. */
export const farcasterIdRegistryAddress: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

/** TestIdRegistry's interface: Farcaster's reads, and the devnet's open `register`. */
export const testIdRegistryAbi = parseAbi([
  'function idOf(address owner) view returns (uint256)',
  'function custodyOf(uint256 fid) view returns (address)',
  'function idCounter() view returns (uint256)',
  'function register(address custody) returns (uint256 fid)',
  'event Register(address indexed to, uint256 indexed id)',
])

/**
 * Deploys the registry's first copy: the mnemonic's account 13 (index 12), which anvil does not fund and no other
 * deploy uses (tokens: account 9, smart wallets: 7, exchange: index 10, on-ramp payer: 11), so no one else's
 * addresses or nonces move.
 */
export const idRegistryDeployer = mnemonicToAccount(anvilMnemonic, { addressIndex: 12 })

/**
 * Puts TestIdRegistry at {@link farcasterIdRegistryAddress} on an anvil chain; does nothing when code is already
 * there. Resolves to that address.
 *
 * @example
 * await deployIdRegistry('http://127.0.0.1:8545')
 * await publicClient.readContract({
 *   address: farcasterIdRegistryAddress,
 *   abi: testIdRegistryAbi,
 *   functionName: 'idOf',
 *   args: [custody],
 * }) // 0n until custody registers
 */
export async function deployIdRegistry(rpcUrl: string): Promise<Address> {
  const { publicClient, chain, walletFor } = await devnetClients(rpcUrl)
  if (await publicClient.getCode({ address: farcasterIdRegistryAddress })) return farcasterIdRegistryAddress

  const { abi, bytecode } = await compileContract('TestIdRegistry.sol', 'TestIdRegistry')
  const testClient = createTestClient({ mode: 'anvil', chain, transport: http(rpcUrl) })
  await testClient.setBalance({ address: idRegistryDeployer.address, value: parseEther('1') })
  // solc gives the creation code; running it once is the simplest way to the runtime code `anvil_setCode` needs.
  const hash = await walletFor(idRegistryDeployer).deployContract({ abi, bytecode })
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success' || !receipt.contractAddress)
    throw new Error(`Deploying the Farcaster ID registry failed in transaction ${hash}`)
  const runtime = await publicClient.getCode({ address: receipt.contractAddress })
  if (!runtime) throw new Error(`The Farcaster ID registry at ${receipt.contractAddress} has no code`)
  await testClient.setCode({ address: farcasterIdRegistryAddress, bytecode: runtime })
  return farcasterIdRegistryAddress
}
