import { describe, expect, it, vi } from 'vitest'
import {
  ADDRESS_A,
  ADDRESS_B,
  connector,
  connectThrough,
  createTestLatch,
  deferred,
  devnetA,
  fakeTimersForThisTest,
  flush,
  hangs,
  rejects,
  resolves,
  track,
} from '../test/fakeAdapter.ts'
import { AccountNotFoundError, ConnectorNotConnectedError, TimeoutError } from './errors/BaseError.ts'
import { UserRejectedRequestError } from './errors/rpc.ts'
import type { ConnectResult } from './types.ts'

describe('connection status: disconnected, connecting, connected', () => {
  it('goes disconnected → connecting → connected', async () => {
    const { client, fake } = createTestLatch()
    const answer = deferred<ConnectResult>()
    fake.answer('connect', 'wallet.a', answer.answer)
    await client.getAdapter('eip155')
    const statuses = track(client.connection, (s) => s.status)

    const connecting = client.connect('wallet.a')
    await vi.waitFor(() =>
      expect(client.connection.getState()).toMatchObject({
        status: 'connecting',
        pendingConnectorId: 'wallet.a',
      }),
    )
    answer.resolve({ accounts: [ADDRESS_A], chainId: 31337 })
    await connecting

    expect(statuses).toEqual(['disconnected', 'connecting', 'connected'])
    expect(client.connection.getState()).toMatchObject({
      status: 'connected',
      pendingConnectorId: undefined,
      connections: { eip155: { connectorId: 'wallet.a', connectorType: 'ANNOUNCED' } },
    })
  })

  it('asks the wallet for the active network of its namespace', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    expect(fake.callsTo('connect')).toEqual([{ connectorId: 'wallet.a', network: devnetA }])
  })

  it("publishes the CAIP address only with the wallet's own chain", async () => {
    const { client, fake } = createTestLatch()
    fake.answer('connect', 'wallet.a', resolves({ accounts: [ADDRESS_A], chainId: 31338 }))
    await client.getAdapter('eip155')
    const caipAddresses = track(client.accounts, (s) => s.eip155?.caipAddress)

    await client.connect('wallet.a')

    expect(caipAddresses.filter(Boolean)).toEqual([`eip155:31338:${ADDRESS_A}`])
  })

  it('closes the modal once connected', async () => {
    const { client } = createTestLatch()
    await client.open()
    await connectThrough(client)
    expect(client.modal.getState().open).toBe(false)
  })

  it('rejects a connector that was never discovered and goes back to disconnected', async () => {
    const { client, fake } = createTestLatch()
    await client.getAdapter('eip155')
    await expect(client.connect('wallet.unknown')).rejects.toBeInstanceOf(ConnectorNotConnectedError)
    expect(client.connection.getState()).toMatchObject({ status: 'disconnected', failure: 'error' })
    expect(fake.callsTo('connect')).toEqual([])
  })

  it("rejects with 'Connector already connected' for the connected wallet, without asking it again", async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    await expect(client.connect('wallet.a')).rejects.toMatchObject({
      name: 'ConnectorAlreadyConnectedError',
      shortMessage: 'Connector already connected',
    })
    expect(fake.callsTo('connect')).toHaveLength(1)
    expect(client.connection.getState()).toMatchObject({ status: 'connected', failure: undefined })
  })

  it("rejects with 'Account not found for connector' when the wallet returns no account", async () => {
    const { client, fake } = createTestLatch()
    fake.answer('connect', 'wallet.a', resolves({ accounts: [], chainId: 31337 }))
    await client.getAdapter('eip155')

    await expect(client.connect('wallet.a')).rejects.toBeInstanceOf(AccountNotFoundError)
    expect(client.connection.getState()).toMatchObject({ status: 'disconnected', connections: {} })
    expect(client.getAccount().address).toBeUndefined()
  })
})

describe('a declined connect (4001)', () => {
  it("rejects with UserRejectedRequestError, shows 'declined', returns to disconnected and shakes", async () => {
    fakeTimersForThisTest()
    const { client, fake } = createTestLatch()
    fake.answer('connect', 'wallet.a', rejects({ code: 4001 }))
    await client.getAdapter('eip155')

    await expect(client.connect('wallet.a')).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(client.connection.getState()).toMatchObject({
      status: 'disconnected',
      failure: 'declined',
      pendingConnectorId: 'wallet.a',
    })
    expect(client.connection.getState().error?.shortMessage).toBe('Request declined in the wallet')
    expect(client.modal.getState().shake).toBe(true)
    vi.advanceTimersByTime(500)
    expect(client.modal.getState().shake).toBe(false)
  })

  it("shows 'error' for a failure that is not a rejection", async () => {
    const { client, fake } = createTestLatch()
    fake.answer('connect', 'wallet.a', rejects({ code: -32603 }))
    await client.getAdapter('eip155')
    await expect(client.connect('wallet.a')).rejects.toMatchObject({ code: -32603 })
    expect(client.connection.getState()).toMatchObject({ status: 'disconnected', failure: 'error' })
  })

  it('lets the visitor retry, clearing the failure', async () => {
    const { client, fake } = createTestLatch()
    fake.answer('connect', 'wallet.a', rejects({ code: 4001 }))
    await client.getAdapter('eip155')
    await expect(client.connect('wallet.a')).rejects.toThrow()

    fake.answer('connect', 'wallet.a', resolves({ accounts: [ADDRESS_A], chainId: 31337 }))
    await client.connect('wallet.a')
    expect(client.connection.getState()).toMatchObject({
      status: 'connected',
      failure: undefined,
      error: undefined,
    })
  })

  it('keeps an existing connection when connecting another wallet is declined', async () => {
    const { client, fake } = createTestLatch()
    fake.setConnectors([connector('wallet.a'), connector('wallet.b')])
    await connectThrough(client, 'wallet.a')
    fake.answer('connect', 'wallet.b', rejects({ code: 4001 }))

    await expect(client.connect('wallet.b')).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(client.connection.getState().status).toBe('connected')
    expect(client.getAccount().address).toBe(ADDRESS_A)
  })
})

