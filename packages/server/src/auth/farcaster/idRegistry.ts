import { type Address, type Client, createPublicClient, http, parseAbi } from 'viem'

/** Farcaster's ID registry on OP Mainnet; the devnet puts its own (same interface) at the same address. */
export const ID_REGISTRY_ADDRESS: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

/** The two reads Sign In With Farcaster needs of the registry. */
export const idRegistryAbi = parseAbi([
  'function idOf(address owner) view returns (uint256)',
  'function custodyOf(uint256 fid) view returns (address)',
])

export interface IdRegistry {
  /** The fid whose custody address is `custody` (0 when it has none). */
  idOf(custody: Address): Promise<bigint>
  /** The custody address of `fid` (the zero address when the fid is not registered). */
  custodyOf(fid: bigint): Promise<Address>
  /** The chain the registry is read on (signatures of smart-contract custody addresses are checked there too). */
  client: Client
}

/** How long one read of the registry may take. */
const READ_TIMEOUT_MS = 10_000

/**
 * The ID registry read through `rpcUrl` (OP Mainnet's in production, a devnet chain in development and tests).
 *
 * @example
 * const registry = createIdRegistry('https://mainnet.optimism.io')
 * await registry.custodyOf(3n) // '0x…'
 */
export function createIdRegistry(rpcUrl: string): IdRegistry {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: READ_TIMEOUT_MS, retryCount: 1 }) })
  return {
    client,
    idOf: (custody) =>
      client.readContract({
        address: ID_REGISTRY_ADDRESS,
        abi: idRegistryAbi,
        functionName: 'idOf',
        args: [custody],
      }),
    custodyOf: (fid) =>
      client.readContract({
        address: ID_REGISTRY_ADDRESS,
        abi: idRegistryAbi,
        functionName: 'custodyOf',
        args: [fid],
      }),
  }
}
