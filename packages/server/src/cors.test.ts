import { expect, test } from 'vitest'
import { isOriginAllowed, originMatches } from './cors.ts'

test.each([
  ['*', 'https://anything.example', true],
  ['https://app.example.com', 'https://app.example.com', true],
  ['https://app.example.com', 'http://app.example.com', false],
  ['https://app.example.com', 'https://app.example.com:8443', false],
  ['https://app.example.com', 'https://evil-app.example.com', false],
  ['https://App.Example.com', 'https://app.example.com', true],
  ['http://localhost:*', 'http://localhost:5173', true],
  ['http://localhost:*', 'http://localhost', true],
  ['http://localhost:*', 'https://localhost:5173', false],
  ['http://localhost:*', 'http://localhost.evil.com:5173', false],
  ['http://localhost:3000', 'http://localhost:3000', true],
  ['http://localhost:3000', 'http://localhost:3001', false],
  ['https://*.example.com', 'https://a.example.com', true],
  ['https://*.example.com', 'https://a.b.example.com', true],
  ['https://*.example.com', 'https://example.com', false],
  ['https://*.example.com', 'https://evilexample.com', false],
  ['https://*.example.com', 'https://a.example.com.evil.com', false],
  ['https://app.example.com', 'null', false],
  ['https://app.example.com', 'https://app.example.com/path', false],
  ['not a pattern', 'https://app.example.com', false],
])('%s admits %s: %s', (pattern, origin, expected) => {
  expect(originMatches(pattern, origin)).toBe(expected)
})

test('isOriginAllowed: any pattern suffices', () => {
  expect(isOriginAllowed(['https://a.example', 'http://localhost:*'], 'http://localhost:1')).toBe(true)
  expect(isOriginAllowed([], 'http://localhost:1')).toBe(false)
})
