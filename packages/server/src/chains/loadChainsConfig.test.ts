import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { loadChainsConfig, parseChainsConfig } from './loadChainsConfig.ts'

const mainnet = {
  chainId: 1,
  name: 'Ethereum',
  rpcUrl: 'https://rpc.example.com',
  wsUrl: 'wss://rpc.example.com/ws',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  tokens: [
    { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
  ],
}
const base = {
  chainId: 8453,
  name: 'Base',
  rpcUrl: 'https://base.example.com',
  nativeCurrency: mainnet.nativeCurrency,
}

test('chains with their CAIP-2 ids and tokens, and fixed prices', async () => {
  const config = parseChainsConfig({ chains: [mainnet, base], prices: { fixed: { ETH: 3000, USDC: 1 } } })
  expect(config.chains).toEqual([
    { ...mainnet, caipNetworkId: 'eip155:1' },
    { ...base, caipNetworkId: 'eip155:8453', tokens: [] },
  ])
  const prices = await config.prices.prices('usd', [
    { chainId: 'eip155:8453', address: 'native', symbol: 'ETH' },
  ])
  expect(prices.get('eip155:8453:native')).toBe(3000)
})

test('a price service URL', () => {
  expect(() =>
    parseChainsConfig({ chains: [base], prices: { url: 'https://prices.example.com' } }),
  ).not.toThrow()
})

test('spam-listed NFT contracts of a chain', () => {
  const spam = '0x5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a'
  const config = parseChainsConfig({ chains: [{ ...base, spamContracts: [spam] }], prices: { fixed: {} } })
  expect(config.chains[0]!.spamContracts).toEqual([spam])
})

test.each([
  [{ chains: [], prices: { fixed: {} } }, 'chains:'],
  [
    { chains: [{ ...base, spamContracts: ['0x5a'] }], prices: { fixed: {} } },
    'chains[0].spamContracts[0]: must be 0x and 40 hex characters',
  ],
  [
    { chains: [{ ...base, rpcUrl: 'ftp://x' }], prices: { fixed: {} } },
    'chains[0].rpcUrl: must be an http(s) URL',
  ],
  [
    { chains: [{ ...base, wsUrl: 'https://x' }], prices: { fixed: {} } },
    'chains[0].wsUrl: must be a ws(s) URL',
  ],
  [
    { chains: [{ ...mainnet, tokens: [{ ...mainnet.tokens[0], address: '0x12' }] }], prices: { fixed: {} } },
    'chains[0].tokens[0].address',
  ],
  [
    { chains: [base, { ...base, chainId: 10 }, base], prices: { fixed: {} } },
    'chains: must not list a chainId twice',
  ],
  [{ chains: [base], prices: { fixed: { ETH: -1 } } }, 'prices'],
  [{ chains: [base], prices: { url: 'nope' } }, 'prices'],
  [{ chains: [base] }, 'prices'],
])('%j → an error naming %s', (input, message) => {
  expect(() => parseChainsConfig(input)).toThrow(message)
})

test('loadChainsConfig names the file, for bad JSON as for a bad field', () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-chains-'))
  const good = join(dir, 'good.json')
  writeFileSync(good, JSON.stringify({ chains: [base], prices: { fixed: { ETH: 1 } } }))
  expect(loadChainsConfig(good).chains[0]!.caipNetworkId).toBe('eip155:8453')

  const badJson = join(dir, 'bad.json')
  writeFileSync(badJson, '{ chains')
  expect(() => loadChainsConfig(badJson)).toThrow(`${badJson}:`)

  const badField = join(dir, 'field.json')
  writeFileSync(badField, JSON.stringify({ chains: [{ ...base, name: '' }], prices: { fixed: {} } }))
  expect(() => loadChainsConfig(badField)).toThrow(`${badField}: chains[0].name`)

  expect(() => loadChainsConfig(join(dir, 'missing.json'))).toThrow('missing.json')
})
