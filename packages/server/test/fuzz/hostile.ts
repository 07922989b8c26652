// What a hostile stranger sends in place of a field. The values that broke servers like this one are constants,
// weighted so that a few hundred runs meet each of them; random text and JSON fill the rest.
import fc from 'fast-check'

/** A JSON token written as it stands (1e400, -0, deep nesting): JSON.stringify cannot write these. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Text put into a URL as it stands (malformed percent-escapes), where anything else is percent-encoded. */
export class RawUrl {
  constructor(readonly text: string) {}
}

/** C0 and C1 controls and DEL: NUL is what PostgreSQL's text cannot hold, the others what logs and parsers mind. */
export const controlCharacters = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
]

/** Lone surrogates: JavaScript strings hold them, UTF-8 has no form for them, jsonb refuses their escapes. */
export const loneSurrogates = ['\ud800', '\udbff', '\udc00', '\udfff']

/** Characters that change size when cased or encoded, or direction, or are not characters at all. */
export const oddUnicode = [
  '\ufeff',
  '\ufffe',
  '\uffff',
  '\u200b',
  '\u202e',
  '\u2028',
  '\u0301',
  'İ',
  'ß',
  '👛',
  '\u{10ffff}',
  'ｆｕｌｌ',
]

/** Keys that mean something to JavaScript objects. */
export const prototypeKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
]

/** Quotes, LIKE wildcards, escapes and JSON-looking text: what a query built by hand would trip on. */
export const sqlText = [
  "'",
  "' OR '1'='1",
  "'; drop table names; --",
  '%',
  '_',
  '\\',
  '%_\\',
  '$1',
  '"',
  '\\u0000',
  "E'\\000'",
  '{}',
  '[]',
  'null',
]

/** Dates JavaScript reads and PostgreSQL cannot hold (beyond ±9999, before 1970 for the API), and non-dates. */
export const dateTexts = [
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '0000-01-01T00:00:00.000Z',
  '-000001-01-01T00:00:00.000Z',
  '10000-01-01T00:00:00.000Z',
  '+010000-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '1969-12-31T23:59:59.999Z',
  '2026-02-30T00:00:00.000Z',
  '2026-11-01T25:61:61Z',
  '2026-11-01',
  'Invalid Date',
]

/** Numbers as text: what a query parameter or a hand-parsed field holds. */
export const numberTexts = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '0',
  '1.5',
  '1e308',
  '1e400',
  '9007199254740992',
  '9007199254740993',
  '-9007199254740993',
  '2147483648',
  '18446744073709551616',
  '8640000000000000',
  '253402300800000',
  '0x10',
  ' 1',
  '+1',
  '00000001',
  '',
]

/** Numbers beyond the columns (integer, bigint, timestamp) and JavaScript's safe integers. */
export const hostileNumbers = [
  Number.MAX_SAFE_INTEGER,
  2 ** 53,
  -(2 ** 53),
  2 ** 53 + 2,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 63,
  2 ** 64,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  -1,
  -0,
  0.5,
  8.64e15,
  8.64e15 + 1,
  -8.64e15,
  253_402_300_800_000,
]

/** Number tokens JSON.parse reads as Infinity, -0 or a rounded value. */
const rawNumbers = ['1e400', '-1e400', '1e-400', '-0', '123456789012345678901234567890', '1E2']

/** Text of 10^4 to 10^6 characters: past every length limit, near the body limits. */
export const longString = fc
  .tuple(
    fc.constantFrom('x', 'é', '\u0000', '%', '\ud800', '👛', "'"),
    // A megabyte takes the server a third of a second: rarer than the shorter ones.
    fc.oneof(
      { weight: 6, arbitrary: fc.constant(10_000) },
      { weight: 2, arbitrary: fc.constant(100_000) },
      { weight: 1, arbitrary: fc.constant(1_000_000) },
    ),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)))

const shortConstants = [
  ...controlCharacters,
  ...loneSurrogates,
  ...oddUnicode,
  ...prototypeKeys,
  ...sqlText,
  ...dateTexts,
  ...numberTexts,
]

/** A short piece of hostile text, to splice into a valid value so that the rest still parses. */
export const hostileFragment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...controlCharacters) },
  { weight: 2, arbitrary: fc.constantFrom(...loneSurrogates) },
  { weight: 1, arbitrary: fc.constantFrom(...oddUnicode) },
  { weight: 2, arbitrary: fc.constantFrom(...sqlText, ...prototypeKeys) },
  { weight: 1, arbitrary: fc.constantFrom(...dateTexts, ...numberTexts) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }) },
)

/** Short hostile text: a constant, a hostile character among ordinary ones, or random code points. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...shortConstants) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), hostileFragment, fc.string({ maxLength: 8 }))
      .map((parts) => parts.join('')),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
)

/** Hostile text where one field is replaced: now and then very long (kept out of keys and nested JSON, for speed). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 15, arbitrary: hostileString },
  { weight: 1, arbitrary: longString },
)

/** A number JSON can carry that no column should take, or a token JSON.parse bends. */
export const hostileNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })) },
  { weight: 1, arbitrary: fc.constantFrom(...rawNumbers).map((text) => new RawJson(text)) },
)

/** An object with exactly these own keys, `__proto__` included (an object literal would set the prototype). */
export function objectOf(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const object: Record<string, unknown> = {}
  for (const [key, value] of entries)
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
  return object
}

/** A key of a JSON object: a prototype key, a control character, or any hostile text of modest length. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...prototypeKeys, '', 'k\u0000', '\u0000', '\ud800', 'a.b', '[0]'),
  hostileString,
)

/** JSON nested deeper than any handler expects. */
const deepJson = [
  new RawJson(`${'['.repeat(5000)}${']'.repeat(5000)}`),
  new RawJson(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`),
]

/** Any JSON value with hostile leaves: wrong types for every field, and objects with hostile keys. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.constantFrom(null, true, false, [], {}, ...deepJson),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 3 }).map(objectOf),
  ),
})).value

/** Malformed percent-escapes, and escapes of NUL, of invalid UTF-8 and of path separators. */
export const rawUrlText = fc
  .constantFrom(
    '%00',
    'a%00b',
    '%FF',
    '%C0%AF',
    '%E0%80',
    '%ED%A0%80',
    '%ZZ',
    '%',
    '%2e%2e%2f',
    '%2F',
    '..',
    '.',
  )
  .map((text) => new RawUrl(text))

/** What a query parameter or path segment can hold: text, raw escapes, or (query only) the key repeated. */
export const hostileWire: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileText },
  { weight: 1, arbitrary: rawUrlText },
  { weight: 1, arbitrary: fc.array(hostileString, { minLength: 2, maxLength: 3 }) },
)

/**
 * JSON text with RawJson tokens as they stand and every own key (`__proto__` too).
 *
 * @example
 * toJson({ a: new RawJson('1e400') }) // '{"a":1e400}'
 */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text
  if (value instanceof RawUrl) return JSON.stringify(value.text)
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .map((key) => `${JSON.stringify(key)}:${toJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

/** A wire value (query, path, header) as text: what a non-string becomes when a client writes it. */
export function wireText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value instanceof RawJson || value instanceof RawUrl) return value.text
  return toJson(value)
}
