import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSnackStore, SNACK_HIDE_MS, SNACK_SWAP_MS } from './snack.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('snack messages: loading, success, error', () => {
  it.each(['loading', 'success', 'error'] as const)(
    'shows a %s message at once when none is open',
    (variant) => {
      const snack = createSnackStore()
      snack.show(variant, 'Hello')
      expect(snack.getState()).toEqual({ open: true, variant, message: 'Hello' })
    },
  )

  it('hides on request', () => {
    const snack = createSnackStore()
    snack.show('loading', 'Authenticating...')
    snack.hide()
    expect(snack.getState().open).toBe(false)
  })
})

describe('a new message while one is open first closes it and shows after 150 ms', () => {
  it('closes the open message at once and shows the new one at exactly 150 ms', () => {
    const snack = createSnackStore()
    snack.show('loading', 'Authenticating...')
    snack.show('error', 'Signature declined')

    expect(snack.getState()).toMatchObject({ open: false, message: 'Authenticating...' })
    vi.advanceTimersByTime(SNACK_SWAP_MS - 1)
    expect(snack.getState().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(snack.getState()).toEqual({ open: true, variant: 'error', message: 'Signature declined' })
    expect(SNACK_SWAP_MS).toBe(150)
  })

  it('shows only the latest of several quick messages', () => {
    const snack = createSnackStore()
    snack.show('loading', 'first')
    snack.show('success', 'second')
    vi.advanceTimersByTime(100)
    snack.show('error', 'third')
    vi.advanceTimersByTime(SNACK_SWAP_MS)
    expect(snack.getState()).toEqual({ open: true, variant: 'error', message: 'third' })
  })

  it('does not let the old message hide the new one', () => {
    const snack = createSnackStore()
    snack.show('success', 'Transaction started')
    vi.advanceTimersByTime(100)
    snack.show('error', 'Failed to send transaction. Please try again.')
    // The first message's hide was due at SNACK_HIDE_MS; the second was shown at 250 ms and hides later.
    vi.advanceTimersByTime(SNACK_HIDE_MS)
    expect(snack.getState()).toMatchObject({ open: true, variant: 'error' })
    vi.advanceTimersByTime(SNACK_SWAP_MS)
    expect(snack.getState().open).toBe(false)
  })
})

describe('success and error hide themselves; loading stays', () => {
  it.each(['success', 'error'] as const)('hides a %s message after SNACK_HIDE_MS', (variant) => {
    const snack = createSnackStore()
    snack.show(variant, 'Done')
    vi.advanceTimersByTime(SNACK_HIDE_MS - 1)
    expect(snack.getState().open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(snack.getState().open).toBe(false)
  })

  it('keeps a loading message until it is replaced', () => {
    const snack = createSnackStore()
    snack.show('loading', 'Authenticating...')
    vi.advanceTimersByTime(SNACK_HIDE_MS * 10)
    expect(snack.getState()).toMatchObject({ open: true, variant: 'loading' })
  })

  it('hides a message that replaced a loading one', () => {
    const snack = createSnackStore()
    snack.show('loading', 'Authenticating...')
    snack.show('success', 'Signed in')
    vi.advanceTimersByTime(SNACK_SWAP_MS + SNACK_HIDE_MS)
    expect(snack.getState()).toMatchObject({ open: false, message: 'Signed in' })
  })
})
