// @vitest-environment happy-dom
import { type AdapterEvent, ConnectorNotConnectedError } from '@latch/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCleanup, createMockWallet, createTestAdapter, type MockWallet } from '../test/mockWallet.ts'

const cleanup = createCleanup()
afterEach(() => cleanup.run())

let wallet: MockWallet
let events: AdapterEvent[]
let stop: () => void

beforeEach(async () => {
  wallet = createMockWallet({ knownChainIds: [8453] })
  cleanup.add(wallet.announce())
  const adapter = createTestAdapter()
  await adapter.connect({ connectorId: wallet.info.rdns })
  events = []
  stop = adapter.watchConnection(wallet.info.rdns, (event) => events.push(event))
  cleanup.add(stop)
})

describe('watchConnection', () => {
  it('reports accountsChanged with the new accounts', () => {
    wallet.emit('accountsChanged', ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
    expect(events).toEqual([
      { type: 'accountsChanged', accounts: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] },
    ])
  })

  it('reports an empty accountsChanged as a disconnect (the visitor disconnected the site)', () => {
    wallet.emit('accountsChanged', [])
    expect(events).toEqual([{ type: 'disconnect' }])
  })

  it('reports chainChanged with the chain id as a number', () => {
    wallet.emit('chainChanged', '0x2105')
    expect(events).toEqual([{ type: 'chainChanged', chainId: 8453 }])
  })

  it('ignores a malformed chainChanged', () => {
    wallet.emit('chainChanged', 'not a chain')
    expect(events).toEqual([])
  })

  it('reports disconnect, but not MetaMask’s transient 1013', () => {
    wallet.emit('disconnect', { code: 1013, message: 'Attempting to reconnect' })
    wallet.emit('disconnect', { code: 4900, message: 'Disconnected' })
    expect(events).toEqual([{ type: 'disconnect' }])
  })

  it('stops listening after stop', () => {
    expect(wallet.listenerCount('accountsChanged')).toBe(1)
    stop()
    wallet.emit('chainChanged', '0x2105')
    expect(events).toEqual([])
    for (const event of ['accountsChanged', 'chainChanged', 'disconnect'])
      expect(wallet.listenerCount(event)).toBe(0)
  })

  it('throws ConnectorNotConnectedError for a connector this adapter never connected', () => {
    expect(() => createTestAdapter().watchConnection('io.absent', () => {})).toThrow(
      ConnectorNotConnectedError,
    )
  })
})
