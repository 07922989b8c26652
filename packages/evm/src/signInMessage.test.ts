import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { formatSignInMessage } from './signInMessage.ts'

const data = {
  accountAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  chainId: 'eip155:31337' as const,
  domain: '127.0.0.1:5173',
  uri: 'http://127.0.0.1:5173',
  version: '1' as const,
  nonce: 'a1b2c3d4e5f6g7h8',
  issuedAt: '2026-11-22T15:00:00.000Z',
  expirationTime: '2026-11-23T15:00:00.000Z',
  statement: 'Sign in to the Latch demo',
}

describe('formatSignInMessage: EIP-4361 text of a CAIP-122 message on eip155', () => {
  it('writes every field so that a SIWE parser reads them back, with the address checksummed', () => {
    const message = formatSignInMessage(data)
    expect(message.split('\n')[0]).toBe('127.0.0.1:5173 wants you to sign in with your Ethereum account:')
    expect(parseSiweMessage(message)).toEqual({
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 31337,
      domain: '127.0.0.1:5173',
      uri: 'http://127.0.0.1:5173',
      version: '1',
      nonce: 'a1b2c3d4e5f6g7h8',
      issuedAt: new Date(data.issuedAt),
      expirationTime: new Date(data.expirationTime),
      statement: 'Sign in to the Latch demo',
    })
    expect(
      validateSiweMessage({
        message: parseSiweMessage(message),
        domain: '127.0.0.1:5173',
        nonce: data.nonce,
        time: new Date('2026-11-22T16:00:00Z'),
      }),
    ).toBe(true)
  })

  it('refuses an account of another namespace or a malformed address', () => {
    expect(() => formatSignInMessage({ ...data, chainId: 'solana:abc' })).toThrow(/not an Ethereum account/)
    expect(() => formatSignInMessage({ ...data, accountAddress: '0x1234' })).toThrow(
      /not an Ethereum account/,
    )
  })
})
