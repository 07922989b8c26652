import { createServer } from 'node:net'
import {
  type Address,
  createPublicClient,
  defineChain,
  type Hex,
  http,
  type PublicClient,
  parseEther,
  toHex,
} from 'viem'
import { createBundlerClient, toSimple7702SmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../anvil.ts'
import { type BundlerInstance, BundlerStartError, startBundler } from './bundler.ts'
import { deployErc4337Contracts, erc4337Addresses } from './canonical.ts'

interface Stack {
  anvil: AnvilInstance
  bundler: BundlerInstance
  client: PublicClient
}

const chainIds = [31337, 31338] as const
const stacks = new Map<number, Stack>()

async function startStack(chainId: number): Promise<Stack> {
  const anvil = await startAnvil({ chainId, port: 0 })
  try {
    await deployErc4337Contracts(anvil.rpcUrl)
    const started = performance.now()
    const bundler = await startBundler({ rpcUrl: anvil.rpcUrl, port: 0 })
    console.info(`chain ${chainId}: alto ready in ${(performance.now() - started).toFixed(0)} ms`)
    const chain = defineChain({
      id: chainId,
      name: `devnet ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    })
    const client = createPublicClient({ chain, transport: http(anvil.rpcUrl), cacheTime: 0 })
    return { anvil, bundler, client }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}

async function rpc(url: string, method: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  })
  return ((await response.json()) as { result: unknown }).result
}

describe('startBundler', () => {
  beforeAll(async () => {
    const started = await Promise.allSettled(chainIds.map(startStack))
    for (const [i, result] of started.entries())
      if (result.status === 'fulfilled') stacks.set(chainIds[i]!, result.value)
    const failed = started.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
  }, 40_000)
  afterAll(async () => {
    await Promise.all(
      [...stacks.values()].map(async ({ anvil, bundler }) => {
        await bundler.stop()
        await anvil.stop()
      }),
    )
  })

  it.each(chainIds)('answers for both EntryPoints on chain %i', async (chainId) => {
    const { bundler } = stacks.get(chainId)!
    expect(bundler.url).toBe(`http://127.0.0.1:${bundler.port}`)
    expect(await rpc(bundler.url, 'eth_supportedEntryPoints')).toEqual(
      [erc4337Addresses.entryPoint07, erc4337Addresses.entryPoint08].map((a) =>
        expect.stringMatching(new RegExp(a, 'i')),
      ),
    )
    expect(await rpc(bundler.url, 'eth_chainId')).toBe(toHex(chainId))
  })

  it.each(chainIds)(
    'bundles a self-paid EIP-7702 user operation (EntryPoint v0.8) on chain %i',
    async (chainId) => {
      const { anvil, bundler, client } = stacks.get(chainId)!
      const owner = privateKeyToAccount(generatePrivateKey())
      await fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'anvil_setBalance',
          params: [owner.address, toHex(parseEther('1'))],
        }),
      })
      const account = await toSimple7702SmartAccount({ client, owner })
      const bundlerClient = createBundlerClient({
        client,
        transport: http(bundler.url),
        pollingInterval: 100,
      })
      // alto refuses viem's stub authorization ("recovered signer address does not match"): sign a real one.
      const authorization = await owner.signAuthorization({
        chainId,
        address: erc4337Addresses.simple7702Account,
        nonce: await client.getTransactionCount({ address: owner.address }),
      })
      const recipients = [
        privateKeyToAccount(generatePrivateKey()),
        privateKeyToAccount(generatePrivateKey()),
      ].map((a) => a.address) as [Address, Address]

      const started = performance.now()
      const hash = await bundlerClient.sendUserOperation({
        account,
        authorization,
        calls: [
          { to: recipients[0], value: parseEther('0.01') },
          { to: recipients[1], value: parseEther('0.02') },
        ],
      })
      const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 10_000 })
      console.info(
        `chain ${chainId}: user operation landed in ${(performance.now() - started).toFixed(0)} ms`,
      )

      expect(receipt.success).toBe(true)
      expect(receipt.sender).toBe(owner.address)
      expect(receipt.entryPoint.toLowerCase()).toBe(erc4337Addresses.entryPoint08.toLowerCase())
      expect(await client.getBalance({ address: recipients[0] })).toBe(parseEther('0.01'))
      expect(await client.getBalance({ address: recipients[1] })).toBe(parseEther('0.02'))
      // The EOA now delegates to Simple7702Account (EIP-7702's 0xef0100 designator) and paid its own gas.
      expect(await client.getCode({ address: owner.address })).toBe(
        `0xef0100${erc4337Addresses.simple7702Account.slice(2).toLowerCase()}` as Hex,
      )
      expect(await client.getBalance({ address: owner.address })).toBeLessThan(parseEther('0.97'))
    },
    15_000,
  )

  it('refuses a port in use, naming it', async () => {
    const { anvil } = stacks.get(31338)!
    const holder = createServer()
    await new Promise<void>((resolve) => holder.listen(0, '0.0.0.0', resolve))
    const address = holder.address()
    const port = typeof address === 'object' && address ? address.port : 0
    try {
      const attempt = startBundler({ rpcUrl: anvil.rpcUrl, port })
      await expect(attempt).rejects.toBeInstanceOf(BundlerStartError)
      await expect(attempt).rejects.toThrow(`Port ${port} is in use`)
    } finally {
      await new Promise((resolve) => holder.close(resolve))
    }
  })
})
