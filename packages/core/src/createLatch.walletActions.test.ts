import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ADDRESS_A,
  connectThrough,
  createTestLatch,
  deferred,
  flush,
  rejects,
  resolves,
} from '../test/fakeAdapter.ts'
import { createFakeServer, devnetEth, json } from '../test/fakeServer.ts'
import { UserRejectedRequestError } from './errors/rpc.ts'
import { PENDING_TRANSACTIONS_LIMIT } from './state/account.ts'

const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('client.sendTransaction and pending transactions (SPEC §9: limit 99)', () => {
  it('answers the hash and keeps the transaction as pending on its network, newest first', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.answerOnce('sendTransaction', '*', resolves('0xfirst'))
    fake.answerOnce('sendTransaction', '*', resolves('0xsecond'))
    expect(await client.sendTransaction({ to: receiver, value: 5n })).toBe('0xfirst')
    await client.sendTransaction({ to: receiver })
    expect(client.getAccount().pendingTransactions).toMatchObject([
      { hash: '0xsecond', chainId: 'eip155:31337', from: ADDRESS_A, to: receiver, value: '0' },
      { hash: '0xfirst', chainId: 'eip155:31337', from: ADDRESS_A, to: receiver, value: '5' },
    ])
  })

  it(`keeps the newest ${PENDING_TRANSACTIONS_LIMIT}`, async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    for (let i = 0; i <= PENDING_TRANSACTIONS_LIMIT; i++) {
      fake.answerOnce('sendTransaction', '*', resolves(`0x${i}`))
      await client.sendTransaction({ to: receiver })
    }
    const pending = client.getAccount().pendingTransactions
    expect(pending).toHaveLength(PENDING_TRANSACTIONS_LIMIT)
    expect(pending[0]!.hash).toBe(`0x${PENDING_TRANSACTIONS_LIMIT}`)
    expect(pending.at(-1)!.hash).toBe('0x1')
  })

  it('records nothing when the wallet declines, and forgets pending ones on disconnect', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.answerOnce('sendTransaction', '*', rejects({ code: 4001, message: 'User rejected' }))
    await expect(client.sendTransaction({ to: receiver })).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(client.getAccount().pendingTransactions).toEqual([])
    await client.sendTransaction({ to: receiver })
    expect(client.getAccount().pendingTransactions).toHaveLength(1)
    await client.disconnect()
    expect(client.getAccount().pendingTransactions).toEqual([])
  })
})

describe('fresh numbers after a send', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('once mined, the native balance, the tokens (past the server’s cache) and the activity are read again together', async () => {
    const server = createFakeServer()
    server.handle(`/v1/account/${ADDRESS_A}/balance`, () => json({ balances: [devnetEth] }))
    server.handle(`/v1/account/${ADDRESS_A}/history`, () => json({ data: [], next: null }))
    vi.stubGlobal('fetch', server.fetch)
    const { client, fake } = createTestLatch({ apiUrl: 'http://api.test' })
    await connectThrough(client)
    // The Account view shows the tokens and the activity: the server's account data is loaded and watched.
    const api = await client.api()
    const queries = await api.account()
    const history = new api.InfiniteQueryObserver(
      api.queryClient,
      queries.historyQuery(ADDRESS_A, 'eip155:31337'),
    )
    const stopWatching = history.subscribe(() => {})
    await vi.waitFor(() => expect(server.to(`/v1/account/${ADDRESS_A}/history`)).toHaveLength(1))

    const mined = deferred<void>()
    fake.answerOnce('waitForTransaction', '0xsent', mined.answer)
    fake.answerOnce('sendTransaction', '*', resolves('0xsent'))
    const nativeReads = fake.callsTo('getBalance').length
    expect(await client.sendTransaction({ to: receiver, value: 5n })).toBe('0xsent')
    await flush()
    // Not mined yet: nothing has moved, nothing is read.
    expect(fake.callsTo('waitForTransaction')).toEqual([
      { network: expect.objectContaining({ caipNetworkId: 'eip155:31337' }), hash: '0xsent' },
    ])
    expect(fake.callsTo('getBalance')).toHaveLength(nativeReads)
    expect(server.to(`/v1/account/${ADDRESS_A}/balance`)).toHaveLength(0)

    mined.resolve()
    await vi.waitFor(() => {
      expect(fake.callsTo('getBalance')).toHaveLength(nativeReads + 1)
      expect(
        server.to(`/v1/account/${ADDRESS_A}/balance`).map((r) => r.url.searchParams.get('forceUpdate')),
      ).toEqual(['true'])
      expect(server.to(`/v1/account/${ADDRESS_A}/history`)).toHaveLength(2)
    })
    stopWatching()
  })
})

describe('SPEC §8 messages a caller can meet', () => {
  it("signing or sending with no account: 'No ActiveCaipAddress found', and no wallet is asked", async () => {
    const { client, fake } = createTestLatch()
    await expect(client.signMessage('hello')).rejects.toMatchObject({
      name: 'NoActiveCaipAddressError',
      shortMessage: 'No ActiveCaipAddress found',
    })
    await expect(client.sendTransaction({ to: receiver, value: 1n })).rejects.toMatchObject({
      shortMessage: 'No ActiveCaipAddress found',
    })
    expect(fake.callsTo('signMessage')).toEqual([])
    expect(fake.callsTo('sendTransaction')).toEqual([])
  })

  it("an adapter for a namespace the app did not configure: 'Chain adapter not found'", async () => {
    const { client } = createTestLatch()
    await expect(client.getAdapter('solana')).rejects.toMatchObject({
      name: 'ChainAdapterNotFoundError',
      shortMessage: 'Chain adapter not found',
    })
  })
})
