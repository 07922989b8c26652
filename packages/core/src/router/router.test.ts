import { describe, expect, it } from 'vitest'
import { connectThrough, createTestLatch } from '../../test/fakeAdapter.ts'
import { defaultFeatures } from '../options/defaults.ts'
import { createRouter, openingView } from './router.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** The options the opening rules read: wallet adapters or not, a phone or not, legalCheckbox or not. */
const app = ({ adapters = true, mobile = false, legal = false }) => ({
  adapters: adapters ? [{ namespace: 'eip155' as const, load: async () => ({}) as never }] : [],
  basic: false,
  isMobile: () => mobile,
  features: { ...defaultFeatures, legalCheckbox: legal },
})

describe('opening rules, in order (openingView)', () => {
  it('1. an explicitly requested view wins, even when connected', () => {
    expect(openingView(app({}), address, 'Networks')).toBe('Networks')
    expect(openingView(app({ adapters: false, mobile: true }), undefined, 'Connect')).toBe('Connect')
  })

  it('2. with no wallet adapters and no connected address, mobile visitors see AllWallets', () => {
    expect(openingView(app({ adapters: false, mobile: true }), undefined)).toBe('AllWallets')
  })

  it('2. with no wallet adapters and no connected address, desktop visitors see ConnectingWalletConnectBasic', () => {
    expect(openingView(app({ adapters: false }), undefined)).toBe('ConnectingWalletConnectBasic')
  })

  it('2. with legalCheckbox, a mobile visitor starts on Connect, where the terms are agreed to', () => {
    expect(openingView(app({ adapters: false, mobile: true, legal: true }), undefined)).toBe('Connect')
    expect(openingView(app({ adapters: false, legal: true }), undefined)).toBe('ConnectingWalletConnectBasic')
  })

  it('3. a connected address opens Account', () => {
    expect(openingView(app({}), address)).toBe('Account')
    expect(openingView(app({ adapters: false, mobile: true }), address)).toBe('Account')
  })

  it('4. otherwise Connect', () => {
    expect(openingView(app({}), undefined)).toBe('Connect')
    expect(openingView(app({ mobile: true }), undefined)).toBe('Connect')
  })
})

describe('opening rules, in order (client.open)', () => {
  it('1. an explicitly requested view wins, even when connected', async () => {
    const { client } = createTestLatch()
    await connectThrough(client)
    await client.open({ view: 'Networks' })
    expect(client.router.store.getState().view).toBe('Networks')
    expect(client.modal.getState().open).toBe(true)
  })

  it('passes the requested view its data', async () => {
    const { client } = createTestLatch()
    await client.open({ view: 'ConnectingExternal', data: { connectorId: 'wallet.a' } })
    expect(client.router.store.getState()).toMatchObject({
      view: 'ConnectingExternal',
      data: { connectorId: 'wallet.a' },
    })
  })

  it('2. with no wallet adapters, mobile visitors see AllWallets', async () => {
    const { client } = createTestLatch({ adapters: [], isMobile: () => true })
    await client.open()
    expect(client.router.store.getState().view).toBe('AllWallets')
  })

  it('2. with no wallet adapters and legalCheckbox, mobile visitors see Connect (the terms are there)', async () => {
    const { client } = createTestLatch({
      adapters: [],
      isMobile: () => true,
      features: { legalCheckbox: true },
    })
    await client.open()
    expect(client.router.store.getState().view).toBe('Connect')
  })

  it('2. with no wallet adapters, desktop visitors see ConnectingWalletConnectBasic', async () => {
    const { client } = createTestLatch({ adapters: [], isMobile: () => false })
    await client.open()
    expect(client.router.store.getState().view).toBe('ConnectingWalletConnectBasic')
  })

  it('2. basic mode (WalletConnect only) counts as no wallet adapters: desktop sees ConnectingWalletConnectBasic', async () => {
    const { client } = createTestLatch({ basic: true, isMobile: () => false })
    await client.open()
    expect(client.router.store.getState().view).toBe('ConnectingWalletConnectBasic')
  })

  it('3. a connected address opens Account', async () => {
    const { client } = createTestLatch()
    await connectThrough(client)
    await client.open()
    expect(client.router.store.getState().view).toBe('Account')
  })

  it('4. otherwise Connect, on mobile and desktop alike', async () => {
    const mobile = createTestLatch({ isMobile: () => true }).client
    const desktop = createTestLatch({ isMobile: () => false }).client
    await mobile.open()
    await desktop.open()
    expect(mobile.router.store.getState().view).toBe('Connect')
    expect(desktop.router.store.getState().view).toBe('Connect')
  })

  it('starts a fresh history on every open', async () => {
    const { client } = createTestLatch()
    await client.open()
    client.router.push('AllWallets')
    client.close()
    await client.open()
    expect(client.router.store.getState().history).toEqual(['Connect'])
  })
})

