import { describe, expect, it } from 'vitest'
import { BaseError } from '../errors/BaseError.ts'
import type { CaipNetworkId } from '../types.ts'
import {
  formatCaipAddress,
  formatCaipNetworkId,
  InvalidCaipAddressError,
  InvalidCaipNetworkIdError,
  parseCaipAddress,
  parseCaipNetworkId,
} from './caip.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** The error `run` throws; fails the test when it throws nothing. */
function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

describe('CAIP network id has two colon-separated parts', () => {
  it('parses namespace and reference', () => {
    expect(parseCaipNetworkId('eip155:31337')).toEqual({ chainNamespace: 'eip155', chainId: '31337' })
    expect(parseCaipNetworkId('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toEqual({
      chainNamespace: 'solana',
      chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    })
  })

  it('formats namespace and reference', () => {
    expect(formatCaipNetworkId('eip155', 31337)).toBe('eip155:31337')
    expect(formatCaipNetworkId('bip122', '000000000019d6689c085ae165831e93')).toBe(
      'bip122:000000000019d6689c085ae165831e93',
    )
  })

  it.each([
    ['one part', 'eip155'],
    ['three parts', 'eip155:1:2'],
    ['an empty namespace', ':1'],
    ['an empty reference', 'eip155:'],
    ['nothing', ''],
    ['an upper-case namespace', 'EIP155:1'],
    ['a too short namespace', 'ep:1'],
    ['a space in the reference', 'eip155:1 2'],
    ['a dot in the reference', 'eip155:1.5'],
    ['a 33-character reference', `solana:${'a'.repeat(33)}`],
  ])("rejects %s with 'Invalid CAIP-2 network id'", (_, value) => {
    const error = thrown(() => parseCaipNetworkId(value))
    expect(error).toBeInstanceOf(InvalidCaipNetworkIdError)
    expect(error).toBeInstanceOf(BaseError)
    expect((error as BaseError).shortMessage).toBe('Invalid CAIP-2 network id')
  })

  it('rejects what is not a string', () => {
    const error = thrown(() => parseCaipNetworkId(31337 as unknown as string))
    expect((error as BaseError).shortMessage).toBe('Invalid CAIP-2 network id')
  })

  it('refuses to format an invalid id', () => {
    const error = thrown(() => formatCaipNetworkId('eip155', ''))
    expect((error as BaseError).shortMessage).toBe('Invalid CAIP-2 network id')
  })
})

describe('CAIP address has three colon-separated parts', () => {
  it('parses namespace, reference and address', () => {
    expect(parseCaipAddress(`eip155:31337:${address}`)).toEqual({
      chainNamespace: 'eip155',
      chainId: '31337',
      address,
    })
  })

  it('formats a network id and an address', () => {
    expect(formatCaipAddress('eip155:31337', address)).toBe(`eip155:31337:${address}`)
  })

  it.each([
    ['two parts', 'eip155:31337'],
    ['four parts', `eip155:31337:${address}:extra`],
    ['an empty namespace', `:31337:${address}`],
    ['an empty reference', `eip155::${address}`],
    ['an empty address', 'eip155:31337:'],
    ['a space in the address', 'eip155:31337:0xabc def'],
    ['a slash in the address', 'eip155:31337:0xabc/def'],
    ['a 129-character address', `eip155:31337:${'a'.repeat(129)}`],
    ['a bad namespace', `eip_155:1:${address}`],
  ])("rejects %s with 'Invalid CAIP-10 address'", (_, value) => {
    const error = thrown(() => parseCaipAddress(value))
    expect(error).toBeInstanceOf(InvalidCaipAddressError)
    expect((error as BaseError).shortMessage).toBe('Invalid CAIP-10 address')
    expect((error as BaseError).details).toContain(value)
  })

  it('refuses to format an address with a colon in it', () => {
    const error = thrown(() => formatCaipAddress('eip155:1' as CaipNetworkId, 'a:b'))
    expect((error as BaseError).shortMessage).toBe('Invalid CAIP-10 address')
  })
})
