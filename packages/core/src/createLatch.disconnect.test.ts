import { describe, expect, it, vi } from 'vitest'
import {
  ADDRESS_A,
  connector,
  connectThrough,
  createFakeAdapter,
  createMemoryStorage,
  createTestLatch,
  devnetA,
  devnetB,
  flush,
  rejects,
  SOLANA_ADDRESS,
  solanaDevnet,
} from '../test/fakeAdapter.ts'
import { DisconnectError } from './errors/BaseError.ts'
import type { SiwxHooks } from './options/types.ts'
import { initialSendState } from './state/send.ts'
import type { ConnectorType } from './types.ts'

describe('disconnect resets account, network, send data, the WalletConnect link and stored deep link', () => {
  it('resets the account and the connection', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    await client.disconnect()

    expect(fake.callsTo('disconnect')).toEqual([{ connectorId: 'wallet.a' }])
    expect(client.connection.getState()).toMatchObject({ status: 'disconnected', connections: {} })
    expect(client.getAccount()).toMatchObject({
      status: 'disconnected',
      address: undefined,
      caipAddress: undefined,
      balance: undefined,
      addressExplorerUrl: undefined,
      connectedWalletInfo: undefined,
    })
  })

  it('stops listening to the wallet', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    await client.disconnect()
    expect(fake.watching('wallet.a')).toBe(false)
  })

  it('clears an unsupported chain', async () => {
    const { client, fake } = createTestLatch({ enableNetworkSwitch: false })
    await connectThrough(client)
    fake.emit('wallet.a', { type: 'chainChanged', chainId: 1 })
    expect(client.network.getState().unsupportedChainId).toBe(1)

    await client.disconnect()
    expect(client.network.getState().unsupportedChainId).toBeUndefined()
  })

  it('puts the app back on its default network (SPEC §4), wherever the wallet had taken it', async () => {
    const { client, fake } = createTestLatch()
    expect(client.network.getState().activeNetwork).toBe(devnetA)
    await connectThrough(client)
    fake.emit('wallet.a', { type: 'chainChanged', chainId: devnetB.id })
    expect(client.network.getState().activeNetwork).toBe(devnetB)

    await client.disconnect()
    expect(client.network.getState()).toMatchObject({
      activeNamespace: 'eip155',
      activeNetwork: devnetA,
      unsupportedChainId: undefined,
    })
  })

  it('resets the send form', async () => {
    const { client } = createTestLatch()
    await connectThrough(client)
    client.send.setState({ receiverAddress: ADDRESS_A, sendTokenAmount: '0.5', gasPrice: 1n })
    await client.disconnect()
    expect(client.send.getState()).toEqual(initialSendState())
  })

  it('forgets the WalletConnect pairing link', async () => {
    const { client } = createTestLatch()
    await connectThrough(client)
    client.connection.setState({ wcUri: 'wc:abc@2?relay-protocol=irn' })
    await client.disconnect()
    expect(client.connection.getState().wcUri).toBeUndefined()
  })

  it("removes '@latch/socialProvider' and '@latch/deepLink' and the stored connection, keeping recent wallets", async () => {
    const storage = createMemoryStorage({
      '@latch/socialProvider': 'google',
      '@latch/deepLink': '{"href":"metamask://"}',
    })
    const { client } = createTestLatch({ storage })
    await connectThrough(client)
    await client.disconnect()

    expect(storage.entries()).toEqual({
      '@latch/recentWallets': '["wallet.a"]',
      '@latch/connections': '{}',
    })
  })

  it('closes the modal', async () => {
    const { client } = createTestLatch()
    await connectThrough(client)
    await client.open()
    await client.disconnect()
    expect(client.modal.getState().open).toBe(false)
  })

  it('routes an embedded modal to Connect', async () => {
    const { client } = createTestLatch({ embedded: true })
    await connectThrough(client)
    await client.open()
    await client.disconnect()
    expect(client.modal.getState().open).toBe(true)
    expect(client.router.store.getState().view).toBe('Connect')
  })

  it('settles without calling a wallet when nothing is connected', async () => {
    const { client, fake } = createTestLatch()
    await client.disconnect()
    expect(fake.callsTo('disconnect')).toEqual([])
    expect(client.connection.getState().status).toBe('disconnected')
  })
})

