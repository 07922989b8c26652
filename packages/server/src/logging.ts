import type { FastifyServerOptions } from 'fastify'

/** An error as it is logged. */
export interface LoggedError {
  [key: string]: unknown
  type: string
  message: string
  code?: string
  /** The message and the frames; empty when the error had none. */
  stack: string
  cause?: LoggedError
}

/** What a failed query's parameters become in a log: how many there were, never what they held. */
const redactedParams = (params: unknown) =>
  `[${Array.isArray(params) ? params.length : 'some'} parameters redacted]`

/**
 * An error for the log without the values it carries: a failed query's parameters (signed messages, signatures,
 * token hashes) and the database's `detail` (which repeats a conflicting key's value) are left out; the query
 * text, the database's message and code, and the stack stay.
 *
 * @example
 * serializeError(failedQuery).message // 'Failed query: insert into "siwx_sessions" … [11 parameters redacted]'
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: String(error).slice(0, 200), stack: '' }
  const record = error as Error & { query?: unknown; params?: unknown; code?: unknown }
  const isQuery = typeof record.query === 'string' && 'params' in record
  // drizzle's message is "Failed query: <sql>\nparams: <values>": keep the first part only.
  const message = isQuery ? `Failed query: ${record.query} ${redactedParams(record.params)}` : record.message
  const frames = record.stack?.split('\n').filter((line) => line.startsWith('    at '))
  return {
    type: record.constructor?.name ?? 'Error',
    message,
    ...(typeof record.code === 'string' ? { code: record.code } : {}),
    stack: frames?.length ? [`${record.name}: ${message}`, ...frames].join('\n') : '',
    ...(record.cause !== undefined && depth < 3 ? { cause: serializeError(record.cause, depth + 1) } : {}),
  }
}

/**
 * Fastify's logger option with errors logged by `serializeError`: `true` becomes info level; pino options keep
 * theirs; false stays off.
 *
 * @example
 * Fastify({ logger: loggerOptions({ level: 'warn' }) })
 */
export function loggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false
  const base = logger === true ? { level: 'info' } : logger
  return { ...base, serializers: { ...base.serializers, err: (error: unknown) => serializeError(error) } }
}
