import { createPublicClient, erc20Abi, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anvilAddresses } from './accounts.ts'
import { type AnvilInstance, startAnvil } from './anvil.ts'
import { deployTestTokens } from './deploy.ts'
import { testTokenAddresses } from './tokens.ts'

describe('deployTestTokens', () => {
  let anvil: AnvilInstance
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
  })
  afterAll(() => anvil.stop())

  it('deploys the three tokens at their deterministic addresses and mints to every account', async () => {
    const tokens = await deployTestTokens(anvil.rpcUrl)
    expect(tokens).toEqual([
      { address: testTokenAddresses.LUSD, symbol: 'LUSD', name: 'Latch USD', decimals: 6 },
      { address: testTokenAddresses.LTK, symbol: 'LTK', name: 'Latch Token', decimals: 18 },
      { address: testTokenAddresses.LPT, symbol: 'LPT', name: 'Latch Points', decimals: 0 },
    ])

    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    for (const token of tokens) {
      const read = <const F extends 'name' | 'symbol' | 'decimals' | 'totalSupply'>(functionName: F) =>
        client.readContract({ address: token.address, abi: erc20Abi, functionName })
      expect(await read('name')).toBe(token.name)
      expect(await read('symbol')).toBe(token.symbol)
      expect(await read('decimals')).toBe(token.decimals)
      const perAccount = 10_000n * 10n ** BigInt(token.decimals)
      expect(await read('totalSupply')).toBe(perAccount * 10n)
      const last = anvilAddresses[9]
      expect(
        await client.readContract({
          address: token.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [last],
        }),
      ).toBe(perAccount)
    }
  })
})
