import type { SiwxMessageData } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { readSolanaSignInMessage } from '../../server/src/sessions/solana.ts'
import { formatSignInMessage } from './signInMessage.ts'

const minimal: SiwxMessageData = {
  accountAddress: 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
  chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  domain: 'app.test',
  uri: 'https://app.test',
  version: '1',
  nonce: 'a1b2c3d4e5f6g7h8',
  issuedAt: '2026-11-22T15:00:00.000Z',
}

const full: SiwxMessageData = {
  ...minimal,
  statement: 'Sign in to the Latch demo',
  expirationTime: '2026-11-23T15:00:00.000Z',
  notBefore: '2026-11-22T14:55:00.000Z',
  requestId: 'request-42',
  resources: ['https://app.test/terms', 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi'],
}

describe('formatSignInMessage: CAIP-122 text for a Solana account', () => {
  it('writes every field in EIP-4361 order, the Chain ID as the CAIP-2 reference', () => {
    expect(formatSignInMessage(full)).toBe(
      [
        'app.test wants you to sign in with your Solana account:',
        'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
        '',
        'Sign in to the Latch demo',
        '',
        'URI: https://app.test',
        'Version: 1',
        'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        'Nonce: a1b2c3d4e5f6g7h8',
        'Issued At: 2026-11-22T15:00:00.000Z',
        'Expiration Time: 2026-11-23T15:00:00.000Z',
        'Not Before: 2026-11-22T14:55:00.000Z',
        'Request ID: request-42',
        'Resources:',
        '- https://app.test/terms',
        '- ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
      ].join('\n'),
    )
  })

  it('leaves out the optional fields it is not given', () => {
    expect(formatSignInMessage(minimal)).toBe(
      [
        'app.test wants you to sign in with your Solana account:',
        'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
        '',
        'URI: https://app.test',
        'Version: 1',
        'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        'Nonce: a1b2c3d4e5f6g7h8',
        'Issued At: 2026-11-22T15:00:00.000Z',
      ].join('\n'),
    )
    expect(formatSignInMessage({ ...minimal, resources: [] })).not.toContain('Resources:')
  })

  it('is read back by the Latch server with the same fields', () => {
    expect(readSolanaSignInMessage(formatSignInMessage(full))).toEqual({
      ok: true,
      fields: {
        address: full.accountAddress,
        chainId: full.chainId,
        domain: full.domain,
        uri: full.uri,
        nonce: full.nonce,
        issuedAt: new Date(full.issuedAt),
        expirationTime: new Date(full.expirationTime!),
        notBefore: new Date(full.notBefore!),
      },
    })
  })

  it('refuses a chain of another namespace', () => {
    expect(() => formatSignInMessage({ ...minimal, chainId: 'eip155:1' })).toThrow(
      expect.objectContaining({ name: 'LatchError', shortMessage: 'Invalid sign-in message' }),
    )
  })

  it('refuses an address that is not a Solana address', () => {
    for (const accountAddress of [
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq9', // 31 bytes once decoded
      '',
    ])
      expect(() => formatSignInMessage({ ...minimal, accountAddress })).toThrow(/not a Solana account/)
  })
})
