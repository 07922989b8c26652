// @vitest-environment happy-dom
import { UnsupportedMethodError, UserRejectedRequestError } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { announcedWallets, throws } from '../test/announce.ts'
import { anvilAccount0, createTestAdapter, testNetwork } from '../test/mockWallet.ts'

const { announce } = announcedWallets({ authorised: true })

const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const token = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const calls = [
  { to, value: 10n ** 15n },
  { to: token, data: '0xa9059cbb' },
]

const send = (connectorId: string, atomicRequired = false) =>
  createTestAdapter().sendCalls!({
    connectorId,
    network: testNetwork,
    from: anvilAccount0,
    calls,
    atomicRequired,
  })

describe('sendCalls', () => {
  it('a wallet that reports atomic batching gets one wallet_sendCalls (EIP-5792 v2) and its id', async () => {
    const wallet = announce({
      answers: {
        wallet_getCapabilities: () => ({ '0x7a69': { atomic: { status: 'supported' } } }),
        wallet_sendCalls: () => ({ id: 'bundle-1' }),
      },
    })
    expect(await send(wallet.info.rdns)).toEqual({ id: 'bundle-1', atomic: true })
    expect(wallet.calls.find((call) => call.method === 'wallet_sendCalls')?.params).toEqual([
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: anvilAccount0,
        atomicRequired: false,
        calls: [
          { to, value: '0x38d7ea4c68000' },
          { to: token, data: '0xa9059cbb' },
        ],
      },
    ])
    expect(wallet.methods()).not.toContain('eth_sendTransaction')
  })

  it('a wallet with wallet_sendCalls but no atomicity (v1 answers the id itself): its bundle, not atomic', async () => {
    const wallet = announce({ answers: { wallet_sendCalls: () => 'bundle-2' } })
    expect(await send(wallet.info.rdns)).toEqual({ id: 'bundle-2', atomic: false })
  })

  it('a wallet without wallet_sendCalls: one eth_sendTransaction after the other', async () => {
    let sent = 0
    const wallet = announce({
      answers: { eth_sendTransaction: () => `0x${String(++sent).padStart(64, '0')}` },
    })
    const { id, atomic } = await send(wallet.info.rdns)
    expect(id).toMatch(/^latch-calls:/)
    expect(atomic).toBe(false)
    expect(
      wallet.calls.filter((call) => call.method === 'eth_sendTransaction').map((call) => call.params),
    ).toEqual([
      [{ from: anvilAccount0, to, value: '0x38d7ea4c68000' }],
      [{ from: anvilAccount0, to: token, data: '0xa9059cbb' }],
    ])
  })

  it('atomicRequired: refused before anything is sent when the wallet cannot batch', async () => {
    const wallet = announce()
    await expect(send(wallet.info.rdns, true)).rejects.toBeInstanceOf(UnsupportedMethodError)
    expect(wallet.methods()).not.toContain('eth_sendTransaction')
  })

  it('the first transaction declined rejects; a later one declined ends the run, which then fails', async () => {
    const declining = announce({ answers: { eth_sendTransaction: throws(4001, 'User rejected') } })
    await expect(send(declining.info.rdns)).rejects.toBeInstanceOf(UserRejectedRequestError)

    let asked = 0
    const second = announce({
      answers: {
        eth_sendTransaction: () => {
          if (++asked === 2) throw Object.assign(new Error('User rejected'), { code: 4001 })
          return `0x${'ab'.repeat(32)}`
        },
      },
    })
    const { id } = await send(second.info.rdns)
    expect(id).toMatch(/^latch-calls:/)
    expect(asked).toBe(2)
  })

  it('the wallet’s own refusal of its bundle is the visitor’s answer, not a reason to go one by one', async () => {
    const wallet = announce({ answers: { wallet_sendCalls: throws(4001, 'User rejected') } })
    await expect(send(wallet.info.rdns)).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(wallet.methods()).not.toContain('eth_sendTransaction')
  })
})

describe('getCallsStatus of a wallet’s bundle', () => {
  const status = (connectorId: string, id: string) =>
    createTestAdapter().getCallsStatus!({ connectorId, network: testNetwork, id })

  it.each([
    [{ status: 100, receipts: [] }, 'pending'],
    [{ status: 200, atomic: true, receipts: [{ transactionHash: '0x01', status: '0x1' }] }, 'success'],
    [{ status: 500, atomic: true, receipts: [{ transactionHash: '0x01', status: '0x0' }] }, 'failure'],
    [
      {
        status: 'CONFIRMED',
        receipts: [
          { transactionHash: '0x01', status: '0x1' },
          { transactionHash: '0x02', status: '0x1' },
        ],
      },
      'success',
    ],
    [{ status: 'PENDING' }, 'pending'],
  ])('%j → %s', async (answer, expected) => {
    const wallet = announce({ answers: { wallet_getCallsStatus: () => answer } })
    const result = await status(wallet.info.rdns, 'bundle-1')
    expect(result.status).toBe(expected)
    expect(result.receipts).toHaveLength((answer as { receipts?: unknown[] }).receipts?.length ?? 0)
    expect(wallet.calls.at(-1)).toEqual({ method: 'wallet_getCallsStatus', params: ['bundle-1'] })
  })
})
