// What a hostile stranger sends, and what every answer must be: below 500, and a refusal that names its field.
import fc from 'fast-check'
import { expect } from 'vitest'
import type { LatchApp } from '../../src/app.ts'

type InjectResponse = Awaited<ReturnType<LatchApp['inject']>>

/** Strings that broke servers before: NUL and controls, lone surrogates, prototype keys, SQL and LIKE, dates and
 * numbers beyond what PostgreSQL holds, long text. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    '\u0000',
    'a\u0000b',
    '\u0001',
    '\u001f',
    '\u007f',
    '\u0085',
    '\ud800',
    '\udfff',
    '__proto__',
    'constructor',
    'prototype',
    "'; drop table wallets; --",
    '%',
    '_',
    '\\',
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
    '0000-01-01T00:00:00Z',
    '10000-01-01T00:00:00Z',
    'NaN',
    'Infinity',
    '-1',
    '9007199254740993',
    '1e308',
    '0x',
    `0x${'f'.repeat(64)}`,
    'x'.repeat(5000),
  ),
)

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    2 ** 53,
    -(2 ** 53),
    2 ** 53 + 2,
    2 ** 31,
    2 ** 63,
    1e308,
    -1,
    0,
    8.64e15,
    8.64e15 + 1,
    -8.64e15,
  ),
)

/** Any JSON value with hostile leaves, objects with prototype keys among theirs. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor')), tie('value'), {
      maxKeys: 3,
    }),
  ),
})).value

type Path = (string | number)[]

/** Every path in a JSON value: its leaves and its containers (the root excluded). */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return prefix.length ? [prefix] : []
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value)
  return [
    ...(prefix.length ? [prefix] : []),
    ...entries.flatMap(([key, item]) => pathsOf(item, [...prefix, key])),
  ]
}

function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>
  let target = copy
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>
  Object.defineProperty(target, path.at(-1)!, { value: replacement, enumerable: true, writable: true })
  return copy
}

/** A valid value with one field replaced by a hostile one (or a hostile field added): the value and the path. */
export function mutated<T>(valid: T, replacement: fc.Arbitrary<unknown> = hostileJson) {
  const paths = pathsOf(valid)
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...paths), replacement)
      .map(([path, value]) => ({ value: setAt(valid, path, value), path: path.map(String) })),
    fc
      .tuple(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor')), replacement)
      .map(([key, value]) => ({ value: setAt(valid, [key], value), path: [key] })),
  )
}

/** Query pairs: known fields with hostile values, and hostile fields. */
export function hostileQuery(known: readonly string[], valid: Record<string, string> = {}) {
  const field = fc.oneof(
    fc.constantFrom(...known),
    hostileString.filter((name) => name.length < 30),
  )
  return fc
    .array(fc.tuple(field, fc.oneof(hostileString, hostileNumber.map(String))), { maxLength: 4 })
    .map((pairs) => {
      const params = new URLSearchParams(valid)
      for (const [name, value] of pairs) params.append(name, value)
      return params.toString()
    })
}

/** Whether a string has no lone surrogate (encodeURIComponent throws on one). */
const isWellFormed = (text: string) =>
  !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)

/** A path segment from a hostile string ('.' and '..' are resolved away by any URL, not sent). */
export const hostileSegment = fc.oneof(
  hostileString
    .filter((text) => text !== '.' && text !== '..' && text.length < 3000 && isWellFormed(text))
    .map((text) => encodeURIComponent(text)),
  // Escapes that decode to NUL, to invalid UTF-8, or to nothing at all.
  fc.constantFrom('%00', 'a%00b', '%FF', '%C0%AF', '%E0%80', '%ZZ', '%', '%2e%2e%2f'),
)

/**
 * What every answer to a hostile request must be: never a server error; a refusal is JSON with an `error` string
 * and, when it is a 400, a `field` that is one of `fields` (or inside one: `props.properties`, `[0].url`).
 */
export function expectHandled(response: InjectResponse, fields: readonly string[], sent = ''): void {
  const detail = `${response.statusCode} ${response.body.slice(0, 300)} ← ${sent.slice(0, 300)}`
  expect(response.statusCode, detail).toBeLessThan(500)
  if (response.statusCode < 400) return
  const body = response.json()
  expect(typeof body.error, detail).toBe('string')
  if (response.statusCode !== 400) return
  expect(typeof body.field, detail).toBe('string')
  // 'url': the path itself could not be read (malformed percent-escapes), before any route saw it.
  const named = [...fields, 'url'].some(
    (field) =>
      body.field === field ||
      body.field.startsWith(`${field}.`) ||
      body.field.startsWith(`${field}[`) ||
      field.startsWith(`${body.field}.`) ||
      // An item of an array body: [0].url
      (field === 'body' && body.field.startsWith('[')),
  )
  expect(named, `field ${body.field} is not one of ${fields.join(', ')}: ${detail}`).toBe(true)
}
