import { expect, test } from 'vitest'
import { fixedPriceProvider } from './fixedPriceProvider.ts'

const eth = { chainId: 'eip155:1', address: 'native', symbol: 'ETH' }
const usdc = { chainId: 'eip155:1', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC' }
const unknown = { chainId: 'eip155:1', address: '0x0000000000000000000000000000000000000001', symbol: 'NOPE' }

test('usd prices by symbol, keyed by chain and lower-case address; unknown symbols have none', async () => {
  const prices = await fixedPriceProvider({ ETH: 3000, USDC: 1 }).prices('usd', [eth, usdc, unknown])
  expect(prices).toEqual(
    new Map([
      ['eip155:1:native', 3000],
      ['eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 1],
    ]),
  )
})

test('no prices in another currency', async () => {
  expect((await fixedPriceProvider({ ETH: 3000 }).prices('eur', [eth])).size).toBe(0)
})
