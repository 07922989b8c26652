import { describe, expect, it } from 'vitest'
import { tokenBalance } from '../../test/fakeServer.ts'
import { floorDecimal, formatUsd, tokensToShow } from './tokens.ts'

const devnet = 'eip155:31337'

describe('tokensToShow', () => {
  it('keeps tokens whose decimals are 0: what the account holds is listed, as Activity lists it', () => {
    const balances = [
      tokenBalance('USDC', { quantity: { decimals: '6', numeric: '10' } }),
      tokenBalance('WHOLE', { quantity: { decimals: '0', numeric: '5' }, value: 1000 }),
    ]
    expect(tokensToShow(balances, devnet).map((t) => t.symbol)).toEqual(['WHOLE', 'USDC'])
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

  it('lists tokens the server has no price for after the priced ones', () => {
    const unpriced = tokenBalance('NEW', { value: undefined, price: undefined })
    const balances = [unpriced, tokenBalance('LOW', { value: 0.5 })]
    expect(tokensToShow(balances, devnet).map((t) => t.symbol)).toEqual(['LOW', 'NEW'])
  })

  it('gives an empty list for no balances', () => {
    expect(tokensToShow([], devnet)).toEqual([])
  })
})

describe('token amounts given as exact decimals are floored to 3 decimals too', () => {
  it('floors, never rounds', () => {
    expect(floorDecimal('12.34567')).toBe('12.345')
    expect(floorDecimal('1.9999999999999999999')).toBe('1.999')
  })

  it('floors an amount below 0.001 to 0 and trims trailing zeros', () => {
    expect(floorDecimal('0.000999')).toBe('0')
    expect(floorDecimal('2.500')).toBe('2.5')
    expect(floorDecimal('7')).toBe('7')
    expect(floorDecimal('0.05')).toBe('0.05')
  })

  it('keeps amounts too large for a float exact', () => {
    expect(floorDecimal('123456789012345678901234.56789')).toBe('123,456,789,012,345,678,901,234.567')
  })

  it('groups the whole part by thousands, as Activity does', () => {
    expect(floorDecimal('10000')).toBe('10,000')
    expect(floorDecimal('-1234.5678')).toBe('-1,234.567')
    expect(floorDecimal('999.9999')).toBe('999.999')
  })

  it('reads a leading or trailing point and a sign', () => {
    expect(floorDecimal('.5')).toBe('0.5')
    expect(floorDecimal('3.')).toBe('3')
    expect(floorDecimal('-1.23456')).toBe('-1.234')
  })

  it('leaves text that is not a plain decimal as it is', () => {
    expect(floorDecimal('1e-7')).toBe('1e-7')
    expect(floorDecimal('')).toBe('')
    expect(floorDecimal('.')).toBe('.')
  })
})

describe('USD values', () => {
  it('show dollars and cents', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50')
    expect(formatUsd(0)).toBe('$0.00')
  })
})
