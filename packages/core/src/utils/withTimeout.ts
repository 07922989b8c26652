import { TimeoutError } from '../errors/BaseError.ts'

/**
 * Settles with `promise`, or rejects with a TimeoutError after `ms` (DESIGN.md rule 8: every async step
 * settles within a bounded time).
 *
 * @example
 * await withTimeout(provider.request({ method: 'eth_requestAccounts' }), 60_000, 'connect')
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
