import { readdirSync, readFileSync } from 'node:fs'
import {
  devnetPaymasterAddress as deployedPaymaster,
  devnetPaymasterSignerKey as deployedSignerKey,
  exchangeAddresses,
  exchangePools,
  onrampPayerKey,
  testTokenAddresses,
  testTokens,
} from '@latch/devnet'
import { describe, expect, it } from 'vitest'
import {
  devnetBlockchainConfig,
  devnetExchange,
  devnetOnrampPayerKey,
  devnetPaymasterAddress,
  devnetPaymasterSignerKey,
  devnetTokens,
} from './defaults.ts'

describe('the devnet defaults', () => {
  it('list the tokens the devnet deploys, at the addresses it deploys them to', () => {
    expect(devnetTokens).toEqual(
      testTokens.map((token) => ({ ...token, address: testTokenAddresses[token.symbol] })),
    )
  })

  it('deliver the sandbox on-ramp’s purchases from the account the devnet funds for it', () => {
    expect(devnetOnrampPayerKey).toBe(onrampPayerKey)
    expect(devnetBlockchainConfig().onramp?.sandbox?.payerKey).toBe(onrampPayerKey)
  })

  it('sponsor through the paymaster the devnet deploys, signing with the key it trusts unless told another', () => {
    expect(devnetPaymasterAddress).toBe(deployedPaymaster)
    expect(devnetPaymasterSignerKey).toBe(deployedSignerKey)
    const config = devnetBlockchainConfig({ bundlerA: 'http://127.0.0.1:9791' })
    expect(config.chains.map((chain) => [chain.paymaster, chain.bundlerUrl])).toEqual([
      [deployedPaymaster, 'http://127.0.0.1:9791'],
      [deployedPaymaster, 'http://127.0.0.1:8792'],
    ])
    expect(config.sponsorship?.signerKey).toBe(deployedSignerKey)
  })

  it('swap on the exchange the devnet deploys, the tokens its pools hold', async () => {
    expect(devnetExchange).toEqual(exchangeAddresses)
    const config = devnetBlockchainConfig()
    const [provider] = config.swaps!.providers
    const pooled = new Set<string>(exchangePools.flatMap((pool) => [pool.tokenA, pool.tokenB]))
    expect((await provider!.tokens(31337)).map((token) => token.symbol)).toEqual([
      'ETH',
      ...testTokens.filter((token) => pooled.has(token.symbol)).map((token) => token.symbol),
    ])
    expect(config.swaps!.networks).toEqual(expect.arrayContaining([1, 8453, 31337, 31338]))
  })

  it('serve Devnet A and B on their default ports, or the RPC URLs given', () => {
    const config = devnetBlockchainConfig({ rpcB: 'http://127.0.0.1:9546' })
    expect(config.chains.map((chain) => [chain.caipNetworkId, chain.rpcUrl])).toEqual([
      ['eip155:31337', 'http://127.0.0.1:8545'],
      ['eip155:31338', 'http://127.0.0.1:9546'],
    ])
    expect(config.chains[0]!.tokens).toEqual(devnetTokens)
    expect(config.chains[0]!.tokens).not.toBe(config.chains[1]!.tokens)
  })
})

describe('the server at run time', () => {
  it('does not depend on the devnet (its solc, anvil and WalletConnect test wallet)', () => {
    const src = new URL('../', import.meta.url)
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
    expect(manifest.dependencies).not.toHaveProperty('@latch/devnet')
    const sources = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    )
    expect(sources.length).toBeGreaterThan(20)
    const importers = sources.filter((file) =>
      /from '@latch\/devnet/.test(readFileSync(new URL(file, src), 'utf8')),
    )
    expect(importers).toEqual([])
  })
})
