// A request model on the wire: path segments and query values percent-encoded (lone surrogates as the bytes a
// careless client writes, raw escapes as they stand), headers as an HTTP client could send them, the body as JSON.
import type { InjectOptions } from 'fastify'
import { RawUrl, toJson, wireText } from './hostile.ts'
import type { RequestModel } from './mutate.ts'

/** UTF-16 code unit → its three-byte (WTF-8) escape: what a lone surrogate becomes when a client encodes it anyway. */
const wtf8 = (unit: number) =>
  [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
    .map((byte) => `%${byte.toString(16).toUpperCase()}`)
    .join('')

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Encodings of long texts: the fuzzer sends the same few 10^4–10^6-character texts again and again. */
const encodedLong = new Map<string, string>()

/** Percent-encodes any text; encodeURIComponent throws on a lone surrogate. */
export function percentEncode(value: unknown): string {
  if (value instanceof RawUrl) return value.text
  const text = wireText(value)
  if (!loneSurrogate.test(text)) return encodeURIComponent(text)
  const known = encodedLong.get(text)
  if (known !== undefined) return known
  const encoded = text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g, (unit) =>
    unit.length === 1 && /[\ud800-\udfff]/.test(unit) ? wtf8(unit.charCodeAt(0)) : encodeURIComponent(unit),
  )
  if (text.length >= 10_000 && encodedLong.size < 20) encodedLong.set(text, encoded)
  return encoded
}

/** A query string: an array repeats its key. */
export function queryString(query: Record<string, unknown> = {}): string {
  return Object.keys(query)
    .flatMap((key) => {
      const value = query[key]
      if (value === undefined) return []
      const values = Array.isArray(value) ? value : [value]
      return values.map((item) => `${percentEncode(key)}=${percentEncode(item)}`)
    })
    .join('&')
}

/** A header value an HTTP client can send (no CR, LF or NUL, latin-1, under 8 KiB); others are percent-encoded. */
function headerValue(value: unknown): string {
  const text = wireText(value).slice(0, 8192)
  return (/^[\t\x20-\x7e\x80-\xff]*$/.test(text) ? text : percentEncode(text)).slice(0, 8192)
}

export interface WireRoute {
  method: 'GET' | 'POST' | 'PUT'
  /** With `:name` for each path parameter. */
  url: string
  /** Content type of a body (default application/json). */
  contentType?: string
}

/** The inject options of a request model: what a client would put on the wire. */
export function toInject(route: WireRoute, request: RequestModel): InjectOptions {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) =>
    request.params?.[name] === undefined ? '' : percentEncode(request.params[name]),
  )
  const search = queryString(request.query)
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers ?? {}))
    if (value !== undefined) headers[name] = headerValue(value)
  if (request.body !== undefined) headers['content-type'] ??= route.contentType ?? 'application/json'
  return {
    method: route.method,
    url: search ? `${path}?${search}` : path,
    headers,
    ...(request.body === undefined
      ? {}
      : { payload: typeof request.body === 'string' ? request.body : toJson(request.body) }),
  }
}
