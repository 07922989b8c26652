import { randomBytes } from 'node:crypto'

// JSON-RPC 2.0 frames as WalletConnect clients send them. Their request ids are 19-digit integers, beyond what a
// JavaScript number holds exactly, so ids are read and written as their JSON text.

/** A parsed frame: the request (or response) with its id kept as raw JSON text. */
export interface Frame {
  /** The id as it appeared in JSON (`1700000000000123456`, `"abc"`), or `null`. */
  rawId: string
  method?: unknown
  params?: unknown
  result?: unknown
  error?: unknown
}

export type ParseResult = { ok: true; frame: Frame } | { ok: false; code: -32700 | -32600; message: string }

/**
 * Numeric ids are swapped for a string that starts with a marker no client can know (NUL and a random
 * per-process tag), so a client's own string id is never mistaken for one, and answered with the very digits
 * they came with (a 19-digit id, `1.50`, `1e400` alike). Only what JSON calls a number is swapped: `01` stays and
 * fails to parse, as JSON says. A number token becomes a string token, so text that was not JSON does not become
 * JSON.
 */
const marker = `\u0000${randomBytes(8).toString('hex')}:`
const numericIdPattern = /"id"\s*:\s*(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)(?=\s*[,}])/g

/**
 * Parses one WebSocket frame. Numeric ids keep every digit; every id is kept as the JSON text to answer with.
 *
 * @example
 * parseFrame('{"id":1700000000000123456,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"…"}}')
 * // { ok: true, frame: { rawId: '1700000000000123456', method: 'irn_subscribe', params: { topic: '…' } } }
 */
export function parseFrame(text: string): ParseResult {
  let value: unknown
  try {
    value = JSON.parse(text.replace(numericIdPattern, `"id":"${JSON.stringify(marker).slice(1, -1)}$1"`))
  } catch {
    return { ok: false, code: -32700, message: 'Parse error: the frame is not JSON' }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, code: -32600, message: 'Invalid request: a frame must be one JSON-RPC object' }
  const object = value as Record<string, unknown>
  const id = object.id
  let rawId = 'null'
  if (typeof id === 'string') rawId = id.startsWith(marker) ? id.slice(marker.length) : JSON.stringify(id)
  else if (typeof id === 'number') rawId = JSON.stringify(id)
  else if (id !== undefined && id !== null)
    return { ok: false, code: -32600, message: 'Invalid request: id must be a number or a string' }
  if (object.jsonrpc !== '2.0')
    return { ok: false, code: -32600, message: 'Invalid request: jsonrpc must be "2.0"' }
  return {
    ok: true,
    frame: {
      rawId,
      method: object.method,
      params: object.params,
      result: object.result,
      error: object.error,
    },
  }
}

/** A response frame for a request id given as raw JSON text. */
export function resultFrame(rawId: string, result: unknown): string {
  return `{"id":${rawId},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`
}

/** An error frame (JSON-RPC 2.0 codes: -32700 parse, -32600 request, -32601 method, -32602 params). */
export function errorFrame(rawId: string, code: number, message: string): string {
  return `{"id":${rawId},"jsonrpc":"2.0","error":${JSON.stringify({ code, message })}}`
}

let lastId = 0
/** Ids of the relay's own requests: unique, increasing, and exact as JavaScript numbers (16 digits). */
export function nextId(): number {
  lastId = Math.max(lastId + 1, Date.now() * 1000)
  return lastId
}
