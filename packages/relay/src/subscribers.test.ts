import { expect, test } from 'vitest'
import { topicSubscribers } from './subscribers.ts'

test('a topic holds its subscribers once each, from one to many and back to none', () => {
  const topics = topicSubscribers<{ name: string }>()
  const [a, b, c] = [{ name: 'a' }, { name: 'b' }, { name: 'c' }]
  topics.add('t', a)
  topics.add('t', a)
  expect([...topics.of('t')]).toEqual([a])
  topics.add('t', b)
  topics.add('t', c)
  topics.add('u', c)
  expect([...topics.of('t')]).toEqual([a, b, c])
  expect(topics.size).toBe(2)
  topics.delete('t', b)
  topics.delete('t', a)
  expect([...topics.of('t')]).toEqual([c])
  topics.delete('t', a)
  topics.add('t', b)
  expect([...topics.of('t')]).toEqual([c, b])
  topics.delete('t', c)
  topics.delete('t', b)
  topics.delete('u', a)
  expect([...topics.of('t')]).toEqual([])
  expect([...topics.of('u')]).toEqual([c])
  expect(topics.size).toBe(1)
})
