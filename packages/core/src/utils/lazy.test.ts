import { describe, expect, it } from 'vitest'
import { lazy } from './lazy.ts'

describe('lazy', () => {
  it('loads once for every caller, and keeps what it loaded', async () => {
    let loads = 0
    const value = lazy(async () => {
      loads++
      return { id: loads }
    })
    expect(value.get()).toBeUndefined()

    const [a, b] = await Promise.all([value.load(), value.load()])
    expect(a).toBe(b)
    expect(await value.load()).toBe(a)
    expect(value.get()).toBe(a)
    expect(loads).toBe(1)
  })

  it('forgets a failed load: the caller sees the failure, and the next call loads again', async () => {
    let loads = 0
    const value = lazy(async () => {
      loads++
      if (loads === 1) throw new Error('chunk request failed')
      return 'loaded'
    })

    await expect(value.load()).rejects.toThrow('chunk request failed')
    expect(value.get()).toBeUndefined()
    expect(await value.load()).toBe('loaded')
    expect(loads).toBe(2)
  })

  it('turns a loader that throws at once into a rejection, and tries again next time', async () => {
    let calls = 0
    const value = lazy<string>(() => {
      calls++
      if (calls === 1) throw new Error('no adapter code')
      return Promise.resolve('adapter')
    })

    await expect(value.load()).rejects.toThrow('no adapter code')
    expect(await value.load()).toBe('adapter')
  })
})
