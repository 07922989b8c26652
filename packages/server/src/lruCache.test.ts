import { expect, test } from 'vitest'
import { LruCache } from './lruCache.ts'

test('evicts the least recently used entry beyond its size', () => {
  const cache = new LruCache<number>({ maxEntries: 2, ttlMs: 1000 })
  cache.set('a', 1)
  cache.set('b', 2)
  expect(cache.get('a')).toBe(1)
  cache.set('c', 3)
  expect(cache.get('b')).toBeUndefined()
  expect(cache.get('a')).toBe(1)
  expect(cache.get('c')).toBe(3)
})

test('forgets entries older than the ttl', () => {
  let now = 0
  const cache = new LruCache<string>({ maxEntries: 10, ttlMs: 30_000, now: () => now })
  cache.set('page', 'body')
  now = 29_999
  expect(cache.get('page')).toBe('body')
  now = 30_000
  expect(cache.get('page')).toBeUndefined()
  expect(cache.size).toBe(0)
})
