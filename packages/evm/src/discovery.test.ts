// @vitest-environment happy-dom
import type { Connector } from '@latch/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createCleanup, createMockWallet, sleep } from '../test/mockWallet.ts'
import { createConnectorDiscovery } from './discovery.ts'

const cleanup = createCleanup()
afterEach(() => cleanup.run())

/** Watches discovery and records every list it reports. */
function watchAll(legacyFallbackDelayMs = 20) {
  const discovery = createConnectorDiscovery({ legacyFallbackDelayMs })
  const reports: (readonly Connector[])[] = []
  const stop = discovery.watch((list) => reports.push(list))
  cleanup.add(stop)
  return { discovery, reports, stop, latest: () => reports.at(-1) ?? [] }
}

describe('EIP-6963 discovery', () => {
  it('lists a wallet that announced before discovery started', () => {
    const wallet = createMockWallet({
      name: 'Mock',
      rdns: 'org.latch.mock',
      icon: 'data:image/png;base64,AA',
    })
    cleanup.add(wallet.announce())
    const { latest } = watchAll()
    expect(latest()).toEqual([
      {
        id: 'org.latch.mock',
        name: 'Mock',
        type: 'ANNOUNCED',
        chain: 'eip155',
        imageUrl: 'data:image/png;base64,AA',
        info: { rdns: 'org.latch.mock' },
        provider: wallet.provider,
      },
    ])
  })

  it('adds wallets that announce after discovery started', () => {
    const { latest } = watchAll()
    expect(latest()).toEqual([])
    cleanup.add(createMockWallet({ rdns: 'io.metamask', name: 'MetaMask' }).announce())
    cleanup.add(createMockWallet({ rdns: 'com.coinbase.wallet', name: 'Coinbase Wallet' }).announce())
    expect(latest().map((c) => c.id)).toEqual(['io.metamask', 'com.coinbase.wallet'])
  })

  it('keeps one connector per rdns when a wallet re-announces with a new uuid', () => {
    const { latest } = watchAll()
    const first = createMockWallet({ rdns: 'io.metamask' })
    const reloaded = createMockWallet({ rdns: 'io.metamask' })
    cleanup.add(first.announce())
    cleanup.add(reloaded.announce())
    expect(latest()).toHaveLength(1)
    expect(latest()[0]?.provider).toBe(reloaded.provider)
  })

  it('ignores malformed announcements', () => {
    const { latest } = watchAll()
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'x' } } }))
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: 'y', name: 'No provider', rdns: 'bad.wallet', icon: '' }, provider: {} },
      }),
    )
    expect(latest()).toEqual([])
  })

  it('stops reporting after stop, and stops listening when no one watches', async () => {
    const added = vi.spyOn(window, 'addEventListener')
    const removed = vi.spyOn(window, 'removeEventListener')
    const { reports, stop } = watchAll()
    stop()
    const count = reports.length
    cleanup.add(createMockWallet({ rdns: 'io.late' }).announce())
    await sleep(40)
    expect(reports).toHaveLength(count)
    const announceListeners = (spy: typeof added) =>
      spy.mock.calls.filter(([type]) => type === 'eip6963:announceProvider').map(([, listener]) => listener)
    expect(announceListeners(added).length).toBeGreaterThan(0)
    expect(announceListeners(removed)).toEqual(announceListeners(added))
    added.mockRestore()
    removed.mockRestore()
  })

  it('keeps discovering while another watcher remains', () => {
    const one = watchAll()
    const two = watchAll()
    one.stop()
    cleanup.add(createMockWallet({ rdns: 'io.still' }).announce())
    expect(two.latest().map((c) => c.id)).toEqual(['io.still'])
  })
})

describe('legacy window.ethereum fallback', () => {
  it('offers "Browser Wallet" when nothing announces within the grace period', async () => {
    const wallet = createMockWallet()
    cleanup.add(wallet.injectLegacy())
    const { latest } = watchAll(20)
    expect(latest()).toEqual([]) // announcers get their moment first
    await sleep(40)
    expect(latest()).toEqual([
      {
        id: 'injected',
        name: 'Browser Wallet',
        type: 'INJECTED',
        chain: 'eip155',
        provider: wallet.provider,
      },
    ])
  })

  it('is not offered when a wallet announces', async () => {
    cleanup.add(createMockWallet().injectLegacy())
    cleanup.add(createMockWallet({ rdns: 'io.metamask' }).announce())
    const { reports } = watchAll(20)
    await sleep(40)
    expect(reports.flat().map((c) => c.id)).not.toContain('injected')
  })

  it('is dropped once a wallet announces late', async () => {
    cleanup.add(createMockWallet().injectLegacy())
    const { latest } = watchAll(20)
    await sleep(40)
    expect(latest().map((c) => c.id)).toEqual(['injected'])
    cleanup.add(createMockWallet({ rdns: 'io.metamask' }).announce())
    expect(latest().map((c) => c.id)).toEqual(['io.metamask'])
  })

  it('is not offered without window.ethereum', async () => {
    const { latest } = watchAll(20)
    await sleep(40)
    expect(latest()).toEqual([])
  })

  it('appears when window.ethereum is injected late (ethereum#initialized)', async () => {
    const { latest } = watchAll(20)
    await sleep(40)
    expect(latest()).toEqual([])
    cleanup.add(createMockWallet().injectLegacy())
    window.dispatchEvent(new Event('ethereum#initialized'))
    expect(latest().map((c) => c.id)).toEqual(['injected'])
  })
})

describe('find', () => {
  it('waits for a connector that announces late', async () => {
    const discovery = createConnectorDiscovery({ legacyFallbackDelayMs: 20 })
    const wallet = createMockWallet({ rdns: 'io.slow' })
    setTimeout(() => cleanup.add(wallet.announce()), 30)
    const found = await discovery.find('io.slow', 500)
    expect(found?.provider).toBe(wallet.provider)
  })

  it('resolves undefined after the bounded wait', async () => {
    const discovery = createConnectorDiscovery({ legacyFallbackDelayMs: 20 })
    const started = Date.now()
    await expect(discovery.find('io.absent', 80)).resolves.toBeUndefined()
    expect(Date.now() - started).toBeGreaterThanOrEqual(70)
    expect(Date.now() - started).toBeLessThan(500)
  })
})
