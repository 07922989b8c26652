import { describe, expect, it } from 'vitest'
import { connector, connectThrough, createFakeAdapter, createTestLatch } from '../../test/fakeAdapter.ts'
import { defaultConnectorTypeOrder } from '../options/defaults.ts'
import type { Connector } from '../types.ts'
import { connectorCategory, type OrderContext, orderConnectors, orderContext } from './order.ts'

const context: OrderContext = {
  order: defaultConnectorTypeOrder,
  recent: [],
  featuredWalletIds: ['explorer.featured'],
  customWalletIds: ['custom.wallet'],
}

const walletConnect = connector('walletConnect', { type: 'WALLET_CONNECT' })
const announced = connector('io.announced')
const legacy = connector('injected', { type: 'INJECTED' })
const featured = connector('io.featured', { type: 'ANNOUNCED', explorerId: 'explorer.featured' })
const custom = connector('custom.wallet', { type: 'EXTERNAL' })
const external = connector('external.wallet', { type: 'EXTERNAL' })
const auth = connector('auth', { type: 'AUTH' })
const multiChain = connector('multi', { type: 'MULTI_CHAIN' })

const ids = (list: readonly Connector[]) => list.map((c) => c.id)

describe('connector types AUTH, MULTI_CHAIN, ANNOUNCED', () => {
  it('puts an ANNOUNCED (EIP-6963) and a legacy INJECTED connector in the injected category', () => {
    expect(connectorCategory(announced, context)).toBe('injected')
    expect(connectorCategory(legacy, context)).toBe('injected')
  })

  it('puts WALLET_CONNECT and EXTERNAL connectors in their own categories', () => {
    expect(connectorCategory(walletConnect, context)).toBe('walletConnect')
    expect(connectorCategory(external, context)).toBe('external')
  })

  it('keeps AUTH and MULTI_CHAIN connectors after every wallet row, in their announced order', () => {
    const ordered = orderConnectors([multiChain, auth, external, announced], context)
    expect(ids(ordered)).toEqual(['io.announced', 'external.wallet', 'multi', 'auth'])
  })
})

describe('connector order: walletConnect, recent, injected, featured, custom, external, recommended', () => {
  it('orders one connector of each category', () => {
    const shuffled = [auth, external, custom, featured, legacy, walletConnect, announced]
    const ordered = orderConnectors(shuffled, { ...context, recent: ['io.announced'] })
    expect(ids(ordered)).toEqual([
      'walletConnect',
      'io.announced', // recent
      'injected',
      'io.featured',
      'custom.wallet',
      'external.wallet',
      'auth',
    ])
  })

  it('puts recent connectors before injected ones, most recent first', () => {
    const a = connector('a')
    const b = connector('b')
    const c = connector('c')
    expect(ids(orderConnectors([a, b, c], { ...context, recent: ['c', 'b'] }))).toEqual(['c', 'b', 'a'])
  })

  it('counts a recent connector as recent even when it is also featured or custom', () => {
    const ordered = orderConnectors([announced, custom, featured], { ...context, recent: ['custom.wallet'] })
    expect(ids(ordered)).toEqual(['custom.wallet', 'io.announced', 'io.featured'])
  })

  it('keeps the discovery order inside a category', () => {
    const list = [connector('z'), connector('m'), connector('a')]
    expect(ids(orderConnectors(list, context))).toEqual(['z', 'm', 'a'])
  })

  it('follows a custom order', () => {
    const ordered = orderConnectors([announced, featured, custom, external], {
      ...context,
      order: ['external', 'featured', 'custom', 'injected'],
    })
    expect(ids(ordered)).toEqual(['external.wallet', 'io.featured', 'custom.wallet', 'io.announced'])
  })

  it('puts categories missing from a custom order last', () => {
    const ordered = orderConnectors([walletConnect, announced, external], { ...context, order: ['external'] })
    expect(ids(ordered)).toEqual(['external.wallet', 'walletConnect', 'io.announced'])
  })
})

describe('the client lists discovered connectors in connectorTypeOrder', () => {
  it('publishes what the adapter announces, ordered, and follows later announcements', async () => {
    const fake = createFakeAdapter({ connectors: [external, announced] })
    const { client } = createTestLatch({}, fake)
    expect(client.connectors.getState().list).toEqual([])

    await client.getAdapter('eip155')
    expect(ids(client.connectors.getState().list)).toEqual(['io.announced', 'external.wallet'])

    fake.setConnectors([external, announced, walletConnect])
    expect(ids(client.connectors.getState().list)).toEqual([
      'walletConnect',
      'io.announced',
      'external.wallet',
    ])
  })

  it('moves a connector to the recent place once it was used', async () => {
    const fake = createFakeAdapter({ connectors: [legacy, connector('wallet.a'), connector('wallet.b')] })
    const { client } = createTestLatch({}, fake)
    await connectThrough(client, 'wallet.b')
    expect(ids(client.connectors.getState().list)).toEqual(['wallet.b', 'injected', 'wallet.a'])
  })

  it('orders featured and custom wallets by the app options', async () => {
    const fake = createFakeAdapter({ connectors: [custom, featured, announced] })
    const { client } = createTestLatch(
      {
        featuredWalletIds: ['explorer.featured'],
        customWallets: [{ id: 'custom.wallet', name: 'Custom' }],
        connectorTypeOrder: ['custom', 'featured', 'injected'],
      },
      fake,
    )
    await client.getAdapter('eip155')
    expect(ids(client.connectors.getState().list)).toEqual(['custom.wallet', 'io.featured', 'io.announced'])
  })
})

describe('orderContext', () => {
  it("takes the app's order, featured and custom wallet ids, and the visitor's recent wallets", () => {
    const context = orderContext(
      {
        connectorTypeOrder: ['injected', 'walletConnect'],
        featuredWalletIds: ['rainbow'],
        customWallets: [{ id: 'my-wallet', name: 'My Wallet' }],
      },
      ['io.rabby'],
    )

    expect(context).toEqual({
      order: ['injected', 'walletConnect'],
      recent: ['io.rabby'],
      featuredWalletIds: ['rainbow'],
      customWalletIds: ['my-wallet'],
    })
  })
})
