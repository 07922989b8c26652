/** The RPC retry rules of SPEC §9. */
export interface RpcRetryRules {
  /** Retries after the first attempt. */
  retryCount: number
  /** Delay before the first retry; each further retry waits twice as long. */
  baseDelayMs: number
  /** HTTP statuses worth another attempt. */
  retryStatuses: ReadonlySet<number>
  /** JSON-RPC error codes worth another attempt. */
  retryCodes: ReadonlySet<number>
  /**
   * How long a request may take, counted from its first attempt, waits included: its give-up time. Any
   * `Retry-After` that ends within it is honoured, however long; one that ends later is not waited for
   * (retrying earlier would not honour it, waiting longer would break the bounded-time rule, DESIGN.md rule 8).
   */
  giveUpMs: number
}

/** SPEC §9: "RPC requests retry 3 times with 150 ms base delay, doubling; Retry-After honoured; …". */
export const specRpcRetryRules: RpcRetryRules = {
  retryCount: 3,
  baseDelayMs: 150,
  retryStatuses: new Set([403, 408, 413, 429, 500, 502, 503, 504]),
  retryCodes: new Set([-1, -32005, -32000]),
  giveUpMs: 60_000,
}

/**
 * Whether a failed RPC request is retried under `rules`: its HTTP status or its JSON-RPC error code is in
 * the lists, and any `Retry-After` it carries ends before the request's give-up time (`elapsedMs` is how long
 * the request has taken so far).
 *
 * @example
 * shouldRetryRpc(new HttpRequestError({ status: 503, url }), specRpcRetryRules) // true
 */
export function shouldRetryRpc(error: unknown, rules: RpcRetryRules, elapsedMs = 0): boolean {
  const { status, code } = failureOf(error)
  const retryable =
    (status !== undefined && rules.retryStatuses.has(status)) ||
    (code !== undefined && rules.retryCodes.has(code))
  if (!retryable) return false
  const retryAfter = retryAfterMs(error)
  return retryAfter === undefined || elapsedMs + retryAfter <= rules.giveUpMs
}

/**
 * How long to wait before retry number `attempt + 1`: the node's `Retry-After` when it sent one, else
 * `baseDelayMs` doubled per earlier retry (150, 300, 600 ms).
 *
 * @example
 * rpcRetryDelay(error, 1, specRpcRetryRules) // 300 (no Retry-After)
 */
export function rpcRetryDelay(error: unknown, attempt: number, rules: RpcRetryRules): number {
  return retryAfterMs(error) ?? rules.baseDelayMs * 2 ** attempt
}

/**
 * The HTTP status and JSON-RPC code of a failed request, from anywhere in its `cause` chain (viem wraps
 * the response's error in typed errors).
 *
 * @example
 * failureOf(error) // { status: 503, code: undefined }
 */
export function failureOf(error: unknown): { status: number | undefined; code: number | undefined } {
  let status: number | undefined
  let code: number | undefined
  for (const link of causeChain(error)) {
    const { status: s, code: c } = link as { status?: unknown; code?: unknown }
    if (status === undefined && typeof s === 'number') status = s
    if (code === undefined && typeof c === 'number') code = c
  }
  return { status, code }
}

/** The `Retry-After` of the response, in ms from now: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterMs(error: unknown): number | undefined {
  for (const link of causeChain(error)) {
    const headers = (link as { headers?: unknown }).headers
    if (!(headers instanceof Headers)) continue
    const value = headers.get('Retry-After')?.trim()
    if (!value) return undefined
    if (/^\d+$/.test(value)) return Number(value) * 1000
    const until = Date.parse(value) - Date.now()
    return Number.isNaN(until) ? undefined : Math.max(0, until)
  }
  return undefined
}

function* causeChain(error: unknown): Generator<object> {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    yield current
    current = (current as { cause?: unknown }).cause
  }
}
