// GET /getAnalyticsConfig and POST /e (one event or a batch; JSON or sendBeacon's text/plain) under hostile input.
import { describe, expect, it, test } from 'vitest'
import { createTestApp } from '../support/app.ts'
import { appUnderFuzz, expectRefused, fuzzRoute, type RouteSpec } from './harness.ts'
import type { Mutation } from './mutate.ts'

const { t, lastError } = appUnderFuzz(createTestApp)

const query = { projectId: 'open', st: 'latch', sv: '0.1.0' }
const headers = { origin: 'http://localhost:5173' }

let unique = 0
/** An event the `open` project stores: each its own id, so that a stored one does not hide what the next does. */
const event = () => ({
  eventId: `fuzz-event-${++unique}`,
  url: 'http://localhost:5173/page?x=1',
  domain: 'localhost',
  timestamp: Date.now(),
  props: {
    type: 'track',
    event: 'MODAL_OPEN',
    address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    properties: { view: 'Connect', n: 1, ok: true, none: null },
  },
})

const config: RouteSpec = { method: 'GET', url: '/getAnalyticsConfig', valid: () => ({ query, headers }) }
const one: RouteSpec = { method: 'POST', url: '/e', valid: () => ({ query, headers, body: event() }) }
const batch: RouteSpec = {
  method: 'POST',
  url: '/e',
  valid: () => ({ query, headers, body: [event(), event()] }),
}
const beacon: RouteSpec = { ...one, contentType: 'text/plain;charset=UTF-8' }

test('GET /getAnalyticsConfig: the valid query mutated, or a random one', async () => {
  await fuzzRoute(t.app, config, { numRuns: 200, lastError })
})

test.each([
  ['one event as JSON', one],
  ['a batch as JSON', batch],
  ['one event as sendBeacon text/plain', beacon],
])('POST /e: %s, mutated, or a random body', async (_, spec) => {
  const { statuses } = await fuzzRoute(t.app, spec, { numRuns: 250, lastError })
  // Stored: the hostile values that pass validation reached the database.
  expect(statuses[202]).toBeGreaterThan(25)
})

describe('known breakers: 400 naming the field', () => {
  const cases: [string, RouteSpec, Mutation[], string][] = [
    [
      'NUL in projectId',
      one,
      [{ op: 'replace', path: ['query', 'projectId'], value: 'op\u0000en' }],
      'projectId',
    ],
    ['NUL in st', one, [{ op: 'replace', path: ['query', 'st'], value: 'latch\u0000' }], 'st'],
    ['NUL in sv', one, [{ op: 'replace', path: ['query', 'sv'], value: '\u00000.1.0' }], 'sv'],
    ['NUL in the url', one, [{ op: 'replace', path: ['body', 'url'], value: 'http://a/\u0000' }], 'url'],
    [
      'NUL in a props key',
      one,
      [{ op: 'add', path: ['body', 'props', 'properties', 'k\u0000'], value: 'v' }],
      'props.properties*',
    ],
    [
      'NUL in a props value',
      one,
      [{ op: 'replace', path: ['body', 'props', 'properties', 'view'], value: 'Con\u0000nect' }],
      'props.properties.view',
    ],
    ['timestamp 8.64e15', one, [{ op: 'replace', path: ['body', 'timestamp'], value: 8.64e15 }], 'timestamp'],
    [
      'timestamp 8.64e15 in a batch',
      batch,
      [{ op: 'replace', path: ['body', 1, 'timestamp'], value: 8.64e15 }],
      '[1].timestamp',
    ],
    [
      'NUL in the url as text/plain',
      beacon,
      [{ op: 'replace', path: ['body', 'url'], value: '\u0000' }],
      'url',
    ],
    [
      'GET /getAnalyticsConfig with NUL in projectId',
      config,
      [{ op: 'replace', path: ['query', 'projectId'], value: 'open\u0000' }],
      'projectId',
    ],
    // Found by this fuzzer: jsonb refuses the escape of a lone surrogate (22P02), which JSON.stringify writes.
    [
      'a lone surrogate in a props value',
      one,
      [{ op: 'replace', path: ['body', 'props', 'properties', 'view'], value: '\ud800' }],
      'props.properties.view',
    ],
    [
      'a lone surrogate in a props key',
      one,
      [{ op: 'add', path: ['body', 'props', 'properties', '\udc00'], value: 'v' }],
      'props.properties*',
    ],
    // Found by this fuzzer: a key of digits past 2^53 was named as the number it rounds to.
    [
      'a too-long value under the key 9007199254740993',
      one,
      [{ op: 'add', path: ['body', 'props', 'properties', '9007199254740993'], value: 'x'.repeat(1001) }],
      'props.properties.9007199254740993',
    ],
  ]
  it.each(cases)('POST /e with %s', async (_, spec, ops, field) => {
    await expectRefused(t.app, spec, ops, field, lastError)
  })
})
