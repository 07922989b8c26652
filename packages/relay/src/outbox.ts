import type { WebSocket } from 'ws'

/**
 * Unsent data a socket may have (counting what it is about to be sent) while the relay is under pressure: a client
 * that reads has a few pushes in flight at most.
 */
const KEEPING_UP_BYTES = 256 * 1024

export interface OutboxLimits {
  /** Unsent data one socket may hold before it is closed. */
  perSocket: number
  /**
   * Unsent data all sockets together may hold: a socket whose next frame would go past it is closed instead; past
   * half of it, so is one that would be more than 256 KiB behind.
   */
  total: number
}

/**
 * What the relay has handed its sockets and they have not yet written out, per socket and in all. Each socket's
 * cap alone does not bound memory: a message kept once is pushed to every subscriber, and a stranger with many
 * sockets that do not read (or many fetches) would make the relay hold a copy for each. A socket that stops
 * reading is closed rather than buffered for; under pressure the ones behind go first.
 *
 * @example
 * const out = outbox({ perSocket: 4 << 20, total: 64 << 20 })
 * out.send(socket, JSON.stringify(frame))
 */
export function outbox(limits: OutboxLimits) {
  const unsent = new Map<WebSocket, number>()
  let total = 0

  const written = (socket: WebSocket, size: number) => {
    const held = unsent.get(socket)
    // A socket already closed was taken out of the count whole.
    if (held === undefined) return
    unsent.set(socket, held - size)
    total -= size
  }

  return {
    /** Sends `text`, or closes the socket when it or the relay hold too much unsent; false when not sent. */
    send(socket: WebSocket, text: string): boolean {
      if (socket.readyState !== socket.OPEN) return false
      const size = Buffer.byteLength(text)
      const held = unsent.get(socket) ?? 0
      const pressed = total + size > limits.total / 2
      if (
        socket.bufferedAmount > limits.perSocket ||
        total + size > limits.total ||
        (pressed && held + size > KEEPING_UP_BYTES)
      ) {
        socket.terminate()
        return false
      }
      if (!unsent.has(socket))
        socket.once('close', () => {
          total -= unsent.get(socket) ?? 0
          unsent.delete(socket)
        })
      unsent.set(socket, held + size)
      total += size
      // Called once the data is written out, or with an error when the socket closes first.
      socket.send(text, () => written(socket, size))
      return true
    },
    /** Bytes handed to sockets and not yet written out, in all. */
    get unsentBytes(): number {
      return total
    },
  }
}