describe('navigation is a history stack', () => {
  it('push adds a view and back returns to the one before', () => {
    const router = createRouter()
    router.reset('Connect')
    router.push('AllWallets')
    router.push('ConnectingExternal', { connectorId: 'wallet.a' })
    expect(router.store.getState()).toEqual({
      view: 'ConnectingExternal',
      history: ['Connect', 'AllWallets', 'ConnectingExternal'],
      data: { connectorId: 'wallet.a' },
    })

    expect(router.back()).toBe('navigated')
    expect(router.store.getState()).toEqual({
      view: 'AllWallets',
      history: ['Connect', 'AllWallets'],
      data: {},
    })
    expect(router.back()).toBe('navigated')
    expect(router.store.getState().view).toBe('Connect')
  })

  it('replace swaps the current view without growing history', () => {
    const router = createRouter()
    router.reset('Connect')
    router.push('ConnectingExternal')
    router.replace('ConnectingSiwe')
    expect(router.store.getState().history).toEqual(['Connect', 'ConnectingSiwe'])
    router.back()
    expect(router.store.getState().view).toBe('Connect')
  })
})

describe('going back from the first view closes the modal', () => {
  it('the router answers close on the first view', () => {
    const router = createRouter()
    router.reset('Account')
    expect(router.back()).toBe('close')
    expect(router.store.getState().view).toBe('Account')
  })

  it('client.back navigates inside the modal, then closes it from the first view', async () => {
    const { client } = createTestLatch()
    await client.open()
    client.router.push('AllWallets')

    client.back()
    expect(client.router.store.getState().view).toBe('Connect')
    expect(client.modal.getState().open).toBe(true)

    client.back()
    expect(client.modal.getState().open).toBe(false)
  })
})

describe('UnsupportedChain blocks back-navigation in history', () => {
  it('the router refuses to leave UnsupportedChain', () => {
    const router = createRouter()
    router.reset('Account')
    router.push('UnsupportedChain')
    expect(router.back()).toBe('blocked')
    expect(router.store.getState().view).toBe('UnsupportedChain')
  })

  it('client.back neither navigates nor closes on UnsupportedChain', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.emit('wallet.a', { type: 'chainChanged', chainId: 1 })
    expect(client.router.store.getState().view).toBe('UnsupportedChain')

    client.back()
    expect(client.router.store.getState().view).toBe('UnsupportedChain')
    expect(client.modal.getState().open).toBe(true)
  })
})

describe('in embedded mode, closing routes to Account if connected, otherwise Connect', () => {
  it('routes to Connect and stays open when not connected', async () => {
    const { client } = createTestLatch({ embedded: true })
    await client.open()
    client.router.push('AllWallets')
    client.close()
    expect(client.modal.getState().open).toBe(true)
    expect(client.router.store.getState()).toMatchObject({ view: 'Connect', history: ['Connect'] })
  })

  it('routes to Account and stays open when connected', async () => {
    const { client } = createTestLatch({ embedded: true })
    await client.open()
    await connectThrough(client)
    client.router.push('Networks')
    client.close()
    expect(client.modal.getState().open).toBe(true)
    expect(client.router.store.getState()).toMatchObject({ view: 'Account', history: ['Account'] })
  })

  it('routes back from the first view the same way instead of closing', async () => {
    const { client } = createTestLatch({ embedded: true })
    await client.open({ view: 'AllWallets' })
    client.back()
    expect(client.modal.getState().open).toBe(true)
    expect(client.router.store.getState().view).toBe('Connect')
  })

  it('routes to Account once a connect succeeds', async () => {
    const { client } = createTestLatch({ embedded: true })
    await client.open()
    client.router.push('ConnectingExternal', { connectorId: 'wallet.a' })
    await connectThrough(client)
    expect(client.modal.getState().open).toBe(true)
    expect(client.router.store.getState().view).toBe('Account')
  })
})
