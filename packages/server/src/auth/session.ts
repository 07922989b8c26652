import { randomBytes } from 'node:crypto'
import type { NewAuthSession } from '../storage/auth.ts'
import { sha256Hex } from '../tokens.ts'

/**
 * How long after its login a frame session may have the recovery share (or its passphrase box): the 10 minutes a new
 * device needs to rebuild its key. Later, only a new login (a fresh code from the mailbox, or the provider's) opens it.
 */
export const RECOVERY_WINDOW_MS = 10 * 60_000

/** A frame session made by a login at `createdAt`: its bearer token (32 random bytes) and the row kept of it. */
export function newSession(createdAt: Date, sessionMs: number): { token: string; session: NewAuthSession } {
  const token = randomBytes(32).toString('base64url')
  const at = createdAt.getTime()
  return {
    token,
    session: {
      tokenHash: sha256Hex(token),
      createdAt,
      expiresAt: new Date(at + sessionMs),
      recoveryUntil: new Date(at + RECOVERY_WINDOW_MS),
    },
  }
}
