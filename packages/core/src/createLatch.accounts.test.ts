import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ADDRESS_A,
  ADDRESS_B,
  connectThrough,
  createTestLatch,
  deferred,
  flush,
  rejects,
  resolves,
} from '../test/fakeAdapter.ts'
import { BALANCE_CACHE_MS } from './createLatch.ts'
import type { Balance } from './types.ts'

afterEach(() => {
  vi.useRealTimers()
})

describe('account state after connecting', () => {
  it('holds the address, its CAIP-10 form and every account the wallet shared', async () => {
    const { client, fake } = createTestLatch()
    fake.answer('connect', 'wallet.a', resolves({ accounts: [ADDRESS_A, ADDRESS_B], chainId: 31337 }))
    await connectThrough(client)
    expect(client.getAccount()).toMatchObject({
      status: 'connected',
      address: ADDRESS_A,
      caipAddress: `eip155:31337:${ADDRESS_A}`,
      allAccounts: [ADDRESS_A, ADDRESS_B],
    })
  })

  it('shows the balance floored to 3 decimals with its symbol', async () => {
    const { client } = createTestLatch()
    await connectThrough(client)
    // The fake holds 1.9999 ETH.
    expect(client.getAccount()).toMatchObject({
      balance: '1.999',
      balanceSymbol: 'ETH',
      balanceStatus: 'ready',
    })
  })

  it('asks for the balance of the address on the active network', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    expect(fake.callsTo('getBalance')).toEqual([
      { address: ADDRESS_A, network: client.network.getState().activeNetwork },
    ])
  })

  it("is 'loading' while the balance is on its way", async () => {
    const { client, fake } = createTestLatch()
    const balance = deferred<Balance>()
    fake.answer('getBalance', ADDRESS_A, balance.answer)
    await connectThrough(client)
    expect(client.getAccount()).toMatchObject({
      balanceStatus: 'loading',
      balanceSymbol: 'ETH',
      balance: undefined,
    })

    balance.resolve({ value: 10n ** 18n, decimals: 18, symbol: 'ETH' })
    await flush()
    expect(client.getAccount()).toMatchObject({ balanceStatus: 'ready', balance: '1' })
  })

  it('links the address on the network explorer when the network has one', async () => {
    const { client } = createTestLatch()
    await connectThrough(client)
    expect(client.getAccount().addressExplorerUrl).toBe(`https://explorer.devnet.test/address/${ADDRESS_A}`)
  })

  it('has no explorer link on a network without an explorer', async () => {
    const { client, fake } = createTestLatch()
    fake.answer('connect', 'wallet.a', resolves({ accounts: [ADDRESS_A], chainId: 31338 }))
    await connectThrough(client)
    expect(client.getAccount()).toMatchObject({
      caipAddress: `eip155:31338:${ADDRESS_A}`,
      addressExplorerUrl: undefined,
    })
  })

  it("records the wallet's name and icon and the namespace's default account type", async () => {
    const { client } = createTestLatch()
    await connectThrough(client)
    expect(client.getAccount()).toMatchObject({
      connectedWalletInfo: { name: 'Wallet wallet.a', icon: 'https://img.test/wallet.a.png' },
      preferredAccountTypes: { eip155: 'smartAccount' },
    })
  })
})

describe('an unreachable RPC node', () => {
  it("marks the balance 'unavailable' and breaks nothing else", async () => {
    const { client, fake } = createTestLatch()
    fake.answer('getBalance', '*', rejects(new Error('fetch failed')))
    await client.open()
    await connectThrough(client)

    expect(client.getAccount()).toMatchObject({
      balanceStatus: 'unavailable',
      balance: undefined,
      address: ADDRESS_A,
      caipAddress: `eip155:31337:${ADDRESS_A}`,
      status: 'connected',
    })
    expect(client.connection.getState()).toMatchObject({ status: 'connected', failure: undefined })
    expect(client.modal.getState().open).toBe(false)
    await expect(client.signMessage('hello')).resolves.toBe('0xsignature')
  })

  it('drops a balance shown earlier instead of keeping a stale one', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    expect(client.getAccount().balance).toBe('1.999')

    fake.answer('getBalance', '*', rejects(new Error('fetch failed')))
    await client.refreshBalance({ force: true })
    expect(client.getAccount()).toMatchObject({ balanceStatus: 'unavailable', balance: undefined })
  })

  it('shows the balance once the node answers again', async () => {
    const { client, fake } = createTestLatch()
    fake.answerOnce('getBalance', '*', rejects(new Error('fetch failed')))
    await connectThrough(client)
    await client.refreshBalance()
    expect(client.getAccount()).toMatchObject({ balanceStatus: 'ready', balance: '1.999' })
  })
})

describe('balance is cached for 30 s', () => {
  it('is 30 000 ms', () => {
    expect(BALANCE_CACHE_MS).toBe(30_000)
  })

  it('does not ask again within 30 s and asks again at 30 s', async () => {
    vi.useFakeTimers()
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    expect(fake.callsTo('getBalance')).toHaveLength(1)

    vi.advanceTimersByTime(BALANCE_CACHE_MS - 1)
    await client.refreshBalance()
    expect(fake.callsTo('getBalance')).toHaveLength(1)

    vi.advanceTimersByTime(1)
    fake.answer('getBalance', '*', resolves({ value: 3n * 10n ** 18n, decimals: 18, symbol: 'ETH' }))
    await client.refreshBalance()
    expect(fake.callsTo('getBalance')).toHaveLength(2)
    expect(client.getAccount().balance).toBe('3')
  })

  it('asks again at once when forced', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    await client.refreshBalance({ force: true })
    expect(fake.callsTo('getBalance')).toHaveLength(2)
  })

  it('does not cache a failure', async () => {
    const { client, fake } = createTestLatch()
    fake.answer('getBalance', '*', rejects(new Error('fetch failed')))
    await connectThrough(client)
    await client.refreshBalance()
    expect(fake.callsTo('getBalance')).toHaveLength(2)
  })

  it('caches per network: another network is asked at once', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    await client.switchNetwork('eip155:31338')
    expect(fake.callsTo('getBalance').map((call) => call.network.caipNetworkId)).toEqual([
      'eip155:31337',
      'eip155:31338',
    ])
  })

  it('drops an answer that arrives after the account changed', async () => {
    const { client, fake } = createTestLatch()
    const slow = deferred<Balance>()
    fake.answer('getBalance', ADDRESS_A, slow.answer)
    fake.answer('getBalance', ADDRESS_B, resolves({ value: 5n * 10n ** 18n, decimals: 18, symbol: 'ETH' }))
    await connectThrough(client)

    fake.emit('wallet.a', { type: 'accountsChanged', accounts: [ADDRESS_B] })
    await flush()
    slow.resolve({ value: 7n * 10n ** 18n, decimals: 18, symbol: 'ETH' })
    await flush()
    expect(client.getAccount()).toMatchObject({ address: ADDRESS_B, balance: '5' })
  })
})
