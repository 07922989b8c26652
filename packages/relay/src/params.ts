/** EIP-1474's "limit exceeded", the closest JSON-RPC code for a quota. */
export const LIMIT_EXCEEDED = -32005

/** A request the relay refuses, answered as a JSON-RPC error with `code`. */
export class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}
export const invalid = (message: string) => new Refusal(-32602, `Invalid params: ${message}`)
export const overLimit = (message: string) => new Refusal(LIMIT_EXCEEDED, `Limit exceeded: ${message}`)

const topicPattern = /^[0-9a-f]{64}$/

export function topicOf(value: unknown, field = 'topic'): string {
  if (typeof value !== 'string' || !topicPattern.test(value))
    throw invalid(`${field} must be 64 lower-case hex characters`)
  return value
}

export function objectOf(params: unknown, field = 'params'): Record<string, unknown> {
  if (!params || typeof params !== 'object' || Array.isArray(params))
    throw invalid(`${field} must be an object`)
  return params as Record<string, unknown>
}

export function arrayOf(value: unknown, field: string, max: number): unknown[] {
  if (!Array.isArray(value)) throw invalid(`${field} must be an array`)
  if (value.length > max) throw invalid(`${field} may hold at most ${max} items`)
  return value
}
