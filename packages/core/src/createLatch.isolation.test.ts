import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ADDRESS_A,
  connectThrough,
  createFakeAdapter,
  createTestLatch,
  devnetB,
  rejects,
} from '../test/fakeAdapter.ts'

afterEach(() => {
  vi.useRealTimers()
})

describe('two clients never share state', () => {
  it('keeps connection, account, network, modal, router and connectors apart', async () => {
    const first = createTestLatch()
    const second = createTestLatch()

    await first.client.open()
    first.client.router.push('AllWallets')
    await connectThrough(first.client)
    await first.client.switchNetwork(devnetB)

    expect(first.client.connection.getState().status).toBe('connected')
    expect(second.client.connection.getState()).toMatchObject({ status: 'disconnected', connections: {} })
    expect(second.client.getAccount().address).toBeUndefined()
    expect(second.client.network.getState().activeNetwork.caipNetworkId).toBe('eip155:31337')
    expect(second.client.modal.getState().open).toBe(false)
    expect(second.client.router.store.getState().history).toEqual(['Connect'])
    expect(second.client.connectors.getState()).toEqual({ list: [], recent: [] })
    expect(second.fake.loads).toHaveLength(0)
  })

  it('keeps snack, shake and send form apart', async () => {
    vi.useFakeTimers()
    const first = createTestLatch()
    const second = createTestLatch()
    first.fake.answer('connect', 'wallet.a', rejects({ code: 4001 }))
    await first.client.getAdapter('eip155')
    await first.client.connect('wallet.a').catch(() => {})
    first.client.snack.show('error', 'Something went wrong')
    first.client.send.setState({ receiverAddress: ADDRESS_A })

    expect(first.client.modal.getState().shake).toBe(true)
    expect(second.client.modal.getState().shake).toBe(false)
    expect(second.client.snack.getState().open).toBe(false)
    expect(second.client.send.getState().receiverAddress).toBeUndefined()
    expect(second.client.connection.getState().failure).toBeUndefined()
  })

  it('keeps two clients on one adapter factory apart', async () => {
    const shared = createFakeAdapter()
    const first = createTestLatch({}, shared)
    const second = createTestLatch({ adapters: [shared.factory] }, shared)

    await connectThrough(first.client)
    await second.client.getAdapter('eip155')

    expect(shared.loads).toHaveLength(2)
    expect(second.client.connection.getState().status).toBe('disconnected')
    expect(second.client.getAccount().address).toBeUndefined()
    expect(second.client.connectors.getState().recent).toEqual([])
  })

  it('stops one client without stopping the other', async () => {
    const first = createTestLatch()
    const second = createTestLatch()
    await connectThrough(first.client)
    await connectThrough(second.client)

    first.client.destroy()
    expect(first.fake.watching('wallet.a')).toBe(false)
    expect(second.fake.watching('wallet.a')).toBe(true)
  })
})
