import { createPublicClient, createTestClient, http, parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../anvil.ts'
import { deployErc4337Contracts, Erc4337DeployError, erc4337Addresses } from './canonical.ts'

describe.each([31337, 31338])('deployErc4337Contracts on chain %i', (chainId) => {
  let anvil: AnvilInstance
  beforeAll(async () => {
    anvil = await startAnvil({ chainId, port: 0 })
  })
  afterAll(() => anvil?.stop())

  it('puts every contract at its canonical address, once', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const started = performance.now()
    await deployErc4337Contracts(anvil.rpcUrl)
    const elapsed = performance.now() - started
    console.info(`chain ${chainId}: the ERC-4337 contracts deployed in ${elapsed.toFixed(0)} ms`)

    const codes = await Promise.all(
      Object.values(erc4337Addresses).map((address) => client.getCode({ address })),
    )
    const names = Object.keys(erc4337Addresses)
    expect(names.filter((_, i) => !codes[i])).toEqual([])

    // The module's constructor-set entry point survives the copy to its canonical address.
    expect(
      await client.readContract({
        address: erc4337Addresses.safe4337Module,
        abi: parseAbi(['function SUPPORTED_ENTRYPOINT() view returns (address)']),
        functionName: 'SUPPORTED_ENTRYPOINT',
      }),
    ).toBe(erc4337Addresses.entryPoint07)
    // The v0.8 factory was built for EntryPoint v0.8: it creates accounts through that EntryPoint's sender creator.
    expect(
      await client.readContract({
        address: erc4337Addresses.simpleAccountFactory08,
        abi: parseAbi(['function senderCreator() view returns (address)']),
        functionName: 'senderCreator',
      }),
    ).toBe(
      await client.readContract({
        address: erc4337Addresses.entryPoint08,
        abi: parseAbi(['function senderCreator() view returns (address)']),
        functionName: 'senderCreator',
      }),
    )

    const block = await client.getBlockNumber({ cacheTime: 0 })
    await deployErc4337Contracts(anvil.rpcUrl)
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(block)
  })
})

describe('deployErc4337Contracts on a chain without the CREATE2 deployer', () => {
  it('says what is missing', async () => {
    const anvil = await startAnvil({ chainId: 31337, port: 0 })
    try {
      const deployer = '0x4e59b44847b379578588920cA78FbF26c0B4956C'
      await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setCode({
        address: deployer,
        bytecode: '0x',
      })
      const attempt = deployErc4337Contracts(anvil.rpcUrl)
      await expect(attempt).rejects.toBeInstanceOf(Erc4337DeployError)
      await expect(attempt).rejects.toThrow(`Chain 31337 has no CREATE2 deployer at ${deployer}`)
    } finally {
      await anvil.stop()
    }
  })
})
