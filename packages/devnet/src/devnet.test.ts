import { createPublicClient, createWalletClient, defineChain, erc20Abi, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { erc4337Addresses } from './aa/canonical.ts'
import { devnetPaymasterAddress, verifyingPaymasterAbi } from './aa/paymaster.ts'
import { anvilAddresses, anvilPrivateKeys } from './accounts.ts'
import { startDevnet } from './devnet.ts'
import { exchangeAddresses } from './exchange.ts'
import { testTokenAddresses } from './tokens.ts'

async function isAnswering(rpcUrl: string): Promise<boolean> {
  try {
    await fetch(rpcUrl, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' })
    return true
  } catch {
    return false
  }
}

describe('startDevnet', () => {
  it('starts chains with tokens that hold balances and transfer', async () => {
    const devnet = await startDevnet({
      chains: [
        { chainId: 31337, port: 0 },
        { chainId: 31338, port: 0 },
      ],
    })
    try {
      expect(devnet.chains.map((c) => c.chainId)).toEqual([31337, 31338])
      for (const chain of devnet.chains) {
        expect(chain.tokens.map((t) => [t.symbol, t.address])).toEqual([
          ['LUSD', testTokenAddresses.LUSD],
          ['LTK', testTokenAddresses.LTK],
          ['LPT', testTokenAddresses.LPT],
        ])
        // The exchange too, at the same addresses on every chain (exchange.test.ts swaps on it).
        expect(chain.exchange).toMatchObject(exchangeAddresses)
        expect(Object.keys(chain.exchange?.pairs ?? {})).toEqual(['WETH/LUSD', 'WETH/LTK', 'LUSD/LTK'])
        // The ERC-4337 stack too (aa/*.test.ts send user operations through it); no bundler unless asked.
        expect(chain.erc4337).toEqual({
          entryPoint07: erc4337Addresses.entryPoint07,
          entryPoint08: erc4337Addresses.entryPoint08,
          paymaster: devnetPaymasterAddress,
        })
        expect(chain.bundlerUrl).toBeUndefined()
      }

      const chainA = devnet.chains[0]!
      const transport = http(chainA.rpcUrl)
      const client = createPublicClient({ transport })
      const [from, to] = [anvilAddresses[0], anvilAddresses[1]]
      const balanceOf = (owner: `0x${string}`) =>
        client.readContract({
          address: testTokenAddresses.LUSD,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [owner],
        })
      expect(await balanceOf(from)).toBe(parseUnits('10000', 6))

      const chain = defineChain({
        id: chainA.chainId,
        name: 'A',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [chainA.rpcUrl] } },
      })
      const wallet = createWalletClient({
        account: privateKeyToAccount(anvilPrivateKeys[0]),
        chain,
        transport,
      })
      const hash = await wallet.writeContract({
        address: testTokenAddresses.LUSD,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, parseUnits('12.5', 6)],
      })
      expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
      expect(await balanceOf(from)).toBe(parseUnits('9987.5', 6))
      expect(await balanceOf(to)).toBe(parseUnits('10012.5', 6))
    } finally {
      await devnet.stop()
    }
    for (const chain of devnet.chains) expect(await isAnswering(chain.rpcUrl)).toBe(false)
  })

  it('starts a bundler per chain with the paymaster signer asked for, and stops it first', async () => {
    const signer = anvilAddresses[5]
    const devnet = await startDevnet({
      chains: [{ chainId: 31340, port: 0 }],
      tokens: false,
      bundler: true,
      paymasterSigner: signer,
    })
    const [chain] = devnet.chains
    try {
      expect(chain?.bundlerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const response = await fetch(chain!.bundlerUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
      })
      expect(await response.json()).toMatchObject({ result: '0x7a6c' })
      const client = createPublicClient({ transport: http(chain!.rpcUrl) })
      expect(
        await client.readContract({
          address: devnetPaymasterAddress,
          abi: verifyingPaymasterAbi,
          functionName: 'verifyingSigner',
        }),
      ).toBe(signer)
    } finally {
      await devnet.stop()
    }
    expect(await isAnswering(chain!.bundlerUrl!)).toBe(false)
    expect(await isAnswering(chain!.rpcUrl)).toBe(false)
  }, 30_000)

  it('skips tokens when asked', async () => {
    const devnet = await startDevnet({ chains: [{ chainId: 31339, port: 0 }], tokens: false })
    try {
      expect(devnet.chains[0]?.tokens).toEqual([])
      const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
      expect(await client.getCode({ address: testTokenAddresses.LUSD })).toBeUndefined()
    } finally {
      await devnet.stop()
    }
  })
})
