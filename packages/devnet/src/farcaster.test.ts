import { type Address, BaseError, createPublicClient, createWalletClient, defineChain, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anvilAddresses, anvilPrivateKeys } from './accounts.ts'
import { type AnvilInstance, startAnvil } from './anvil.ts'
import { deployIdRegistry, farcasterIdRegistryAddress, testIdRegistryAbi } from './farcaster.ts'

const registry = { address: farcasterIdRegistryAddress, abi: testIdRegistryAbi } as const

describe('the devnet’s Farcaster ID registry', () => {
  let anvil: AnvilInstance
  const client = () => createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 })
  const idOf = (custody: Address) =>
    client().readContract({ ...registry, functionName: 'idOf', args: [custody] })
  const custodyOf = (fid: bigint) =>
    client().readContract({ ...registry, functionName: 'custodyOf', args: [fid] })
  const idCounter = () => client().readContract({ ...registry, functionName: 'idCounter' })
  /** Account 5 registers `custody`: anyone may register any address on the devnet. */
  const register = async (custody: Address) => {
    const wallet = createWalletClient({
      account: privateKeyToAccount(anvilPrivateKeys[5]),
      chain: defineChain({
        id: anvil.chainId,
        name: 'A',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [anvil.rpcUrl] } },
      }),
      transport: http(anvil.rpcUrl),
    })
    const hash = await wallet.writeContract({ ...registry, functionName: 'register', args: [custody] })
    return client().waitForTransactionReceipt({ hash })
  }

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337, port: 0 })
    await deployIdRegistry(anvil.rpcUrl)
  }, 60_000)
  afterAll(() => anvil?.stop())

  it('answers Farcaster’s reads at the real registry’s address: fids from 1, one per custody address', async () => {
    const [alice, bob] = [anvilAddresses[3], anvilAddresses[4]]
    expect(await idCounter()).toBe(0n)
    expect(await idOf(alice)).toBe(0n)

    expect((await register(alice)).status).toBe('success')
    expect((await register(bob)).status).toBe('success')
    expect(await idOf(alice)).toBe(1n)
    expect(await idOf(bob)).toBe(2n)
    expect(await custodyOf(2n)).toBe(bob)
    expect(await custodyOf(3n)).toBe('0x0000000000000000000000000000000000000000')
    expect(await idCounter()).toBe(2n)
    const logs = await client().getContractEvents({ ...registry, eventName: 'Register', fromBlock: 0n })
    expect(logs.map((log) => [log.args.to, log.args.id])).toEqual([
      [alice, 1n],
      [bob, 2n],
    ])

    const again = await register(alice).catch((error: unknown) => error)
    expect(again).toBeInstanceOf(BaseError)
    expect((again as BaseError).message).toContain('TestIdRegistry: the address already has an fid')
    expect(await idCounter()).toBe(2n)
  })

  it('deploying again keeps the registry and its fids', async () => {
    const custody = anvilAddresses[6]
    await register(custody)
    const fid = await idOf(custody)
    const code = await client().getCode({ address: farcasterIdRegistryAddress })

    expect(await deployIdRegistry(anvil.rpcUrl)).toBe(farcasterIdRegistryAddress)
    expect(await client().getCode({ address: farcasterIdRegistryAddress })).toBe(code)
    expect(fid).toBeGreaterThan(0n)
    expect(await idOf(custody)).toBe(fid)
    expect(await custodyOf(fid)).toBe(custody)
  })
})
