import { BaseError } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { parseChainId, toHexChainId } from './chainId.ts'

describe('parseChainId', () => {
  it.each([
    ['0x7a69', 31337],
    ['0X2105', 8453],
    [8453, 8453],
    ['31338', 31338],
  ])('reads %s as %i', (value, expected) => {
    expect(parseChainId(value)).toBe(expected)
  })

  it.each(['', '0x', 'eip155:1', '0xzz', 0, -1, 1.5, null, undefined])(
    'rejects %s with a typed error',
    (value) => {
      expect(() => parseChainId(value)).toThrow(BaseError)
    },
  )
})

describe('toHexChainId', () => {
  it('writes the hex form wallets expect', () => {
    expect(toHexChainId(31337)).toBe('0x7a69')
    expect(toHexChainId('8453')).toBe('0x2105')
  })
})
