import { TimeoutError } from '@latch/core'

/**
 * Settles `promise` within `ms`: rejects with core's `TimeoutError` naming `what` when it takes longer.
 *
 * @example
 * await withTimeout(provider.request({ method: 'eth_chainId' }), 10_000, 'eth_chainId')
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
