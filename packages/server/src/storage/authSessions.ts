// The embedded wallet's accounts as a session sees them, and its frame sessions: found by the sha-256 of their token,
// revoked on sign-out.
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from './database.ts'
import { authAccounts, authIdentities, authSessions } from './schema.ts'

export interface AuthAccount {
  id: string
  /** Lower-case; null for an account only a social login without a verified e-mail knows. */
  email: string | null
  /** Checksummed; null until the frame has stored the key's shares. */
  address: string | null
}

/** The account columns every read of an account selects. */
export const accountColumns = {
  id: authAccounts.id,
  email: authAccounts.email,
  address: authAccounts.address,
}

export interface AuthSession {
  account: AuthAccount
  /** sha-256 of the secret of the device the session was made on: every use of the session shows that secret. */
  deviceHash: string
  expiresAt: Date
  /** Until when it may have the recovery share (shortly after its login); null after. */
  recoveryUntil: Date | null
  /** The social login that started it, with the handle its provider last gave; null for an e-mail login. */
  social: { provider: string; username: string | null; email: string | null } | null
}

export interface NewAuthSession {
  tokenHash: string
  createdAt: Date
  expiresAt: Date
  recoveryUntil: Date
}

/** The frame sessions of the auth store (`AuthStore` extends this). */
export interface SessionStore {
  /** A session neither revoked nor expired at `now`, with its account. */
  session(tokenHash: string, now: Date): Promise<AuthSession | undefined>
  revokeSession(tokenHash: string, now: Date): Promise<void>
}

export function createSessions(db: Database): SessionStore {
  return {
    async session(tokenHash, now) {
      const [row] = await db
        .select({
          account: accountColumns,
          deviceHash: authSessions.deviceHash,
          expiresAt: authSessions.expiresAt,
          recoveryUntil: authSessions.recoveryUntil,
          provider: authSessions.provider,
          username: authIdentities.username,
          identityEmail: authIdentities.email,
        })
        .from(authSessions)
        .innerJoin(authAccounts, eq(authAccounts.id, authSessions.accountId))
        .leftJoin(
          authIdentities,
          and(
            eq(authIdentities.provider, authSessions.provider),
            eq(authIdentities.subject, authSessions.subject),
          ),
        )
        .where(
          and(
            eq(authSessions.tokenHash, tokenHash),
            isNull(authSessions.revokedAt),
            gt(authSessions.expiresAt, now),
          ),
        )
      if (!row) return undefined
      const { provider, username, identityEmail, ...session } = row
      return {
        ...session,
        social: provider ? { provider, username, email: identityEmail } : null,
      }
    },
    async revokeSession(tokenHash, now) {
      await db
        .update(authSessions)
        .set({ revokedAt: now })
        .where(and(eq(authSessions.tokenHash, tokenHash), isNull(authSessions.revokedAt)))
    },
  }
}
