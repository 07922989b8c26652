/**
 * Runs `task` once the page is idle (after `timeoutMs` at the latest), or in a task of its own where the
 * browser has no idle callbacks: work that must not delay what the visitor is waiting for. Returns a cancel
 * function.
 *
 * @example
 * const cancel = whenIdle(() => prefetch(), 1000) // within a second at the latest
 */
export function whenIdle(task: () => void, timeoutMs?: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: timeoutMs })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(task)
  return () => clearTimeout(handle)
}
