/** Timestamps the page reports through its binding, and waits for them with a bound. */
export function createMarks() {
  const values = new Map<string, number>()
  const waiters = new Map<string, (time: number) => void>()
  return {
    set(key: string, time: number) {
      if (values.has(key)) return
      values.set(key, time)
      waiters.get(key)?.(time)
    },
    wait(key: string, timeoutMs: number): Promise<number> {
      const known = values.get(key)
      if (known !== undefined) return Promise.resolve(known)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${key}" within ${timeoutMs} ms`)), timeoutMs)
        waiters.set(key, (time) => {
          clearTimeout(timer)
          resolve(time)
        })
      })
    },
  }
}
