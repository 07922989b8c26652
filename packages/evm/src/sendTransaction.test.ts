// @vitest-environment happy-dom
import { BaseError, UserRejectedRequestError } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { announcedWallets, throws } from '../test/announce.ts'
import { anvilAccount0, createTestAdapter, testNetwork } from '../test/mockWallet.ts'
import { ChainMismatchError } from './errors.ts'
import { base } from './networks.ts'

const { announce } = announcedWallets({ authorised: true })

const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('sendTransaction', () => {
  it('sends value, and the gas limit when given, as hex with data and resolves the hash', async () => {
    const wallet = announce({ answers: { eth_sendTransaction: () => '0xhash' } })
    const hash = await createTestAdapter().sendTransaction({
      connectorId: wallet.info.rdns,
      network: testNetwork,
      from: anvilAccount0,
      to,
      value: 10n ** 18n,
      data: '0x1234',
      gas: 150_000n,
    })
    expect(hash).toBe('0xhash')
    expect(wallet.calls.at(-1)).toEqual({
      method: 'eth_sendTransaction',
      params: [{ from: anvilAccount0, to, value: '0xde0b6b3a7640000', data: '0x1234', gas: '0x249f0' }],
    })
  })

  it('leaves out value, data and gas that were not given', async () => {
    const wallet = announce()
    await createTestAdapter().sendTransaction({
      connectorId: wallet.info.rdns,
      network: testNetwork,
      from: anvilAccount0,
      to,
    })
    expect(wallet.calls.at(-1)?.params).toEqual([{ from: anvilAccount0, to }])
  })

  it('refuses to send when the wallet is on another chain', async () => {
    const wallet = announce({ chainId: 31337 })
    await expect(
      createTestAdapter({}, [testNetwork, base]).sendTransaction({
        connectorId: wallet.info.rdns,
        network: base,
        from: anvilAccount0,
        to,
      }),
    ).rejects.toBeInstanceOf(ChainMismatchError)
    expect(wallet.methods()).not.toContain('eth_sendTransaction')
  })

  it('rejects a negative amount without asking the wallet', async () => {
    const wallet = announce()
    const error = await createTestAdapter()
      .sendTransaction({
        connectorId: wallet.info.rdns,
        network: testNetwork,
        from: anvilAccount0,
        to,
        value: -1n,
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BaseError)
    expect((error as BaseError).shortMessage).toBe('Invalid amount')
    expect(wallet.calls).toEqual([])
  })

  it('rejects with UserRejectedRequestError when the visitor declines', async () => {
    const wallet = announce({
      answers: { eth_sendTransaction: throws(4001, 'User denied transaction signature.') },
    })
    await expect(
      createTestAdapter().sendTransaction({
        connectorId: wallet.info.rdns,
        network: testNetwork,
        from: anvilAccount0,
        to,
      }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
  })
})
