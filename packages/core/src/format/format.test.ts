import { describe, expect, it } from 'vitest'
import { floorBalance, groupDigits, shortenAddress } from './format.ts'

const ether = 10n ** 18n

describe('displayed balance is floored to 3 decimals', () => {
  it('floors, never rounds: 1.9999 shows as 1.999', () => {
    expect(floorBalance(19_999n * 10n ** 14n, 18)).toBe('1.999')
  })

  it('floors the smallest amount below 0.001 to 0', () => {
    expect(floorBalance(999_999_999_999_999n, 18)).toBe('0')
    expect(floorBalance(1n, 18)).toBe('0')
  })

  it('trims trailing zeros', () => {
    expect(floorBalance(15n * 10n ** 17n, 18)).toBe('1.5')
    expect(floorBalance(1_100n * 10n ** 15n, 18)).toBe('1.1')
    expect(floorBalance(2n * ether, 18)).toBe('2')
  })

  it('shows zero as 0', () => {
    expect(floorBalance(0n, 18)).toBe('0')
  })

  it('keeps leading zeros of the fraction', () => {
    expect(floorBalance(5n * 10n ** 15n, 18)).toBe('0.005')
    expect(floorBalance(50n * 10n ** 15n, 18)).toBe('0.05')
  })

  it('handles a token with 0 decimals', () => {
    expect(floorBalance(42n, 0)).toBe('42')
  })

  it('handles a token with 6 decimals', () => {
    expect(floorBalance(1_999_999n, 6)).toBe('1.999')
    expect(floorBalance(1_230_000n, 6)).toBe('1.23')
    expect(floorBalance(999n, 6)).toBe('0')
  })

  it('is exact on huge values that no float could hold', () => {
    const huge = 123_456_789_012_345_678_901_234_567_890n
    expect(floorBalance(huge * ether + 999_999_999_999_999_999n, 18)).toBe(
      '123456789012345678901234567890.999',
    )
  })

  it('is exact just below a whole unit, where a float would round up to the next one', () => {
    expect(floorBalance(ether - 1n, 18)).toBe('0.999')
    expect(floorBalance(10_000n * ether - 1n, 18)).toBe('9999.999')
  })

  it('takes another number of fraction digits', () => {
    expect(floorBalance(19_999n * 10n ** 14n, 18, 2)).toBe('1.99')
    expect(floorBalance(19_999n * 10n ** 14n, 18, 0)).toBe('1')
  })
})

describe('shortened address', () => {
  it('keeps the first 6 and last 4 characters', () => {
    expect(shortenAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266')
  })

  it('leaves a short value alone', () => {
    expect(shortenAddress('0xabcdef123')).toBe('0xabcdef123')
  })
})

describe('groupDigits', () => {
  it('groups the whole part of a decimal by thousands and leaves the rest', () => {
    expect(groupDigits('1234567.891')).toBe('1,234,567.891')
    expect(groupDigits('1000')).toBe('1,000')
    expect(groupDigits('999')).toBe('999')
    expect(groupDigits('-12345')).toBe('-12,345')
    expect(groupDigits('0.12345')).toBe('0.12345')
    expect(groupDigits('Balance unavailable')).toBe('Balance unavailable')
  })
})
