// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ADDRESS_A,
  connectThrough,
  createMemoryStorage,
  createTestLatch,
  devnetB,
  rejects,
  resolves,
  type TestLatchOptions,
} from '../test/fakeAdapter.ts'
import { beaconEvents, createFakeServer, json, recordBeacons } from '../test/fakeServer.ts'
import { createAnalyticsSender } from './analytics/sender.ts'
import { SDK_VERSION } from './version.ts'

// Counts how often a client loads the sender, without changing what it does.
vi.mock('./analytics/sender.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./analytics/sender.ts')>()
  return { ...original, createAnalyticsSender: vi.fn(original.createAnalyticsSender) }
})

const apiUrl = 'http://api.test'
const PAGE = 'https://shop.example/checkout?step=2'

function setup(overrides: TestLatchOptions = {}) {
  const server = createFakeServer()
  const { beacons, sendBeacon } = recordBeacons()
  vi.stubGlobal('fetch', server.fetch)
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true })
  const { client, fake } = createTestLatch({ apiUrl, projectId: 'demo', ...overrides })
  return { server, beacons, client, fake }
}

/** Lets the sender's chunk load and pending requests answer, without moving the clock. */
async function settle() {
  await vi.dynamicImportSettled()
  await vi.advanceTimersByTimeAsync(0)
}

/** Sends whatever is batched: the sender waits 1 s after the first event. */
async function sendBatch() {
  await settle()
  await vi.advanceTimersByTimeAsync(1000)
}

const names = (server: ReturnType<typeof createFakeServer>) => server.events().map((e) => e.props.event)

