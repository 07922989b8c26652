import { describe, expect, it } from 'vitest'
import {
  ADDRESS_A,
  ADDRESS_B,
  connectThrough,
  createTestLatch,
  devnetB,
  flush,
  resolves,
} from '../test/fakeAdapter.ts'
import { initialSendState } from './state/send.ts'

describe('wallet events: accountsChanged', () => {
  it('updates the address, its CAIP-10 form and the balance', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.emit('wallet.a', { type: 'accountsChanged', accounts: [ADDRESS_B, ADDRESS_A] })
    await flush()

    expect(client.getAccount()).toMatchObject({
      address: ADDRESS_B,
      caipAddress: `eip155:31337:${ADDRESS_B}`,
      allAccounts: [ADDRESS_B, ADDRESS_A],
      addressExplorerUrl: `https://explorer.devnet.test/address/${ADDRESS_B}`,
      status: 'connected',
    })
    expect(fake.callsTo('getBalance').map((call) => call.address)).toEqual([ADDRESS_A, ADDRESS_B])
  })

  it('shows each account its own balance, read afresh, also when switched back within the 30 s a balance is kept', async () => {
    const { client, fake } = createTestLatch()
    fake.answer(
      'getBalance',
      ADDRESS_A,
      resolves({ value: 1_000_000_000_000_000_000n, decimals: 18, symbol: 'ETH' }),
    )
    fake.answer(
      'getBalance',
      ADDRESS_B,
      resolves({ value: 2_000_000_000_000_000_000n, decimals: 18, symbol: 'ETH' }),
    )
    await connectThrough(client)
    expect(client.getAccount()).toMatchObject({ address: ADDRESS_A, balance: '1' })

    fake.emit('wallet.a', { type: 'accountsChanged', accounts: [ADDRESS_B] })
    // Never the previous account's figure beside the new address.
    expect(client.getAccount()).toMatchObject({
      address: ADDRESS_B,
      balance: undefined,
      balanceStatus: 'loading',
    })
    await flush()
    expect(client.getAccount()).toMatchObject({ address: ADDRESS_B, balance: '2' })

    fake.emit('wallet.a', { type: 'accountsChanged', accounts: [ADDRESS_A] })
    await flush()
    expect(client.getAccount()).toMatchObject({ address: ADDRESS_A, balance: '1', balanceStatus: 'ready' })
  })

  it('on a chain the app does not support, another account shows no balance and none is being read', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.emit('wallet.a', { type: 'chainChanged', chainId: 999 })
    await flush()
    expect(client.network.getState().unsupportedChainId).toBe(999)
    fake.emit('wallet.a', { type: 'accountsChanged', accounts: [ADDRESS_B] })
    await flush()
    expect(client.getAccount()).toMatchObject({
      address: ADDRESS_B,
      balance: undefined,
      balanceStatus: 'idle',
    })
  })

  it('resets the session when the wallet shares no account any more', async () => {
    const { client, fake, storage } = createTestLatch()
    await connectThrough(client)
    await client.open()
    fake.emit('wallet.a', { type: 'accountsChanged', accounts: [] })

    expect(client.connection.getState()).toMatchObject({ status: 'disconnected', connections: {} })
    expect(client.getAccount()).toMatchObject({
      address: undefined,
      caipAddress: undefined,
      balance: undefined,
    })
    expect(fake.watching('wallet.a')).toBe(false)
    expect(storage.getItem('@latch/connections')).toBe('{}')
    expect(fake.callsTo('disconnect')).toEqual([])
  })
})

describe('wallet events: disconnect', () => {
  it('resets the session and closes the modal', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    await client.open()
    client.send.setState({ receiverAddress: ADDRESS_B })
    fake.emit('wallet.a', { type: 'disconnect' })

    expect(client.connection.getState()).toMatchObject({ status: 'disconnected', connections: {} })
    expect(client.getAccount().address).toBeUndefined()
    expect(client.send.getState()).toEqual(initialSendState())
    expect(client.modal.getState().open).toBe(false)
    expect(fake.watching('wallet.a')).toBe(false)
  })

  it('opens on Connect next time', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.emit('wallet.a', { type: 'disconnect' })
    await client.open()
    expect(client.router.store.getState().view).toBe('Connect')
  })
})

describe('wallet events: chainChanged', () => {
  it('follows the wallet to another configured network and resets the send form', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    client.send.setState({ receiverAddress: ADDRESS_B, sendTokenAmount: '1' })
    fake.emit('wallet.a', { type: 'chainChanged', chainId: 31338 })
    await flush()

    expect(client.network.getState().activeNetwork).toBe(devnetB)
    expect(client.getAccount().caipAddress).toBe(`eip155:31338:${ADDRESS_A}`)
    expect(client.send.getState()).toEqual(initialSendState())
    expect(fake.callsTo('getBalance').map((call) => call.network.caipNetworkId)).toEqual([
      'eip155:31337',
      'eip155:31338',
    ])
  })

  it('accepts the chain id as a string', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.emit('wallet.a', { type: 'chainChanged', chainId: '31338' })
    expect(client.network.getState().activeNetwork).toBe(devnetB)
  })
})
