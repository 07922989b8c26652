import { afterAll, beforeAll, expect, test } from 'vitest'
import { memoryStorage } from '../test/support/memoryStorage.ts'
import type { Storage } from './storage/types.ts'
import { createUsageRecorder } from './usage.ts'

let storage: Storage
beforeAll(async () => {
  storage = await memoryStorage()
})
afterAll(() => storage.close())

const requestsOf = async (projectId: string) =>
  (await storage.listUsage(projectId)).reduce((sum, row) => sum + row.requests, 0)

/** A usage recorder over `target` that writes when flushed; `errors` notes the rows each failure dropped. */
function recorder(target: Storage) {
  const errors: number[] = []
  const usage = createUsageRecorder(target, {
    flushIntervalMs: 60_000,
    onError: (_e, dropped) => errors.push(dropped),
  })
  return { usage, errors }
}

test('a row the database refuses is dropped once; the others are written, then and later', async () => {
  const { usage, errors } = recorder(storage)
  usage.record('good-a', 'latch', '1')
  // PostgreSQL's text cannot hold NUL: this row fails every write.
  usage.record('bad\u0000', 'latch', '1')
  usage.record('good-b', 'latch', '1')
  await usage.flush()
  expect(errors).toEqual([1])
  expect([await requestsOf('good-a'), await requestsOf('good-b')]).toEqual([1, 1])

  usage.record('good-a', 'latch', '1')
  await usage.flush()
  await usage.stop()
  expect(errors).toEqual([1])
  expect(await requestsOf('good-a')).toBe(2)
})

test('while the database is away every count is kept, and written once it is back', async () => {
  let away = true
  const flaky: Storage = {
    ...storage,
    addUsage: (counters) =>
      away ? Promise.reject(new Error('connection refused')) : storage.addUsage(counters),
    ping: () => (away ? Promise.reject(new Error('connection refused')) : storage.ping()),
  }
  const { usage, errors } = recorder(flaky)
  usage.record('kept', 'latch', '1')
  usage.record('kept', 'latch', '1')
  await usage.flush()
  expect(errors).toEqual([0])
  away = false
  await usage.stop()
  expect(await requestsOf('kept')).toBe(2)
})
