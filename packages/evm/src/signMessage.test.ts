// @vitest-environment happy-dom
import { ConnectorNotConnectedError, UserRejectedRequestError } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { announcedWallets, throws } from '../test/announce.ts'
import { anvilAccount0, createTestAdapter } from '../test/mockWallet.ts'

const { announce } = announcedWallets()

describe('signMessage', () => {
  it('asks personal_sign for the UTF-8 hex of the message and resolves the signature', async () => {
    const wallet = announce({ answers: { personal_sign: () => '0xsigned' } })
    const signature = await createTestAdapter().signMessage({
      connectorId: wallet.info.rdns,
      address: anvilAccount0,
      message: 'Hi ✓',
    })
    expect(signature).toBe('0xsigned')
    expect(wallet.calls).toEqual([{ method: 'personal_sign', params: ['0x486920e29c93', anvilAccount0] }])
  })

  it('rejects with UserRejectedRequestError when the visitor declines', async () => {
    const wallet = announce({ answers: { personal_sign: throws(4001, 'User denied message signature.') } })
    await expect(
      createTestAdapter().signMessage({
        connectorId: wallet.info.rdns,
        address: anvilAccount0,
        message: 'x',
      }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  it('rejects with ConnectorNotConnectedError for an unknown connector', async () => {
    await expect(
      createTestAdapter().signMessage({ connectorId: 'io.absent', address: anvilAccount0, message: 'x' }),
    ).rejects.toBeInstanceOf(ConnectorNotConnectedError)
  })
})