describe('a connect that never answers', () => {
  it('rejects with TimeoutError after connectTimeoutMs and shows timeout', async () => {
    fakeTimersForThisTest()
    const { client, fake } = createTestLatch({ connectTimeoutMs: 5_000 })
    fake.answer('connect', 'wallet.a', hangs())
    await client.getAdapter('eip155')

    const outcome = client.connect('wallet.a').then(
      () => 'resolved',
      (error: unknown) => error,
    )
    await vi.advanceTimersByTimeAsync(4_999)
    expect(client.connection.getState().status).toBe('connecting')

    await vi.advanceTimersByTimeAsync(1)
    const error = await outcome
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as TimeoutError).shortMessage).toBe('The wallet did not respond')
    expect(client.connection.getState()).toMatchObject({ status: 'disconnected', failure: 'timeout' })
    expect(client.modal.getState().shake).toBe(true)
  })

  it('waits 60 s by default', async () => {
    fakeTimersForThisTest()
    const { client, fake } = createTestLatch()
    fake.answer('connect', 'wallet.a', hangs())
    await client.getAdapter('eip155')

    const outcome = client.connect('wallet.a').catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(59_999)
    expect(client.connection.getState().status).toBe('connecting')
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toBeInstanceOf(TimeoutError)
  })
})

describe('a stale connect attempt does not override the newer one', () => {
  /** Connects 'wallet.a' twice: the first attempt (`stale`) waits on `first`; the retry connected account A. */
  async function retriedAfterFirstAttempt() {
    const { client, fake } = createTestLatch()
    const first = deferred<ConnectResult>()
    fake.answerOnce('connect', 'wallet.a', first.answer)
    fake.answerOnce('connect', 'wallet.a', resolves({ accounts: [ADDRESS_A], chainId: 31337 }))
    await client.getAdapter('eip155')
    const stale = client.connect('wallet.a')
    await client.connect('wallet.a')
    return { client, first, stale }
  }

  it('ignores the first wallet answering after the retry succeeded', async () => {
    const { client, first, stale } = await retriedAfterFirstAttempt()
    first.resolve({ accounts: [ADDRESS_B], chainId: 31338 })
    await stale
    await flush()

    expect(client.getAccount().address).toBe(ADDRESS_A)
    expect(client.network.getState().activeNetwork).toBe(devnetA)
  })

  it('ignores the first attempt failing after the retry succeeded', async () => {
    const { client, first, stale } = await retriedAfterFirstAttempt()
    first.reject({ code: 4001 })

    await expect(stale).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(client.connection.getState()).toMatchObject({ status: 'connected', failure: undefined })
    expect(client.modal.getState().shake).toBe(false)
  })

  it('ignores the first attempt answering while the retry is still pending', async () => {
    const { client, fake } = createTestLatch()
    const first = deferred<ConnectResult>()
    const second = deferred<ConnectResult>()
    fake.answerOnce('connect', 'wallet.a', first.answer)
    fake.answerOnce('connect', 'wallet.a', second.answer)
    await client.getAdapter('eip155')
    const stale = client.connect('wallet.a')
    const retry = client.connect('wallet.a')

    first.resolve({ accounts: [ADDRESS_B], chainId: 31337 })
    await stale
    expect(client.connection.getState().status).toBe('connecting')
    expect(client.getAccount().address).toBeUndefined()

    second.reject({ code: 4001 })
    await expect(retry).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(client.connection.getState()).toMatchObject({ status: 'disconnected', failure: 'declined' })
  })

  it('keeps an existing connection when a retry for another wallet is declined', async () => {
    const { client, fake } = createTestLatch()
    fake.setConnectors([connector('wallet.a'), connector('wallet.b')])
    await connectThrough(client, 'wallet.a')

    fake.answerOnce('connect', 'wallet.b', hangs())
    fake.answerOnce('connect', 'wallet.b', rejects({ code: 4001 }))
    void client.connect('wallet.b').catch(() => {})
    await expect(client.connect('wallet.b')).rejects.toBeInstanceOf(UserRejectedRequestError)

    expect(client.connection.getState().status).toBe('connected')
    expect(client.getAccount().address).toBe(ADDRESS_A)
  })
})
