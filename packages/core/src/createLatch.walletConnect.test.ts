import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  ADDRESS_A,
  connector,
  createFakeAdapter,
  createTestLatch,
  deferred,
  flush,
  hangs,
  rejects,
} from '../test/fakeAdapter.ts'
import { WalletConnectNotConfiguredError } from './errors/BaseError.ts'
import type { ConnectResult } from './types.ts'
import { PAIRING_EXPIRY_MS } from './walletConnect/pairing.ts'

// The client loads its actions (connect, pairing) lazily; loaded once here, a call reaches them in a few ticks.
beforeAll(() => import('./client/actions.ts'))
afterEach(() => {
  vi.useRealTimers()
})

const walletConnect = connector('walletConnect', { name: 'WalletConnect', type: 'WALLET_CONNECT' })
const relay = { relayUrl: 'ws://127.0.0.1:8788' }

/** A client whose fake adapter lists an extension wallet and WalletConnect; every connect waits for the test. */
function setUp() {
  const fake = createFakeAdapter({ connectors: [connector('wallet.a'), walletConnect] })
  const answers: Array<ReturnType<typeof deferred<ConnectResult>>> = []
  fake.answer('connect', 'walletConnect', () => {
    const answer = deferred<ConnectResult>()
    answers.push(answer)
    return answer.answer()
  })
  const latch = createTestLatch({ walletConnect: relay }, fake)
  /** Plays the adapter: hands the pairing URI of the `index`-th connect call to core. */
  const showUri = (index: number, uri: string) => fake.callsTo('connect')[index]?.onUri?.(uri)
  return { ...latch, answers, showUri }
}

describe('connectWalletConnect', () => {
  it('publishes the pairing URI with an expiry 4 minutes on, while the wallet has not answered', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') })
    const { client, fake, showUri } = setUp()
    void client.open()

    void client.connectWalletConnect()
    await flush()
    expect(client.connection.getState()).toMatchObject({
      status: 'connecting',
      pendingConnectorId: 'walletConnect',
      wcUri: undefined,
    })
    showUri(0, 'wc:first@2')

    expect(client.connection.getState()).toMatchObject({
      wcUri: 'wc:first@2',
      wcPairingExpiry: Date.parse('2026-11-23T12:04:00Z'),
    })
    expect(fake.callsTo('connect')).toHaveLength(1)
  })

  it('keeps the pairing in progress when asked again (the views may mount twice)', async () => {
    const { client, fake, showUri } = setUp()
    void client.open()

    const first = client.connectWalletConnect()
    const second = client.connectWalletConnect()
    await flush()
    showUri(0, 'wc:first@2')
    void client.connectWalletConnect()
    await flush()

    expect(fake.callsTo('connect')).toHaveLength(1)
    first.catch(() => undefined)
    second.catch(() => undefined)
  })

  it('renews the link 10 s before it expires while the modal is open, and ignores the old pairing', async () => {
    vi.useFakeTimers()
    const { client, fake, answers, showUri } = setUp()
    void client.open()
    void client.connectWalletConnect().catch(() => undefined)
    await flush()
    showUri(0, 'wc:first@2')

    await vi.advanceTimersByTimeAsync(PAIRING_EXPIRY_MS - 10_001)
    expect(fake.callsTo('connect')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await flush()

    expect(fake.callsTo('connect')).toHaveLength(2)
    expect(client.connection.getState().wcUri).toBeUndefined()
    showUri(0, 'wc:late@2')
    showUri(1, 'wc:second@2')
    expect(client.connection.getState()).toMatchObject({ status: 'connecting', wcUri: 'wc:second@2' })

    // A wallet that scanned the first code in time is too late now: that pairing is gone.
    answers[0]!.resolve({ accounts: [ADDRESS_A], chainId: 31337 })
    await flush()
    expect(client.connection.getState().status).toBe('connecting')

    answers[1]!.resolve({ accounts: [ADDRESS_A], chainId: 31337 })
    await flush()
    expect(client.connection.getState()).toMatchObject({
      status: 'connected',
      connections: { eip155: { connectorId: 'walletConnect', connectorType: 'WALLET_CONNECT' } },
      wcUri: undefined,
      wcPairingExpiry: undefined,
    })
    expect(client.getAccount().address).toBe(ADDRESS_A)
  })

  it('starts a new pairing when asked after the link counts as expired', async () => {
    vi.useFakeTimers()
    const { client, fake, showUri } = setUp()
    void client.open()
    void client.connectWalletConnect().catch(() => undefined)
    await flush()
    showUri(0, 'wc:first@2')
    // The renewal timer has not run yet (a sleeping tab), but the link has under 10 s left.
    vi.setSystemTime(Date.now() + PAIRING_EXPIRY_MS - 9_000)

    void client.connectWalletConnect().catch(() => undefined)
    await flush()

    expect(fake.callsTo('connect')).toHaveLength(2)
  })

  it('gives the pairing up when the modal closes, and renews nothing after', async () => {
    vi.useFakeTimers()
    const { client, fake, answers, showUri } = setUp()
    void client.open()
    const connecting = client.connectWalletConnect()
    await flush()
    showUri(0, 'wc:first@2')

    client.close()
    await vi.advanceTimersByTimeAsync(PAIRING_EXPIRY_MS)
    answers[0]!.resolve({ accounts: [ADDRESS_A], chainId: 31337 })
    await flush()

    expect(client.connection.getState()).toMatchObject({
      status: 'disconnected',
      pendingConnectorId: undefined,
      wcUri: undefined,
    })
    expect(fake.callsTo('connect')).toHaveLength(1)
    await expect(connecting).resolves.toBeUndefined()
  })

  it("shows 'declined' and forgets the used link; asking again pairs anew", async () => {
    const { client, fake, answers, showUri } = setUp()
    void client.open()
    const connecting = client.connectWalletConnect()
    await flush()
    showUri(0, 'wc:first@2')

    answers[0]!.reject({ code: 4001, message: 'User rejected.' })
    await expect(connecting).rejects.toMatchObject({ name: 'UserRejectedRequestError' })

    expect(client.connection.getState()).toMatchObject({
      status: 'disconnected',
      failure: 'declined',
      wcUri: undefined,
    })
    void client.connectWalletConnect().catch(() => undefined)
    await flush()
    expect(fake.callsTo('connect')).toHaveLength(2)
  })

  it('leaves an extension wallet picked meanwhile alone when the modal closes', async () => {
    const { client, fake, showUri } = setUp()
    fake.answer('connect', 'wallet.a', deferred<ConnectResult>().answer)
    void client.open()
    void client.connectWalletConnect().catch(() => undefined)
    await flush()
    showUri(0, 'wc:first@2')

    void client.connect('wallet.a').catch(() => undefined)
    await flush()
    client.close()

    expect(client.connection.getState()).toMatchObject({
      status: 'connecting',
      pendingConnectorId: 'wallet.a',
    })
  })

  it('pairs through connect() too when the connector is WalletConnect', async () => {
    const { client, fake, showUri } = setUp()
    await client.getAdapter('eip155')

    void client.connect('walletConnect').catch(() => undefined)
    await flush()
    showUri(0, 'wc:first@2')

    expect(client.connection.getState().wcUri).toBe('wc:first@2')
    expect(fake.callsTo('connect')[0]?.onUri).toBeTypeOf('function')
  })

  it("rejects with 'WalletConnect is not available' when no adapter lists it", async () => {
    const { client } = createTestLatch({ walletConnect: relay })

    await expect(client.connectWalletConnect()).rejects.toBeInstanceOf(WalletConnectNotConfiguredError)
    await expect(client.connectWalletConnect()).rejects.toThrow('WalletConnect is not available')
  })

  it('reports a failure to start the pairing as an error the view can retry', async () => {
    const fake = createFakeAdapter({ connectors: [walletConnect] })
    fake.answerOnce('connect', 'walletConnect', rejects(new Error('relay unreachable')))
    const { client } = createTestLatch({ walletConnect: relay }, fake)

    await expect(client.connectWalletConnect()).rejects.toThrow()

    expect(client.connection.getState()).toMatchObject({ status: 'disconnected', failure: 'error' })
  })

  it('is reset with the rest of the connection on disconnect (SPEC §4)', async () => {
    const { client, answers, showUri } = setUp()
    void client.open()
    void client.connectWalletConnect()
    await flush()
    showUri(0, 'wc:first@2')
    answers[0]!.resolve({ accounts: [ADDRESS_A], chainId: 31337 })
    await flush()

    await client.disconnect()

    expect(client.connection.getState()).toMatchObject({
      status: 'disconnected',
      wcUri: undefined,
      wcPairingExpiry: undefined,
    })
  })
})

