import { describe, expect, it } from 'vitest'
import { tokenBalance } from '../../test/fakeServer.ts'
import { tokensToShow } from './tokens.ts'

const devnet = 'eip155:31337'

describe('tokensToShow (SPEC §5)', () => {
  it('drops tokens whose decimals are 0', () => {
    const balances = [
      tokenBalance('USDC', { quantity: { decimals: '6', numeric: '10' } }),
      tokenBalance('WHOLE', { quantity: { decimals: '0', numeric: '5' }, value: 1000 }),
    ]
    expect(tokensToShow(balances, devnet).map((t) => t.symbol)).toEqual(['USDC'])
  })

  it('keeps only the active network’s tokens', () => {
    const balances = [tokenBalance('A'), tokenBalance('B', { chainId: 'eip155:1' })]
    expect(tokensToShow(balances, devnet).map((t) => t.symbol)).toEqual(['A'])
    expect(tokensToShow(balances, 'eip155:1').map((t) => t.symbol)).toEqual(['B'])
  })

  it('lists the most valuable first and leaves its input as it was', () => {
    const balances = [
      tokenBalance('LOW', { value: 1 }),
      tokenBalance('HIGH', { value: 300 }),
      tokenBalance('MID', { value: 20.5 }),
    ]
    expect(tokensToShow(balances, devnet).map((t) => t.symbol)).toEqual(['HIGH', 'MID', 'LOW'])
    expect(balances.map((t) => t.symbol)).toEqual(['LOW', 'HIGH', 'MID'])
  })

  it('gives an empty list for no balances', () => {
    expect(tokensToShow([], devnet)).toEqual([])
  })
})
