import type { WebSocket } from 'ws'
import type { tokenBucket } from './limits.ts'

/** One open WebSocket connection and what it holds. */
export interface Client {
  socket: WebSocket
  /** The did:key that signed the connection's JWT. */
  clientId: string
  /** The topics it subscribes to (the same strings as the relay's topic keys). */
  subscriptions: Set<string>
  alive: boolean
  publishBudget: ReturnType<typeof tokenBucket>
  frameBudget: ReturnType<typeof tokenBucket>
}
