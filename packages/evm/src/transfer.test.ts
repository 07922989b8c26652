import { BaseError, ChainNotConfiguredError } from '@latch/core'
import {
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anvilAddresses, anvilPrivateKeys } from '../../devnet/src/accounts.ts'
import { type AnvilInstance, startAnvil } from '../../devnet/src/anvil.ts'
import { deployTestTokens } from '../../devnet/src/deploy.ts'
import { closedPortUrl } from '../test/rpcServer.ts'
import { createEvmAdapter } from './adapter.ts'
import { devnetNetwork } from './networks.ts'
import { TransferEstimateError } from './transfer.ts'

const [sender, receiver] = [anvilAddresses[2], anvilAddresses[3]]

describe('prepareTransfer and isSmartAccount against anvil', () => {
  let anvil: AnvilInstance
  let lusd: `0x${string}`

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337, port: 0 })
    const tokens = await deployTestTokens(anvil.rpcUrl)
    lusd = tokens.find((token) => token.symbol === 'LUSD')!.address
  }, 60_000)
  afterAll(() => anvil?.stop())

  const setup = () => {
    const network = devnetNetwork(anvil.chainId, anvil.rpcUrl, 'Anvil')
    const adapter = createEvmAdapter({ networks: [network] })
    const publicClient = createPublicClient({
      transport: http(anvil.rpcUrl),
      cacheTime: 0,
      pollingInterval: 50,
    })
    const wallet = createWalletClient({
      account: privateKeyToAccount(anvilPrivateKeys[2]),
      transport: http(anvil.rpcUrl),
    })
    /** Sends what prepareTransfer returned, as a wallet would, and waits for it to be mined. */
    const send = async (prepared: { to: string; value?: bigint | undefined; data?: string | undefined }) => {
      const hash = await wallet.sendTransaction({
        chain: null,
        to: prepared.to as `0x${string}`,
        value: prepared.value,
        data: prepared.data as `0x${string}` | undefined,
      })
      const receipt = await publicClient.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
    }
    return { network, adapter, publicClient, send }
  }

  it('a coin transfer: sends the amount to the receiver, 21,000 gas at the node’s gas price', async () => {
    const { network, adapter, publicClient, send } = setup()
    const amount = parseEther('1.5')
    const prepared = await adapter.prepareTransfer({ network, from: sender, to: receiver, amount })
    expect(prepared).toMatchObject({ to: receiver, value: amount, gas: 21_000n })
    expect(prepared.gasPrice).toBe(await publicClient.getGasPrice())
    expect(prepared.data).toBeUndefined()

    const before = await publicClient.getBalance({ address: receiver })
    await send(prepared)
    expect(await publicClient.getBalance({ address: receiver })).toBe(before + amount)
  })

  it('a token transfer: calls transfer(receiver, amount) on the token and moves exactly that amount', async () => {
    const { network, adapter, publicClient, send } = setup()
    const amount = parseUnits('12.345678', 6)
    const prepared = await adapter.prepareTransfer({
      network,
      from: sender,
      to: receiver,
      amount,
      token: lusd,
    })
    expect(prepared.to).toBe(lusd)
    expect(prepared.value).toBeUndefined()
    expect(decodeFunctionData({ abi: erc20Abi, data: prepared.data as `0x${string}` })).toEqual({
      functionName: 'transfer',
      args: [receiver, amount],
    })
    expect(prepared.gas).toBeGreaterThan(21_000n)

    const balanceOf = () =>
      publicClient.readContract({ address: lusd, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })
    const before = await balanceOf()
    await send(prepared)
    expect(await balanceOf()).toBe(before + amount)
  })

  it('estimates a coin transfer for an account that holds less than the amount (the fee is still known)', async () => {
    const { network, adapter } = setup()
    const empty = `0x${'ab'.repeat(20)}`
    const prepared = await adapter.prepareTransfer({
      network,
      from: empty,
      to: receiver,
      amount: parseEther('5'),
    })
    expect(prepared.gas).toBe(21_000n)
  })

  it('a token transfer beyond the balance cannot be estimated: TransferEstimateError', async () => {
    const { network, adapter } = setup()
    const attempt = adapter.prepareTransfer({
      network,
      from: sender,
      to: receiver,
      amount: parseUnits('10000000', 6),
      token: lusd,
    })
    await expect(attempt).rejects.toBeInstanceOf(TransferEstimateError)
    await expect(attempt).rejects.toMatchObject({ shortMessage: 'Could not estimate the network fee' })
  })

  it('rejects a receiver that is not an address, before reading the chain', async () => {
    const { network, adapter } = setup()
    const attempt = adapter.prepareTransfer({ network, from: sender, to: '0x1234', amount: 1n })
    await expect(attempt).rejects.toBeInstanceOf(BaseError)
    await expect(attempt).rejects.toMatchObject({ shortMessage: 'Invalid address' })
  })

  it('tells contracts (smart accounts) from plain accounts', async () => {
    const { network, adapter } = setup()
    await expect(adapter.isSmartAccount({ address: sender, network })).resolves.toBe(false)
    await expect(adapter.isSmartAccount({ address: lusd, network })).resolves.toBe(true)
  })

  it('a network the app does not configure is refused', async () => {
    const { adapter } = setup()
    const other = devnetNetwork(31338, anvil.rpcUrl, 'Other')
    await expect(
      adapter.prepareTransfer({ network: other, from: sender, to: receiver, amount: 1n }),
    ).rejects.toBeInstanceOf(ChainNotConfiguredError)
  })
})

describe('prepareTransfer without a usable node', () => {
  it('a network without an RPC URL cannot be read: ChainNotConfiguredError (the form says Network not supported for Gas Price)', async () => {
    const network = {
      ...devnetNetwork(31337, 'http://127.0.0.1:1', 'No RPC'),
      rpcUrls: { default: { http: [] } },
    }
    const adapter = createEvmAdapter({ networks: [network] })
    const attempt = adapter.prepareTransfer({ network, from: sender, to: receiver, amount: 1n })
    await expect(attempt).rejects.toBeInstanceOf(ChainNotConfiguredError)
  })

  it('an unreachable node: TransferEstimateError, within a bounded time', async () => {
    const network = devnetNetwork(31337, await closedPortUrl(), 'Gone')
    const adapter = createEvmAdapter({ networks: [network] }, { rpcTimeoutMs: 2_000 })
    await expect(
      adapter.prepareTransfer({ network, from: sender, to: receiver, amount: 1n }),
    ).rejects.toBeInstanceOf(TransferEstimateError)
  })
})
