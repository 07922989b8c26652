// The providers' shared plumbing that is logic of its own: the answer kept for a while, and the refusal's words read
// for the field they are about. (The HTTP call is tested through the providers: swaps/aggregator, onramp/*.)
import { afterEach, describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import { cachedAnswer, providerHttp, refusalFields } from './providerHttp.ts'

afterEach(() => {
  vi.useRealTimers()
})

describe('cachedAnswer', () => {
  test('kept ttlMs from when it arrived, then asked again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 })
    let asked = 0
    const answer = cachedAnswer(async () => ++asked, 1000)
    expect(await answer()).toBe(1)
    vi.setSystemTime(999)
    expect(await answer()).toBe(1)
    vi.setSystemTime(1000)
    expect(await answer()).toBe(2)
  })

  test('a failure is not kept: the next call asks again', async () => {
    let asked = 0
    const answer = cachedAnswer(async () => {
      asked++
      if (asked === 1) throw new Error('down')
      return 'up'
    }, 60_000)
    await expect(answer()).rejects.toThrow('down')
    expect(await answer()).toBe('up')
    expect(await answer()).toBe('up')
    expect(asked).toBe(2)
  })

  test('the caller’s signal reaches the load', async () => {
    const load = vi.fn(async (_signal?: AbortSignal) => 'answer')
    const signal = new AbortController().signal
    await cachedAnswer(load, 0)(signal)
    expect(load).toHaveBeenCalledWith(signal)
  })
})

describe('refusalFields', () => {
  const fieldOf = refusalFields({
    payment_amount: 'amount',
    purchaseCurrency: 'purchaseCurrency',
    'a.b': 'dotted',
  })

  test.each([
    ['payment_amount must be at least 2.00 USD', 'amount'],
    ['PURCHASECURRENCY is not supported', 'purchaseCurrency'],
    ['Invalid a.b', 'dotted'],
    // A parameter's name inside another word is not that parameter.
    ['min_payment_amount_usd is 2', 'network'],
    ['axb is not a.b', 'dotted'],
    ['nothing named', 'network'],
  ])('“%s” → %s', (description, field) => {
    expect(fieldOf(description, 'network')).toBe(field)
  })
})

test('providerHttp: a base URL that is not one is refused when the client is made', () => {
  expect(() => providerHttp({ service: 'Example', baseUrl: 'api.example.com', refusal: z.string() })).toThrow(
    'Example: not a URL: api.example.com',
  )
})