describe('the Connecting view that follows a connect (decided by core, not the views)', () => {
  it('shows ConnectingExternal for an extension wallet and ConnectingWalletConnect for WalletConnect', async () => {
    const { client, fake } = setUp()
    fake.answer('connect', 'wallet.a', hangs())
    await client.open()
    void client.connect('wallet.a').catch(() => undefined)
    await vi.waitFor(() => expect(client.router.store.getState().view).toBe('ConnectingExternal'))
    expect(client.router.store.getState().data).toEqual({ connectorId: 'wallet.a' })

    client.back()
    void client.connect('walletConnect').catch(() => undefined)
    await vi.waitFor(() => expect(client.router.store.getState().view).toBe('ConnectingWalletConnect'))
    expect(client.router.store.getState().history).toEqual(['Connect', 'ConnectingWalletConnect'])
  })

  it('a retry from the Connecting view stays on it (Back still leads to the list)', async () => {
    const { client, fake } = setUp()
    fake.answer('connect', 'wallet.a', hangs())
    await client.open()
    void client.connect('wallet.a').catch(() => undefined)
    await vi.waitFor(() => expect(client.router.store.getState().view).toBe('ConnectingExternal'))
    void client.connect('wallet.a').catch(() => undefined)
    await flush()
    expect(client.router.store.getState().history).toEqual(['Connect', 'ConnectingExternal'])
  })

  it('leaves the router alone when the modal is closed (an app connecting in code)', async () => {
    const { client } = setUp()
    await client.getAdapter('eip155')
    void client.connect('wallet.a').catch(() => undefined)
    await flush()
    expect(client.router.store.getState().history).toEqual(['Connect'])
  })
})

describe('opening the modal on a phone', () => {
  /** A phone (or not) whose wallets are an extension wallet and WalletConnect. */
  function phone(isMobile: boolean) {
    const fake = createFakeAdapter({ connectors: [connector('wallet.a'), walletConnect] })
    fake.answer('connect', 'walletConnect', hangs())
    return createTestLatch({ walletConnect: relay, isMobile: () => isMobile }, fake)
  }

  it('starts pairing while the wallet list shows, so a wallet link carries the URI when tapped', async () => {
    const { client, fake } = phone(true)
    await client.open()
    await vi.waitFor(() =>
      expect(fake.callsTo('connect').map((call) => call.connectorId)).toEqual(['walletConnect']),
    )
  })

  it('does not pair on a desktop, nor on a phone opening on another view', async () => {
    const desktop = phone(false)
    await desktop.client.open()
    const mobile = phone(true)
    await mobile.client.open({ view: 'Networks' })
    await flush()
    expect(desktop.fake.callsTo('connect')).toEqual([])
    expect(mobile.fake.callsTo('connect')).toEqual([])
  })
})
