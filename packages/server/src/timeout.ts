/**
 * `promise`, or a rejection naming `what` once `ms` have passed. The timer is cleared as soon as either settles:
 * a pending one would hold the event loop (and a graceful shutdown) for its whole length after every request.
 *
 * @example
 * const name = await withTimeout(ens.getEnsName({ address }), 3000, 'ENS lookup')
 */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}
