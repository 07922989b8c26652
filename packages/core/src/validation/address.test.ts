import { describe, expect, it } from 'vitest'
import { isAddress, isEvmAddress, isSolanaAddress } from './address.ts'

const hex40 = 'f39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('EVM address: optional 0x plus 40 hex characters', () => {
  it('accepts 40 hex characters with 0x', () => {
    expect(isEvmAddress(`0x${hex40}`)).toBe(true)
  })

  it('accepts 40 hex characters without 0x', () => {
    expect(isEvmAddress(hex40)).toBe(true)
  })

  it.each([
    ['39 characters', `0x${hex40.slice(1)}`],
    ['41 characters', `0x${hex40}a`],
    ['a non-hex character', `0x${hex40.slice(1)}g`],
    ['0x alone', '0x'],
    ['an empty string', ''],
    ['surrounding spaces', ` 0x${hex40} `],
    ['a doubled prefix', `0x0x${hex40.slice(2)}`],
  ])('rejects %s', (_, value) => {
    expect(isEvmAddress(value)).toBe(false)
  })

  it('rejects what is not a string', () => {
    expect(isEvmAddress(42 as unknown as string)).toBe(false)
  })
})

describe('Solana address: 32 to 44 base58 characters', () => {
  const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

  it('accepts a real address', () => {
    expect(isSolanaAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')).toBe(true)
  })

  it('accepts 32 and 44 characters', () => {
    expect(isSolanaAddress(base58.slice(0, 32))).toBe(true)
    expect(isSolanaAddress(base58.slice(0, 44))).toBe(true)
  })

  it('rejects 31 and 45 characters', () => {
    expect(isSolanaAddress(base58.slice(0, 31))).toBe(false)
    expect(isSolanaAddress(base58.slice(0, 45))).toBe(false)
  })

  it.each(['0', 'O', 'I', 'l'])('rejects the excluded character %s', (excluded) => {
    expect(isSolanaAddress(`${base58.slice(0, 35)}${excluded}`)).toBe(false)
  })

  it('rejects an EVM address', () => {
    expect(isSolanaAddress(`0x${hex40}`)).toBe(false)
  })
})

describe('address validation per namespace', () => {
  it('uses the EVM rule for eip155 and the Solana rule for solana', () => {
    expect(isAddress(`0x${hex40}`, 'eip155')).toBe(true)
    expect(isAddress(`0x${hex40}`, 'solana')).toBe(false)
    expect(isAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', 'solana')).toBe(true)
    expect(isAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', 'eip155')).toBe(false)
  })

  it('accepts any non-empty string in namespaces without a rule', () => {
    expect(isAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'bip122')).toBe(true)
    expect(isAddress('', 'polkadot')).toBe(false)
  })
})