beforeEach(() => {
  vi.useFakeTimers()
  ;(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(PAGE)
  vi.mocked(createAnalyticsSender).mockClear()
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('nothing is loaded or sent unless analytics is on and apiUrl is set', () => {
  it('loads nothing with features.analytics false', async () => {
    const { server, client } = setup({ features: { analytics: false } })
    client.track('MODAL_OPEN')
    await sendBatch()
    expect(createAnalyticsSender).not.toHaveBeenCalled()
    expect(server.requests).toHaveLength(0)
  })

  it('loads nothing without apiUrl', async () => {
    const { server, client } = setup({ apiUrl: undefined })
    client.track('MODAL_OPEN')
    await sendBatch()
    expect(createAnalyticsSender).not.toHaveBeenCalled()
    expect(server.requests).toHaveLength(0)
  })

  it('sends nothing before the visitor acts: creating the client and reconnecting stay silent', async () => {
    const storage = createMemoryStorage({ '@latch/connections': JSON.stringify({ eip155: 'wallet.a' }) })
    const { server, client, fake } = setup({ storage })
    fake.answer('reconnect', 'wallet.a', resolves({ accounts: [ADDRESS_A], chainId: 31337 }))
    await client.reconnect()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(client.getAccount().address).toBe(ADDRESS_A)
    expect(createAnalyticsSender).not.toHaveBeenCalled()
    expect(server.requests).toHaveLength(0)
  })

  it('sends nothing when the server says analytics is off for the project', async () => {
    const { server, beacons, client } = setup()
    server.handle('/getAnalyticsConfig', () => json({ isAnalyticsEnabled: false }))
    client.track('MODAL_OPEN')
    await sendBatch()
    client.track('MODAL_CLOSE')
    window.dispatchEvent(new Event('pagehide'))
    await sendBatch()
    expect(server.to('/getAnalyticsConfig')).toHaveLength(1)
    expect(server.to('/e')).toHaveLength(0)
    expect(beacons).toHaveLength(0)
  })
})

describe('batching (POST /e)', () => {
  it('asks the config once, then sends the events of the first second in one request', async () => {
    const { server, client } = setup()
    client.track('MODAL_OPEN', { connected: false })
    client.track('SELECT_WALLET', { id: 'w1', name: 'Wallet 1' })
    await settle()
    await vi.advanceTimersByTimeAsync(999)
    expect(server.to('/e')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    client.track('MODAL_CLOSE')
    await vi.advanceTimersByTimeAsync(1000)

    expect(server.to('/getAnalyticsConfig')).toHaveLength(1)
    const posts = server.to('/e')
    expect(posts.map((p) => (JSON.parse(p.body!) as unknown[]).length)).toEqual([2, 1])
    expect(posts[0]!.method).toBe('POST')
    expect(posts[0]!.headers['content-type']).toBe('application/json')
    expect(Object.fromEntries(posts[0]!.url.searchParams)).toEqual({
      projectId: 'demo',
      st: 'latch',
      sv: SDK_VERSION,
    })
  })

  it('describes each event: unique id, page URL and domain, time, type, name and properties', async () => {
    const { server, client } = setup()
    const now = Date.now()
    client.track('SELECT_WALLET', { id: 'w1', name: 'Wallet 1' })
    client.track('MODAL_CLOSE')
    await sendBatch()
    const [first, second] = server.events()
    expect(first).toEqual({
      eventId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      url: PAGE,
      domain: 'shop.example',
      timestamp: now,
      props: { type: 'track', event: 'SELECT_WALLET', properties: { id: 'w1', name: 'Wallet 1' } },
    })
    expect(second!.eventId).not.toBe(first!.eventId)
    expect(second!.props).toEqual({ type: 'track', event: 'MODAL_CLOSE' })
  })

  it('sends at once when 20 events are waiting', async () => {
    const { server, client } = setup()
    client.track('MODAL_OPEN')
    await settle()
    for (let i = 0; i < 19; i++) client.track('MODAL_CLOSE')
    await settle()
    expect(server.events()).toHaveLength(20)
  })

  it('loads the sender once per client', async () => {
    const { client } = setup()
    client.track('MODAL_OPEN')
    client.track('MODAL_CLOSE')
    await sendBatch()
    client.track('MODAL_OPEN')
    await sendBatch()
    expect(createAnalyticsSender).toHaveBeenCalledTimes(1)
  })

  it('drops a batch the server fails on, quietly, and sends the next', async () => {
    const { server, client } = setup()
    let failed = false
    server.handle('/e', () => {
      if (failed) return json({ accepted: 1 }, 202)
      failed = true
      return json({ error: 'boom' }, 500)
    })
    client.track('MODAL_OPEN')
    await sendBatch()
    client.track('MODAL_CLOSE')
    await sendBatch()
    expect(server.to('/e')).toHaveLength(2)
    expect(client.snack.getState().open).toBe(false)
  })

  it('survives a config request that fails to connect, sending nothing', async () => {
    const { server, client } = setup()
    server.handle('/getAnalyticsConfig', () => Promise.reject(new TypeError('Failed to fetch')))
    expect(() => client.track('MODAL_OPEN')).not.toThrow()
    await sendBatch()
    client.track('MODAL_CLOSE')
    await sendBatch()
    expect(server.to('/e')).toHaveLength(0)
    expect(client.snack.getState().open).toBe(false)
  })
})

describe("SPEC §8: a 403 shows 'Invalid App Configuration' and stops analytics", () => {
  it('when the config is refused', async () => {
    const { server, client } = setup()
    server.handle('/getAnalyticsConfig', () => json({ error: 'Origin not allowed' }, 403))
    client.track('MODAL_OPEN')
    await sendBatch()
    expect(client.snack.getState()).toMatchObject({
      open: true,
      variant: 'error',
      message: 'Invalid App Configuration',
    })
    client.track('MODAL_CLOSE')
    await sendBatch()
    expect(server.to('/e')).toHaveLength(0)
    expect(server.to('/getAnalyticsConfig')).toHaveLength(1)
  })

  it('when a batch is refused; later events are not sent', async () => {
    const { server, beacons, client } = setup()
    server.handle('/e', () => json({ error: 'Origin not allowed' }, 403))
    client.track('MODAL_OPEN')
    await sendBatch()
    expect(client.snack.getState().message).toBe('Invalid App Configuration')
    client.track('MODAL_CLOSE')
    await sendBatch()
    window.dispatchEvent(new Event('pagehide'))
    expect(server.to('/e')).toHaveLength(1)
    expect(beacons).toHaveLength(0)
  })
})

describe('leaving the page hands the waiting events to sendBeacon', () => {
  it('on pagehide, as a text/plain JSON body, and does not post them again', async () => {
    const { server, beacons, client } = setup()
    client.track('MODAL_OPEN')
    client.track('MODAL_CLOSE')
    await settle()
    window.dispatchEvent(new Event('pagehide'))
    expect(beacons).toHaveLength(1)
    expect(beacons[0]!.body.type).toBe('text/plain')
    expect(beacons[0]!.url.pathname).toBe('/e')
    expect(beacons[0]!.url.searchParams.get('projectId')).toBe('demo')
    expect((await beaconEvents(beacons[0]!)).map((e) => e.props.event)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
    await vi.advanceTimersByTimeAsync(2000)
    expect(server.to('/e')).toHaveLength(0)
  })

  it('when the page becomes hidden', async () => {
    const { beacons, client } = setup()
    client.track('MODAL_OPEN')
    await settle()
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
    expect(beacons).toHaveLength(1)
  })

  it('removes the page listeners it added on destroy', async () => {
    const { client } = setup()
    const listeners = (target: EventTarget, method: 'addEventListener' | 'removeEventListener') => {
      const spy = vi.spyOn(target, method)
      return () => spy.mock.calls.map(([type, listener]) => [type, listener])
    }
    const addedToWindow = listeners(window, 'addEventListener')
    const addedToDocument = listeners(document, 'addEventListener')
    const removedFromWindow = listeners(window, 'removeEventListener')
    const removedFromDocument = listeners(document, 'removeEventListener')
    client.track('MODAL_OPEN')
    await settle()
    expect(addedToWindow().map(([type]) => type)).toContain('pagehide')
    expect(addedToDocument().map(([type]) => type)).toContain('visibilitychange')
    client.destroy()
    expect(removedFromWindow()).toEqual(expect.arrayContaining(addedToWindow()))
    expect(removedFromDocument()).toEqual(expect.arrayContaining(addedToDocument()))
  })

  it('not after destroy: its listeners and timer are gone', async () => {
    const { server, beacons, client } = setup()
    client.track('MODAL_OPEN')
    await settle()
    client.destroy()
    window.dispatchEvent(new Event('pagehide'))
    await vi.advanceTimersByTimeAsync(2000)
    expect(beacons).toHaveLength(0)
    expect(server.to('/e')).toHaveLength(0)
  })
})

describe('the events the client reports itself', () => {
  it('loads the sender after the task of the event that opened the modal, not in it (its first frame first)', async () => {
    const { client } = setup()
    await client.open()
    await vi.dynamicImportSettled()
    expect(createAnalyticsSender).not.toHaveBeenCalled()

    await settle()
    expect(createAnalyticsSender).toHaveBeenCalledTimes(1)
  })

  it('waits for the page to be idle where the browser can tell, a second at most', async () => {
    const idle: [IdleRequestCallback, IdleRequestOptions | undefined][] = []
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, options?: IdleRequestOptions) =>
      idle.push([callback, options]),
    )
    const { client } = setup()
    await client.open()
    await settle()
    expect(createAnalyticsSender).not.toHaveBeenCalled()
    expect(idle).toHaveLength(1)
    expect(idle[0]![1]).toEqual({ timeout: 1000 })

    idle[0]![0]({ didTimeout: false, timeRemaining: () => 50 })
    await settle()
    expect(createAnalyticsSender).toHaveBeenCalledTimes(1)
  })

  it('MODAL_OPEN and MODAL_CLOSE when the app opens and closes the modal', async () => {
    const { server, client } = setup()
    await client.open()
    await client.open()
    client.close()
    client.close()
    await sendBatch()
    expect(server.events().map((e) => [e.props.event, e.props.properties])).toEqual([
      ['MODAL_OPEN', { connected: false }],
      ['MODAL_CLOSE', { connected: false }],
    ])
  })

  it('SELECT_WALLET, CONNECT_SUCCESS with the address, and the modal closing', async () => {
    const { server, client } = setup()
    await client.open()
    await connectThrough(client)
    await sendBatch()
    const events = server.events()
    expect(events.map((e) => e.props.event)).toEqual([
      'MODAL_OPEN',
      'SELECT_WALLET',
      'CONNECT_SUCCESS',
      'MODAL_CLOSE',
    ])
    expect(events[1]!.props).toEqual({
      type: 'track',
      event: 'SELECT_WALLET',
      properties: { id: 'wallet.a', name: 'Wallet wallet.a' },
    })
    expect(events[1]!.props.address).toBeUndefined()
    expect(events[2]!.props).toEqual({
      type: 'track',
      event: 'CONNECT_SUCCESS',
      address: ADDRESS_A,
      properties: { name: 'Wallet wallet.a', method: 'browser' },
    })
    expect(events[3]!.props).toMatchObject({ address: ADDRESS_A, properties: { connected: true } })
  })

  it('CONNECT_ERROR with the message the visitor sees', async () => {
    const { server, client, fake } = setup()
    fake.answer('connect', 'wallet.a', rejects({ code: 4001 }))
    await client.getAdapter('eip155')
    await client.connect('wallet.a').catch(() => {})
    await sendBatch()
    expect(server.events().map((e) => e.props)).toEqual([
      { type: 'track', event: 'SELECT_WALLET', properties: { id: 'wallet.a', name: 'Wallet wallet.a' } },
      { type: 'track', event: 'CONNECT_ERROR', properties: { message: 'Request declined in the wallet' } },
    ])
  })

  it('SWITCH_NETWORK with the CAIP-2 id, and DISCONNECT_SUCCESS with the address that left', async () => {
    const { server, client } = setup()
    await connectThrough(client)
    await client.switchNetwork(devnetB)
    await client.disconnect()
    await client.switchNetwork(devnetB.caipNetworkId)
    await sendBatch()
    const events = server.events().slice(2)
    expect(events.map((e) => e.props)).toEqual([
      { type: 'track', event: 'SWITCH_NETWORK', address: ADDRESS_A, properties: { network: 'eip155:31338' } },
      { type: 'track', event: 'DISCONNECT_SUCCESS', address: ADDRESS_A },
      { type: 'track', event: 'SWITCH_NETWORK', properties: { network: 'eip155:31338' } },
    ])
  })

  it('nothing for a failed disconnect or a refused network switch', async () => {
    const { server, client, fake } = setup()
    await connectThrough(client)
    fake.answer('disconnect', 'wallet.a', rejects(new Error('no')))
    fake.answer('switchNetwork', 'wallet.a', rejects({ code: 4001 }))
    await client.disconnect().catch(() => {})
    await client.switchNetwork(devnetB).catch(() => {})
    await sendBatch()
    expect(names(server)).toEqual(['SELECT_WALLET', 'CONNECT_SUCCESS'])
  })
})
