import { http, type Transport, withRetry } from 'viem'
import { type RpcRetryRules, rpcRetryDelay, shouldRetryRpc, specRpcRetryRules } from './rpcRetry.ts'

export interface SpecHttpParameters {
  /** Timeout of one attempt. */
  timeoutMs: number
  /** Retry rules; SPEC §9 unless a test needs shorter delays. */
  rules?: RpcRetryRules | undefined
}

/**
 * viem's `http` transport with the RPC retry rules of SPEC §9.
 *
 * What viem 2.57 does by itself (utils/buildRequest.ts, `shouldRetry` and `delay`): 3 retries, 150 ms
 * doubling, `Retry-After` honoured (seconds or HTTP date, without an upper bound), retry on HTTP 403, 408,
 * 413, 429, 500, 502, 503, 504 — all as the spec says. It differs in which failures it retries:
 * - JSON-RPC -32000 in an HTTP 200 answer is not retried (the spec retries it);
 * - JSON-RPC -32603, 429 and -32007 are retried (the spec does not list them);
 * - -32601 / -32004 are never retried, even in a 403/5xx response (the spec retries those statuses);
 * - a request with neither a status nor a code (connection refused, DNS failure, timeout) is retried; the
 *   spec lists only statuses and codes, so here it is not, and an unreachable node fails at once.
 * viem has no option to replace its predicate, so the inner `http` transport runs with `retryCount: 0`
 * and this wrapper retries with `shouldRetryRpc` (viem's own `withRetry` runs the loop). A `Retry-After` is
 * honoured whatever its length as long as it ends within the request's give-up time (`rules.giveUpMs`,
 * counted from the first attempt); one that ends later fails the request at once rather than hold a
 * balance past it.
 *
 * @example
 * const client = createClient({ transport: specHttp('http://127.0.0.1:8545', { timeoutMs: 10_000 }) })
 */
export function specHttp(url: string, parameters: SpecHttpParameters): Transport {
  const { timeoutMs, rules = specRpcRetryRules } = parameters
  return (config) => {
    const inner = http(url, { retryCount: 0, timeout: timeoutMs })(config)
    const request: typeof inner.request = (args, options) => {
      const started = Date.now()
      return withRetry(() => inner.request(args, { ...options, retryCount: 0 }), {
        retryCount: options?.retryCount ?? rules.retryCount,
        delay: ({ count, error }) => rpcRetryDelay(error, count, rules),
        shouldRetry: ({ error }) => shouldRetryRpc(error, rules, Date.now() - started),
        signal: options?.signal,
      })
    }
    return {
      ...inner,
      config: { ...inner.config, retryCount: rules.retryCount, retryDelay: rules.baseDelayMs },
      request,
    }
  }
}
