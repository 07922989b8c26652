import { describe, expect, it } from 'vitest'
import { chainOfCoinType, coinTypeOf, coinTypeOfChain, labelProblem } from './namesEntry.ts'

describe('labelProblem', () => {
  it('names the rule a label breaks', () => {
    expect(labelProblem('al')).toBe('The name must be at least 3 characters')
    expect(labelProblem('a'.repeat(33))).toBe('The name must be at most 32 characters')
    for (const bad of ['-abc', 'abc-', 'ab_c', 'ab c', 'äbc'])
      expect(labelProblem(bad), bad).toMatch(/only use a-z, 0-9 and hyphens/)
    expect(labelProblem('a-b-c')).toBeUndefined()
    expect(labelProblem('a'.repeat(32))).toBeUndefined()
  })
})

describe('coin types (ENSIP-11)', () => {
  it('maps chains to coin types and back', () => {
    expect(coinTypeOf('eip155:31337')).toBe(2147514985)
    expect(coinTypeOfChain(1)).toBe(60)
    expect(coinTypeOfChain(31337)).toBe(2147514985)
    expect(chainOfCoinType(60)).toBe(1)
    expect(chainOfCoinType(2147514985)).toBe(31337)
    expect(chainOfCoinType(0)).toBeUndefined()
    expect(chainOfCoinType(501)).toBeUndefined()
  })
})
