import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTestLatch } from '../../test/fakeAdapter.ts'
import { ADAPTER_LOAD_TIMEOUT_MS } from '../createLatch.ts'
import { createModalStore, SHAKE_MS } from './modal.ts'

describe('opening the modal sets loading; closing clears it', () => {
  it('is loading from open until the adapters are loaded', async () => {
    const { client, fake } = createTestLatch()
    const release = fake.holdLoad()

    const opening = client.open()
    expect(client.modal.getState()).toMatchObject({ open: true, loading: true })

    release()
    await opening
    expect(client.modal.getState()).toMatchObject({ open: true, loading: false })
    expect(fake.loads).toHaveLength(1)
  })

  it('stops loading when closed before the adapters are loaded', async () => {
    const { client, fake } = createTestLatch()
    const release = fake.holdLoad()

    const opening = client.open()
    client.close()
    expect(client.modal.getState()).toMatchObject({ open: false, loading: false })

    release()
    await opening
    expect(client.modal.getState()).toMatchObject({ open: false, loading: false })
  })

  it('settles and stops loading even when an adapter fails to load', async () => {
    const { client } = createTestLatch({
      adapters: [{ namespace: 'eip155', load: () => Promise.reject(new Error('chunk failed')) }],
    })
    await client.open()
    expect(client.modal.getState()).toMatchObject({ open: true, loading: false })
  })

  it('settles and stops loading when an adapter never loads (bounded wait)', async () => {
    vi.useFakeTimers()
    const { client } = createTestLatch({
      adapters: [{ namespace: 'eip155', load: () => new Promise(() => undefined) }],
    })
    const opening = client.open()
    await vi.advanceTimersByTimeAsync(ADAPTER_LOAD_TIMEOUT_MS - 1)
    expect(client.modal.getState().loading).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    await opening
    expect(client.modal.getState()).toMatchObject({ open: true, loading: false })
    vi.useRealTimers()
  })

  it('loads each adapter once however often the modal opens', async () => {
    const { client, fake } = createTestLatch()
    await client.open()
    client.close()
    await client.open()
    expect(fake.loads).toHaveLength(1)
  })

  it('gives the adapter only the networks of its namespace', async () => {
    const { client, fake } = createTestLatch()
    await client.open()
    expect(fake.loads[0]?.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:31337', 'eip155:31338'])
  })
})

describe('a shake animation lasts 500 ms', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is 500', () => {
    expect(SHAKE_MS).toBe(500)
  })

  it('shakes at 499 ms and stops at 500 ms', () => {
    const modal = createModalStore()
    modal.triggerShake()
    expect(modal.getState().shake).toBe(true)
    vi.advanceTimersByTime(499)
    expect(modal.getState().shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(modal.getState().shake).toBe(false)
  })

  it('restarts the 500 ms when shaken again mid-animation', () => {
    const modal = createModalStore()
    modal.triggerShake()
    vi.advanceTimersByTime(300)
    modal.triggerShake()
    vi.advanceTimersByTime(499)
    expect(modal.getState().shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(modal.getState().shake).toBe(false)
  })
})
