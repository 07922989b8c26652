// @vitest-environment happy-dom

import type { ChainAdapter } from '@latch/core'
import { UnsupportedMethodError, UserRejectedRequestError } from '@latch/core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../devnet/src/anvil.ts'
import { announcedWallets, throws } from '../test/announce.ts'
import { anvilAccount0, createTestAdapter } from '../test/mockWallet.ts'
import { devnetNetwork } from './networks.ts'

const { announce } = announcedWallets({ authorised: true })

// A real chain: calls sent one by one wait for each other's receipts, and their status is read there.
let anvil: AnvilInstance
let network: ReturnType<typeof devnetNetwork>
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
  network = devnetNetwork(31337, anvil.rpcUrl, 'Anvil')
}, 30_000)
afterAll(() => anvil?.stop())

/** What the scripted wallet does with eth_sendTransaction: anvil's unlocked account 0 sends it, for real. */
async function sendOnAnvil(params: readonly unknown[]): Promise<string> {
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendTransaction', params }),
  })
  const { result, error } = (await response.json()) as { result?: string; error?: { message: string } }
  if (!result) throw new Error(error?.message ?? 'anvil sent nothing')
  return result
}

const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const token = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const calls = [
  { to, value: 10n ** 15n },
  { to: token, data: '0xa9059cbb' },
]

// One adapter per test: what it sent one by one is its own.
let current: ChainAdapter | undefined
afterEach(() => {
  current = undefined
})
const adapter = () => (current ??= createTestAdapter({}, [network]))
const send = (connectorId: string, atomicRequired = false) =>
  adapter().sendCalls!({ connectorId, network, from: anvilAccount0, calls, atomicRequired })
const statusOf = (connectorId: string, id: string) => adapter().getCallsStatus!({ connectorId, network, id })

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

  it('capabilities for every chain (0x0) count too', async () => {
    const wallet = announce({
      answers: {
        wallet_getCapabilities: () => ({ '0x0': { atomic: { status: 'ready' } } }),
        wallet_sendCalls: () => ({ id: 'bundle-0' }),
      },
    })
    expect(await send(wallet.info.rdns)).toEqual({ id: 'bundle-0', atomic: true })
  })

  it('a wallet with wallet_sendCalls but no atomicity (v1 answers the id itself): its bundle, not atomic', async () => {
    const wallet = announce({ answers: { wallet_sendCalls: () => 'bundle-2' } })
    expect(await send(wallet.info.rdns)).toEqual({ id: 'bundle-2', atomic: false })
  })

  it('a wallet without wallet_sendCalls: one eth_sendTransaction after the other, their status from the chain', async () => {
    const wallet = announce({ answers: { eth_sendTransaction: sendOnAnvil } })
    const { id, atomic } = await send(wallet.info.rdns)
    expect(id).toMatch(/^latch-calls:/)
    expect(atomic).toBe(false)
    expect(
      wallet.calls.filter((call) => call.method === 'eth_sendTransaction').map((call) => call.params),
    ).toEqual([
      [{ from: anvilAccount0, to, value: '0x38d7ea4c68000' }],
      [{ from: anvilAccount0, to: token, data: '0xa9059cbb' }],
    ])
    const status = await statusOf(wallet.info.rdns, id)
    expect(status).toMatchObject({ status: 'success', atomic: false })
    expect(status.receipts).toHaveLength(2)
    // Another client on the page did not send them.
    await expect(
      createTestAdapter({}, [network]).getCallsStatus!({ connectorId: wallet.info.rdns, network, id }),
    ).rejects.toMatchObject({ shortMessage: 'Unknown calls' })
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
        eth_sendTransaction: (params) => {
          if (++asked === 2) throw Object.assign(new Error('User rejected'), { code: 4001 })
          return sendOnAnvil(params)
        },
      },
    })
    const { id } = await send(second.info.rdns)
    expect(id).toMatch(/^latch-calls:/)
    expect(asked).toBe(2)
    // The first is mined; the run did not happen whole.
    const status = await statusOf(second.info.rdns, id)
    expect(status.status).toBe('failure')
    expect(status.receipts).toHaveLength(1)
  })

  it('the wallet’s own refusal of its bundle is the visitor’s answer, not a reason to go one by one', async () => {
    const wallet = announce({ answers: { wallet_sendCalls: throws(4001, 'User rejected') } })
    await expect(send(wallet.info.rdns)).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(wallet.methods()).not.toContain('eth_sendTransaction')
  })
})

describe('getCallsStatus of a wallet’s bundle', () => {
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
    const result = await statusOf(wallet.info.rdns, 'bundle-1')
    expect(result.status).toBe(expected)
    expect(result.receipts).toHaveLength((answer as { receipts?: unknown[] }).receipts?.length ?? 0)
    expect(wallet.calls.at(-1)).toEqual({ method: 'wallet_getCallsStatus', params: ['bundle-1'] })
  })
})
