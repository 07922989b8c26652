import { afterEach, describe, expect, it, vi } from 'vitest'
import { withTimeout } from './timeout.ts'

afterEach(() => {
  vi.useRealTimers()
})

describe('withTimeout', () => {
  it('answers with the promise and leaves no timer behind', async () => {
    vi.useFakeTimers()
    await expect(withTimeout(Promise.resolve('alice.eth'), 3000, 'ENS lookup')).resolves.toBe('alice.eth')
    await expect(withTimeout(Promise.reject(new Error('down')), 3000, 'ENS lookup')).rejects.toThrow('down')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('rejects naming what timed out when the promise is too slow', async () => {
    vi.useFakeTimers()
    const slow = withTimeout(new Promise<string>(() => undefined), 3000, 'ENS lookup')
    const outcome = expect(slow).rejects.toThrow('ENS lookup timed out after 3000 ms')
    await vi.advanceTimersByTimeAsync(3000)
    await outcome
    expect(vi.getTimerCount()).toBe(0)
  })
})
