import { describe, expect, it, vi } from 'vitest'
import {
  ADDRESS_A,
  connector,
  createFakeAdapter,
  createMemoryStorage,
  createTestLatch,
  deferred,
  fakeTimersForThisTest,
  flush,
  hangs,
  rejects,
  resolves,
  track,
} from '../test/fakeAdapter.ts'
import type { ConnectResult } from './types.ts'

const threeWallets = () =>
  createFakeAdapter({ connectors: [connector('wallet.a'), connector('wallet.b'), connector('wallet.c')] })

/** Storage as a previous visit left it: connected through `last`, with `recent` wallets. */
const previousVisit = (last: string | undefined, recent: string[]) =>
  createMemoryStorage({
    ...(last ? { '@latch/connections': JSON.stringify({ eip155: last }) } : {}),
    '@latch/recentWallets': JSON.stringify(recent),
  })

describe('a connect during a reconnect', () => {
  it("rejects with 'Connector unavailable while reconnecting' for the wallet being asked, and connects once it is free", async () => {
    const fake = threeWallets()
    const answer = deferred<ConnectResult | undefined>()
    fake.answer('reconnect', 'wallet.b', answer.answer)
    const { client } = createTestLatch({ storage: previousVisit('wallet.b', ['wallet.b']) }, fake)

    const reconnecting = client.reconnect()
    await vi.waitFor(() => expect(fake.callsTo('reconnect')).toEqual([{ connectorId: 'wallet.b' }]))
    await expect(client.connect('wallet.b')).rejects.toMatchObject({
      name: 'ConnectorReconnectingError',
      shortMessage: 'Connector unavailable while reconnecting',
    })
    expect(fake.callsTo('connect')).toEqual([])

    answer.resolve(undefined)
    await reconnecting
    expect(client.connection.getState().status).toBe('disconnected')
    await client.connect('wallet.b')
    expect(client.connection.getState().status).toBe('connected')
  })
})

describe('automatic reconnect: recently used connectors are tried first', () => {
  it('tries the stored connector first and stays with it when it reconnects', async () => {
    const fake = threeWallets()
    fake.answer('reconnect', 'wallet.b', resolves({ accounts: [ADDRESS_A], chainId: 31337 }))
    const { client } = createTestLatch({ storage: previousVisit('wallet.b', ['wallet.a', 'wallet.b']) }, fake)
    const statuses = track(client.connection, (s) => s.status)

    await client.reconnect()
    await flush()

    expect(fake.callsTo('reconnect')).toEqual([{ connectorId: 'wallet.b' }])
    expect(statuses).toEqual(['disconnected', 'connecting', 'connected'])
    expect(client.connection.getState().connections.eip155?.connectorId).toBe('wallet.b')
    expect(client.getAccount()).toMatchObject({ address: ADDRESS_A, balance: '1.999' })
    expect(fake.watching('wallet.b')).toBe(true)
  })

  it('then tries the recent connectors, most recent first', async () => {
    const fake = threeWallets()
    fake.answer('reconnect', 'wallet.a', resolves({ accounts: [ADDRESS_A], chainId: 31337 }))
    const { client } = createTestLatch({ storage: previousVisit('wallet.c', ['wallet.b', 'wallet.a']) }, fake)

    await client.reconnect()

    expect(fake.callsTo('reconnect').map((c) => c.connectorId)).toEqual(['wallet.c', 'wallet.b', 'wallet.a'])
    expect(client.connection.getState()).toMatchObject({
      status: 'connected',
      connections: { eip155: { connectorId: 'wallet.a' } },
    })
  })

  it('counts a wallet that answers with an error as not reconnected', async () => {
    const fake = threeWallets()
    fake.answer('reconnect', 'wallet.c', rejects({ code: 4100 }))
    fake.answer('reconnect', 'wallet.a', resolves({ accounts: [ADDRESS_A], chainId: 31337 }))
    const { client } = createTestLatch({ storage: previousVisit('wallet.c', ['wallet.a']) }, fake)

    await client.reconnect()
    expect(client.connection.getState().connections.eip155?.connectorId).toBe('wallet.a')
  })

  it('counts a wallet that answers without accounts as not reconnected', async () => {
    const fake = threeWallets()
    fake.answer('reconnect', 'wallet.c', resolves({ accounts: [], chainId: 31337 }))
    const { client } = createTestLatch({ storage: previousVisit('wallet.c', []) }, fake)

    await client.reconnect()
    expect(client.connection.getState().status).toBe('disconnected')
  })
})

