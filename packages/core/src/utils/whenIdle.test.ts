import { afterEach, describe, expect, it, vi } from 'vitest'
import { whenIdle } from './whenIdle.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('whenIdle', () => {
  it('asks the browser for an idle moment, within the given time, and can take it back', () => {
    const requests: { task: () => void; timeout: number | undefined }[] = []
    const cancelled: number[] = []
    vi.stubGlobal('requestIdleCallback', (task: () => void, options?: { timeout?: number }) => {
      requests.push({ task, timeout: options?.timeout })
      return requests.length
    })
    vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle))
    const task = vi.fn()

    const cancel = whenIdle(task, 1000)
    expect(requests).toEqual([{ task, timeout: 1000 }])
    expect(task).not.toHaveBeenCalled()
    cancel()
    expect(cancelled).toEqual([1])
  })

  it('runs in a task of its own where there are no idle callbacks, unless cancelled first', () => {
    vi.stubGlobal('requestIdleCallback', undefined)
    vi.useFakeTimers()
    const ran = vi.fn()
    const dropped = vi.fn()

    whenIdle(ran)
    whenIdle(dropped)()
    expect(ran).not.toHaveBeenCalled()
    vi.runAllTimers()

    expect(ran).toHaveBeenCalledOnce()
    expect(dropped).not.toHaveBeenCalled()
  })
})
