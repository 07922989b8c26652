import { createPublicClient, http, type PublicClient, parseAbi, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anvilAddresses } from '../accounts.ts'
import { type AnvilInstance, startAnvil } from '../anvil.ts'
import { deployErc4337Contracts, erc4337Addresses } from './canonical.ts'
import { devnetPaymasterSigner } from './keys.ts'
import {
  deployVerifyingPaymaster,
  devnetPaymasterAddress,
  PaymasterSignerMismatchError,
  verifyingPaymasterAbi,
} from './paymaster.ts'

const entryPointAbi = parseAbi(['function balanceOf(address account) view returns (uint256)'])

describe.each([31337, 31338])('deployVerifyingPaymaster on chain %i', (chainId) => {
  let anvil: AnvilInstance
  let client: PublicClient
  beforeAll(async () => {
    anvil = await startAnvil({ chainId, port: 0 })
    client = createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 })
    await deployErc4337Contracts(anvil.rpcUrl)
  })
  afterAll(() => anvil?.stop())

  const paymaster = { address: devnetPaymasterAddress, abi: verifyingPaymasterAbi } as const
  const depositOf = () =>
    client.readContract({
      address: erc4337Addresses.entryPoint07,
      abi: entryPointAbi,
      functionName: 'balanceOf',
      args: [devnetPaymasterAddress],
    })

  it('deploys at the constant address with the signer and a deposit, then does nothing', async () => {
    const started = performance.now()
    const address = await deployVerifyingPaymaster(anvil.rpcUrl, { signer: devnetPaymasterSigner })
    console.info(`chain ${chainId}: the paymaster deployed in ${(performance.now() - started).toFixed(0)} ms`)

    expect(address).toBe(devnetPaymasterAddress)
    expect(await client.readContract({ ...paymaster, functionName: 'verifyingSigner' })).toBe(
      devnetPaymasterSigner,
    )
    expect(await client.readContract({ ...paymaster, functionName: 'entryPoint' })).toBe(
      erc4337Addresses.entryPoint07,
    )
    expect(await client.readContract({ ...paymaster, functionName: 'getDeposit' })).toBe(parseEther('1000'))
    expect(await depositOf()).toBe(parseEther('1000'))

    const block = await client.getBlockNumber()
    await deployVerifyingPaymaster(anvil.rpcUrl, { signer: devnetPaymasterSigner })
    expect(await client.getBlockNumber()).toBe(block)
  })

  it('tops the deposit up only when it is below half', async () => {
    await deployVerifyingPaymaster(anvil.rpcUrl, {
      signer: devnetPaymasterSigner,
      deposit: parseEther('1900'),
    })
    expect(await depositOf()).toBe(parseEther('1000'))
    await deployVerifyingPaymaster(anvil.rpcUrl, {
      signer: devnetPaymasterSigner,
      deposit: parseEther('2500'),
    })
    expect(await depositOf()).toBe(parseEther('2500'))
  })

  it('refuses another signer, naming both', async () => {
    const other = anvilAddresses[3]
    const attempt = deployVerifyingPaymaster(anvil.rpcUrl, { signer: other })
    await expect(attempt).rejects.toBeInstanceOf(PaymasterSignerMismatchError)
    await expect(attempt).rejects.toThrow(`verifies signer ${devnetPaymasterSigner}, not ${other}`)
  })
})

describe('deployVerifyingPaymaster without the EntryPoint', () => {
  it('says to deploy the ERC-4337 contracts first', async () => {
    const anvil = await startAnvil({ chainId: 31337, port: 0 })
    try {
      await expect(deployVerifyingPaymaster(anvil.rpcUrl, { signer: devnetPaymasterSigner })).rejects.toThrow(
        'run deployErc4337Contracts first',
      )
    } finally {
      await anvil.stop()
    }
  })
})