describe('disconnect clears sign-in sessions', () => {
  it('calls siwx.clearSessions', async () => {
    const clearSessions = vi.fn()
    const { client } = createTestLatch({ siwx: { clearSessions } })
    await connectThrough(client)
    await client.disconnect()
    expect(clearSessions).toHaveBeenCalledTimes(1)
  })

  it('still disconnects when clearing sessions fails', async () => {
    const clearSessions = vi.fn(() => Promise.reject(new Error('server down')))
    const { client } = createTestLatch({ siwx: { clearSessions } })
    await connectThrough(client)
    await client.disconnect()
    await flush()
    expect(clearSessions).toHaveBeenCalledTimes(1)
    expect(client.connection.getState().status).toBe('disconnected')
  })

  it('still disconnects and closes the modal when clearing sessions throws at once', async () => {
    const siwx: SiwxHooks = {
      clearSessions() {
        throw new Error('no session store')
      },
    }
    const { client } = createTestLatch({ siwx })
    await connectThrough(client)
    await client.open()
    await expect(client.disconnect()).resolves.toBeUndefined()
    expect(client.connection.getState().status).toBe('disconnected')
    expect(client.modal.getState().open).toBe(false)
  })
})

describe('disconnect takes companion chains of the same connector kind', () => {
  /** eip155 through `wallet.a` (ANNOUNCED) and solana through `phantom` of `solanaType`; solana active. */
  async function connectBoth(solanaType: ConnectorType) {
    const evm = createFakeAdapter()
    const solana = createFakeAdapter({
      namespace: 'solana',
      connectors: [connector('phantom', { chain: 'solana', type: solanaType })],
    })
    const { client } = createTestLatch(
      { networks: [devnetA, devnetB, solanaDevnet], adapters: [evm.factory, solana.factory] },
      evm,
    )
    await connectThrough(client, 'wallet.a', 'eip155')
    await connectThrough(client, 'phantom', 'solana')
    expect(client.network.getState().activeNamespace).toBe('solana')
    expect(client.getAccount().address).toBe(SOLANA_ADDRESS)
    return { client, evm, solana }
  }

  it('disconnects a companion namespace connected through the same connector type', async () => {
    const { client, evm, solana } = await connectBoth('ANNOUNCED')
    await client.disconnect()

    expect(solana.callsTo('disconnect')).toEqual([{ connectorId: 'phantom' }])
    expect(evm.callsTo('disconnect')).toEqual([{ connectorId: 'wallet.a' }])
    expect(client.connection.getState()).toMatchObject({ status: 'disconnected', connections: {} })
    expect(client.accounts.get('eip155').address).toBeUndefined()
    expect(client.accounts.get('solana').address).toBeUndefined()
  })

  it('leaves a namespace connected through another connector type', async () => {
    const { client, evm, solana } = await connectBoth('WALLET_CONNECT')
    await client.disconnect()

    expect(solana.callsTo('disconnect')).toEqual([{ connectorId: 'phantom' }])
    expect(evm.callsTo('disconnect')).toEqual([])
    expect(client.connection.getState()).toMatchObject({
      status: 'connected',
      connections: { eip155: { connectorId: 'wallet.a', connectorType: 'ANNOUNCED' } },
    })
    expect(client.accounts.get('eip155').address).toBe(ADDRESS_A)
    expect(client.accounts.get('solana').address).toBeUndefined()
  })
})

describe("a failing wallet disconnect shows 'Failed to disconnect'", () => {
  it('shows the error snack and rejects with DisconnectError', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    const walletError = { code: -32603, message: 'Internal error' }
    fake.answer('disconnect', 'wallet.a', rejects(walletError))

    const error = await client.disconnect().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DisconnectError)
    expect((error as DisconnectError).shortMessage).toBe('Failed to disconnect')
    expect((error as DisconnectError).cause).toBe(walletError)
    expect(client.snack.getState()).toEqual({ open: true, variant: 'error', message: 'Failed to disconnect' })
  })
})
