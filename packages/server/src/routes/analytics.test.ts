import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../test/support/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

function event(overrides: Record<string, unknown> = {}) {
  return {
    eventId: randomUUID(),
    url: 'http://localhost:5173/',
    domain: 'localhost',
    timestamp: 1_700_000_000_000,
    props: {
      type: 'track',
      event: 'SELECT_WALLET',
      address: '0xabc',
      properties: { name: 'Alpha', id: 'alpha' },
    },
    ...overrides,
  }
}

function post(query: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/e${query}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

const stored = async (projectId: string) => (await t.storage.eventSummary(projectId)).total

describe('GET /getAnalyticsConfig', () => {
  test('tells whether the project has analytics on', async () => {
    const on = await t.app.inject('/getAnalyticsConfig?projectId=open&st=latch&sv=1')
    expect(on.statusCode).toBe(200)
    expect(on.json()).toEqual({ isAnalyticsEnabled: true })
    const off = await t.app.inject('/getAnalyticsConfig?projectId=quiet')
    expect(off.json()).toEqual({ isAnalyticsEnabled: false })
  })

  test('an allowed Origin passes; a disallowed one is 403 naming it', async () => {
    const allowed = await t.app.inject({
      url: '/getAnalyticsConfig?projectId=strict',
      headers: { origin: 'https://app.example.com' },
    })
    expect(allowed.statusCode).toBe(200)
    const refused = await t.app.inject({
      url: '/getAnalyticsConfig?projectId=strict',
      headers: { origin: 'http://localhost:5173' },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      error: 'Origin http://localhost:5173 is not allowed for project strict',
    })
  })

  test('unknown project → 403; no projectId → 400 naming it', async () => {
    const unknown = await t.app.inject('/getAnalyticsConfig?projectId=ghost')
    expect(unknown.statusCode).toBe(403)
    expect(unknown.json()).toEqual({ error: 'Unknown project ghost' })
    const missing = await t.app.inject('/getAnalyticsConfig')
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({ error: 'projectId is required', field: 'projectId' })
  })
})

describe('POST /e', () => {
  test('stores one event, or a batch, and answers 202 with the count', async () => {
    const before = await stored('open')
    const single = await post('?projectId=open&st=latch&sv=1', event(), { origin: 'http://localhost:5173' })
    expect(single.statusCode).toBe(202)
    expect(single.json()).toEqual({ accepted: 1 })
    const batch = await post('?projectId=open', [
      event(),
      event({ props: { type: 'track', event: 'MODAL_OPEN' } }),
    ])
    expect(batch.json()).toEqual({ accepted: 2 })
    expect(await stored('open')).toBe(before + 3)
  })

  test('keeps the event fields it was sent', async () => {
    const sent = event({ timestamp: 1_234_567_890_123, props: { type: 'track', event: 'SWITCH_NETWORK' } })
    await post('?projectId=strict', sent)
    const summary = await t.storage.eventSummary('strict')
    expect(summary.byEvent).toContainEqual({
      projectId: 'strict',
      event: 'SWITCH_NETWORK',
      count: 1,
      firstAt: new Date(1_234_567_890_123),
      lastAt: new Date(1_234_567_890_123),
    })
  })

  test('accepts text/plain JSON, as navigator.sendBeacon sends it', async () => {
    const before = await stored('open')
    const response = await post('?projectId=open', [event()], { 'content-type': 'text/plain;charset=UTF-8' })
    expect(response.statusCode).toBe(202)
    expect(await stored('open')).toBe(before + 1)
  })

  test('a resent batch is accepted again and stored once', async () => {
    const batch = [event(), event()]
    const before = await stored('open')
    expect((await post('?projectId=open', batch)).statusCode).toBe(202)
    expect((await post('?projectId=open', batch)).json()).toEqual({ accepted: 2 })
    expect(await stored('open')).toBe(before + 2)
  })

  test('analytics off → 204 and nothing stored', async () => {
    const response = await post('?projectId=quiet', event())
    expect(response.statusCode).toBe(204)
    expect(response.body).toBe('')
    expect(await stored('quiet')).toBe(0)
  })

  test('unknown project or disallowed Origin → 403 and nothing stored', async () => {
    const before = await stored('strict')
    const unknown = await post('?projectId=ghost', event())
    expect(unknown.statusCode).toBe(403)
    expect(unknown.json()).toEqual({ error: 'Unknown project ghost' })
    const refused = await post('?projectId=strict', event(), { origin: 'https://evil.example' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toBe('Origin https://evil.example is not allowed for project strict')
    expect(await stored('strict')).toBe(before)
  })

  test.each([
    ['', event(), 'projectId'],
    ['?projectId=open', event({ eventId: 'x' }), 'eventId'],
    ['?projectId=open', event({ timestamp: 'yesterday' }), 'timestamp'],
    ['?projectId=open', event({ url: 'u'.repeat(2049) }), 'url'],
    ['?projectId=open', event({ props: { type: 'track', event: 'HACK' } }), 'props.event'],
    ['?projectId=open', event({ props: { type: 'page', event: 'MODAL_OPEN' } }), 'props.type'],
    [
      '?projectId=open',
      event({ props: { type: 'track', event: 'MODAL_OPEN', properties: { a: {} } } }),
      'props.properties.a',
    ],
    ['?projectId=open', [event(), event({ domain: 7 })], '[1].domain'],
    ['?projectId=open', [], 'body'],
    ['?projectId=open', Array.from({ length: 101 }, () => event()), 'body'],
    ['?projectId=open', '{"eventId":', 'body'],
    ['?projectId=open', 'null', 'body'],
  ])('%s %j → 400 naming %s', async (query, body, field) => {
    const before = await stored('open')
    const response = await post(query, body)
    expect(response.statusCode).toBe(400)
    expect(response.json().field).toBe(field)
    expect(response.json().error.toLowerCase()).toContain(field.toLowerCase())
    expect(await stored('open')).toBe(before)
  })

  test('a content type other than JSON or text is refused', async () => {
    const response = await post('?projectId=open', event(), {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(response.statusCode).toBe(415)
    expect(response.json().field).toBe('body')
  })
})
