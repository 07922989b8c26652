type Listener = (...args: unknown[]) => void

/** The slice of an event emitter that EIP-1193 asks of a provider; small enough to need no `events` polyfill. */
export interface Emitter {
  on(event: string, listener: Listener): Emitter
  removeListener(event: string, listener: Listener): Emitter
  emit(event: string, ...args: unknown[]): void
  removeAllListeners(): void
}

/**
 * Creates a tiny synchronous event emitter. A throwing listener does not stop the others.
 *
 * @example
 * const emitter = createEmitter()
 * emitter.on('chainChanged', (id) => console.log(id))
 * emitter.emit('chainChanged', '0x7a69')
 */
export function createEmitter(): Emitter {
  const listeners = new Map<string, Set<Listener>>()
  const emitter: Emitter = {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return emitter
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return emitter
    },
    emit(event, ...args) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(...args)
        } catch (error) {
          // A dapp's faulty listener must not break the wallet or the other listeners.
          queueMicrotask(() => {
            throw error
          })
        }
      }
    },
    removeAllListeners() {
      listeners.clear()
    },
  }
  return emitter
}
