// JSON-RPC 2.0 as the bundler and paymaster routes speak it: requests read from the raw body (so that malformed JSON
// is answered -32700 here, never by a framework's HTML or a bundler's own 400), and errors in the protocol's shape.

/** A request's id as the client sent it, echoed in the answer. */
export type JsonRpcId = string | number | null

export interface JsonRpcRequest {
  id: JsonRpcId
  method: string
  params: unknown
}

export interface JsonRpcErrorBody {
  jsonrpc: '2.0'
  id: JsonRpcId
  error: { code: number; message: string; data?: unknown }
}

export type JsonRpcAnswer = { jsonrpc: '2.0'; id: JsonRpcId; result: unknown } | JsonRpcErrorBody

/** Requests in one body at most, by default: each is its own call upstream, and the rate limits count bodies. */
export const maxBatch = 10

/** An error the caller reads: thrown anywhere in a method's handling, answered in JSON-RPC's shape. */
export class JsonRpcError extends Error {
  override name = 'JsonRpcError'
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const METHOD_NOT_FOUND = -32601
export const INVALID_PARAMS = -32602
export const INTERNAL_ERROR = -32603
/** A server-defined error: the paymaster's refusals (its policy) and the bundler being out of reach. */
export const SERVER_ERROR = -32000

export function errorAnswer(id: JsonRpcId, code: number, message: string, data?: unknown): JsonRpcErrorBody {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } }
}

/** The answer for an error thrown while handling `id`: a JsonRpcError as it says, anything else as -32603. */
export function answerOfError(id: JsonRpcId, error: unknown): JsonRpcErrorBody {
  if (error instanceof JsonRpcError) return errorAnswer(id, error.code, error.message, error.data)
  return errorAnswer(id, INTERNAL_ERROR, 'Internal error')
}

/**
 * Reads a body: one request or a batch (1 to `max`, default {@link maxBatch}). Malformed JSON is thrown as -32700, a body of
 * another shape as -32600; a batch's malformed entries become their own error answers, so the rest still run.
 *
 * @example
 * parseJsonRpc('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}') // { batch: false, entries: [{ id: 1, … }] }
 */
export function parseJsonRpc(
  text: string,
  max: number = maxBatch,
): {
  batch: boolean
  entries: (JsonRpcRequest | JsonRpcErrorBody)[]
} {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new JsonRpcError(PARSE_ERROR, 'Parse error: the body is not JSON')
  }
  if (!Array.isArray(body)) {
    const entry = requestOf(body)
    if ('error' in entry) throw new JsonRpcError(entry.error.code, entry.error.message)
    return { batch: false, entries: [entry] }
  }
  if (body.length === 0) throw new JsonRpcError(INVALID_REQUEST, 'Invalid request: the batch is empty')
  if (body.length > max)
    throw new JsonRpcError(INVALID_REQUEST, `Invalid request: at most ${max} requests in a batch`)
  return { batch: true, entries: body.map(requestOf) }
}

function requestOf(value: unknown): JsonRpcRequest | JsonRpcErrorBody {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return errorAnswer(null, INVALID_REQUEST, 'Invalid request: expected a JSON-RPC request object')
  const { jsonrpc, id = null, method, params = [] } = value as Record<string, unknown>
  const validId =
    id === null ||
    (typeof id === 'string' && id.length <= 100) ||
    (typeof id === 'number' && Number.isFinite(id))
  if (!validId)
    return errorAnswer(null, INVALID_REQUEST, 'Invalid request: id must be a string, a number or null')
  const echoed = id as JsonRpcId
  if (jsonrpc !== '2.0') return errorAnswer(echoed, INVALID_REQUEST, 'Invalid request: jsonrpc must be "2.0"')
  if (typeof method !== 'string' || method.length === 0 || method.length > 100)
    return errorAnswer(echoed, INVALID_REQUEST, 'Invalid request: method must be a method name')
  if (typeof params !== 'object' || params === null)
    return errorAnswer(echoed, INVALID_PARAMS, 'Invalid params: params must be an array or an object')
  return { id: echoed, method, params }
}
