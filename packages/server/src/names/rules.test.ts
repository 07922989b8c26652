import { labelProblem } from '@latch/core/names'
import { describe, expect, it } from 'vitest'
import { checkName, parseRegistrationMessage, suggestionLabels, timestampProblem } from './rules.ts'

const zones = ['latch.id', 'example.eth']

describe('name syntax', () => {
  it('takes a bare label or a full name, trimmed and lower-cased, in a configured zone', () => {
    expect(checkName(' Alice ', zones)).toEqual({
      ok: true,
      name: 'alice.latch.id',
      label: 'alice',
      zone: 'latch.id',
    })
    expect(checkName('bob.example.eth', zones)).toMatchObject({ ok: true, name: 'bob.example.eth' })
    expect(checkName('carol', zones, 'example.eth')).toMatchObject({ ok: true, name: 'carol.example.eth' })
    expect(checkName('carol', zones, 'other.id')).toEqual({ ok: false, problem: 'Unknown zone: other.id' })
    expect(checkName('a.b.c', zones)).toEqual({ ok: false, problem: 'Unknown zone in a.b.c' })
  })
})

describe('the registration message', () => {
  it('reads JSON naming the name and the time', () => {
    expect(parseRegistrationMessage('{"name":"a.latch.id","attributes":{},"timestamp":1700000000}')).toEqual({
      ok: true,
      message: { name: 'a.latch.id', attributes: {}, timestamp: 1700000000 },
    })
    expect(parseRegistrationMessage('hello')).toEqual({
      ok: false,
      problem: 'message must be JSON with name, attributes and timestamp',
    })
    expect(parseRegistrationMessage('{"name":"a.latch.id"}')).toEqual({
      ok: false,
      problem: 'message.timestamp must be a number (unix seconds)',
    })
    expect(parseRegistrationMessage('{"name":"a.latch.id","timestamp":1.5}')).toMatchObject({ ok: false })
  })

  it('is fresh for 10 minutes back and 60 s ahead', () => {
    const now = new Date('2026-11-22T12:00:00Z')
    const nowS = now.getTime() / 1000
    expect(timestampProblem(nowS, now)).toBeUndefined()
    expect(timestampProblem(nowS - 600, now)).toBeUndefined()
    expect(timestampProblem(nowS - 601, now)).toBe('Message timestamp is too old')
    expect(timestampProblem(nowS + 60, now)).toBeUndefined()
    expect(timestampProblem(nowS + 61, now)).toBe('Message timestamp is in the future')
  })
})

describe('suggestions', () => {
  it('starts with the label and offers only valid, distinct labels', () => {
    const labels = suggestionLabels('alice', 2026)
    expect(labels[0]).toBe('alice')
    expect(labels).toContain('alice26')
    expect(new Set(labels).size).toBe(labels.length)
    for (const label of suggestionLabels('a'.repeat(32))) expect(labelProblem(label), label).toBeUndefined()
  })
})
