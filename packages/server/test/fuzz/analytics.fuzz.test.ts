import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../support/app.ts'
import { expectHandled, hostileJson, hostileQuery, hostileString, mutated } from './harness.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const sdk = ['projectId', 'st', 'sv']
const origin = { origin: 'http://localhost:5173' }
const json = { ...origin, 'content-type': 'application/json' }

test('GET /getAnalyticsConfig: any query', async () => {
  await fc.assert(
    fc.asyncProperty(hostileQuery(sdk, { projectId: 'open' }), async (query) => {
      expectHandled(await t.app.inject({ url: `/getAnalyticsConfig?${query}`, headers: origin }), sdk, query)
    }),
    { numRuns: 200 },
  )
})

const event = {
  eventId: '7c3f0b3e-8f61-4a55-9a47-3d1c9d1f0a11',
  url: 'http://localhost:5173/',
  domain: 'localhost',
  timestamp: 1_795_000_000_000,
  props: { type: 'track', event: 'MODAL_OPEN', address: '0xabc', properties: { view: 'Connect', n: 1 } },
}
let unique = 0
/** Each case its own event id, so a stored one does not hide what the next would do. */
const fresh = (value: unknown) =>
  JSON.stringify(value, (key, field) =>
    key === 'eventId' && field === event.eventId ? `fuzz-event-${++unique}` : field,
  )

test('POST /e: one event or a batch with any field replaced, as JSON or as sendBeacon text', async () => {
  const body = fc.oneof(
    mutated(event).map(({ value }) => value),
    mutated([event, event]).map(({ value }) => value),
    hostileJson,
  )
  const fields = ['body', 'eventId', 'url', 'domain', 'timestamp', 'props', ...sdk]
  await fc.assert(
    fc.asyncProperty(body, fc.constantFrom('application/json', 'text/plain'), async (value, type) => {
      const payload = fresh(value) ?? 'null'
      const response = await t.app.inject({
        method: 'POST',
        url: '/e?projectId=open&st=latch&sv=0.1.0',
        headers: { ...origin, 'content-type': type },
        payload,
      })
      expectHandled(response, fields, payload)
    }),
    { numRuns: 300 },
  )
})

test('POST /e: the known breakers are refused naming their field', async () => {
  const post = (value: unknown) =>
    t.app.inject({ method: 'POST', url: '/e?projectId=open', headers: json, payload: fresh(value) })
  const cases: [unknown, string][] = [
    [{ ...event, url: 'http://a/\u0000' }, 'url'],
    // The field names the refused key itself.
    [{ ...event, props: { ...event.props, properties: { 'k\u0000': 'v' } } }, 'props.properties.k'],
    [{ ...event, props: { ...event.props, properties: { k: 'v\u0000' } } }, 'props.properties.k'],
    [{ ...event, timestamp: 8.64e15 }, 'timestamp'],
  ]
  for (const [value, field] of cases) {
    const response = await post(value)
    expect(response.statusCode, JSON.stringify(value)).toBe(400)
    expect(response.json().field.startsWith(field), response.body).toBe(true)
  }
  const nul = await t.app.inject({
    method: 'POST',
    url: '/e?projectId=op%00en',
    headers: json,
    payload: fresh(event),
  })
  expect({ status: nul.statusCode, field: nul.json().field }).toEqual({ status: 400, field: 'projectId' })
})

test('GET /health: any query or header', async () => {
  await fc.assert(
    fc.asyncProperty(hostileQuery(['x']), hostileString, async (query, value) => {
      const headers = /^[\t\x20-\x7e]*$/.test(value) ? { 'x-junk': value } : {}
      const response = await t.app.inject({ url: `/health?${query}`, headers })
      expect(response.statusCode).toBe(200)
    }),
    { numRuns: 100 },
  )
})