describe('if none reconnects, status becomes disconnected', () => {
  it('ends disconnected without prompting the visitor', async () => {
    const fake = threeWallets()
    const { client, storage } = createTestLatch(
      { storage: previousVisit('wallet.c', ['wallet.a', 'wallet.b']) },
      fake,
    )

    await client.reconnect()

    expect(fake.callsTo('reconnect')).toHaveLength(3)
    expect(fake.callsTo('connect')).toEqual([])
    expect(client.connection.getState()).toMatchObject({ status: 'disconnected', connections: {} })
    expect(client.modal.getState().open).toBe(false)
    expect(client.getAccount().address).toBeUndefined()
    expect(storage.getItem('@latch/connections')).toBe('{}')
  })

  it('ends disconnected when the wallet never answers', async () => {
    fakeTimersForThisTest()
    const fake = threeWallets()
    fake.answer('reconnect', 'wallet.c', hangs())
    const { client } = createTestLatch(
      { storage: previousVisit('wallet.c', []), connectTimeoutMs: 2_000 },
      fake,
    )

    const done = client.reconnect()
    await vi.advanceTimersByTimeAsync(1_999)
    expect(client.connection.getState().status).toBe('connecting')
    await vi.advanceTimersByTimeAsync(1)
    await done
    expect(client.connection.getState().status).toBe('disconnected')
    expect(fake.callsTo('connect')).toEqual([])
  })

  it('ends disconnected when the adapter fails to load', async () => {
    const { client } = createTestLatch({
      storage: previousVisit('wallet.c', []),
      adapters: [{ namespace: 'eip155', load: () => Promise.reject(new Error('chunk failed')) }],
    })
    await client.reconnect()
    expect(client.connection.getState().status).toBe('disconnected')
  })
})

describe('with nothing stored, reconnect loads no adapter at all', () => {
  it('loads nothing and stays disconnected, even with recent wallets', async () => {
    const fake = threeWallets()
    const { client } = createTestLatch({ storage: previousVisit(undefined, ['wallet.a']) }, fake)
    const statuses = track(client.connection, (s) => s.status)
    await client.reconnect()
    expect(statuses).toEqual(['disconnected'])
    expect(fake.loads).toHaveLength(0)
    expect(fake.calls).toEqual([])
    expect(client.connection.getState().status).toBe('disconnected')
  })

  it.each([
    ['ignores a stored connection for a namespace the app has no adapter for', '{"solana":"phantom"}'],
    ['loads nothing when stored data is unreadable', 'not json'],
  ])('%s', async (_name, stored) => {
    const fake = threeWallets()
    const storage = createMemoryStorage({ '@latch/connections': stored })
    const { client } = createTestLatch({ storage }, fake)
    await client.reconnect()
    expect(fake.loads).toHaveLength(0)
    expect(client.connection.getState().status).toBe('disconnected')
  })
})

describe('reconnect runs once at a time', () => {
  it('a second call while one is running joins it (a provider mounted twice)', async () => {
    const fake = threeWallets()
    fake.answer('reconnect', 'wallet.b', resolves({ accounts: [ADDRESS_A], chainId: 31337 }))
    const { client } = createTestLatch({ storage: previousVisit('wallet.b', ['wallet.b']) }, fake)

    await Promise.all([client.reconnect(), client.reconnect()])
    await flush()

    expect(fake.callsTo('reconnect')).toEqual([{ connectorId: 'wallet.b' }])
    expect(client.connection.getState().status).toBe('connected')
  })

  it('does nothing when a connection is already live', async () => {
    const fake = threeWallets()
    fake.answer('reconnect', 'wallet.b', resolves({ accounts: [ADDRESS_A], chainId: 31337 }))
    const { client } = createTestLatch({ storage: previousVisit('wallet.b', ['wallet.b']) }, fake)
    await client.reconnect()
    await client.reconnect()
    expect(fake.callsTo('reconnect')).toHaveLength(1)
  })
})

describe('embedded mode and reconnect', () => {
  it('an embedded modal showing Connect moves to Account when a returning visitor reconnects', async () => {
    const fake = threeWallets()
    fake.answer('reconnect', 'wallet.b', resolves({ accounts: [ADDRESS_A], chainId: 31337 }))
    const { client } = createTestLatch(
      { embedded: true, storage: previousVisit('wallet.b', ['wallet.b']) },
      fake,
    )
    await client.open()
    expect(client.router.store.getState().view).toBe('Connect')

    await client.reconnect()
    expect(client.router.store.getState().view).toBe('Account')
  })
})

describe('reconnect keeps to the namespace', () => {
  it('does not restore an eip155 connection through a recent wallet of another namespace', async () => {
    const fake = createFakeAdapter({
      connectors: [connector('wallet.a'), connector('sol.wallet', { chain: 'solana' })],
    })
    fake.answer('reconnect', 'sol.wallet', resolves({ accounts: [ADDRESS_A], chainId: 31337 }))
    const { client } = createTestLatch(
      { storage: previousVisit('wallet.a', ['sol.wallet', 'wallet.a']) },
      fake,
    )

    await client.reconnect()
    expect(client.connection.getState()).toMatchObject({ status: 'disconnected', connections: {} })
  })
})
