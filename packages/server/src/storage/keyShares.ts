// An account's key as the server holds it: the auth and recovery shares sealed, or the passphrase box in place of the
// recovery share, with the proof that replacing it takes.
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from './database.ts'
import { authAccounts, authKeyShares } from './schema.ts'

/** The two server-held shares as stored (sealed), or the user's passphrase box in place of the recovery share. */
export interface StoredShares {
  authShare: Uint8Array
  recoveryShare: Uint8Array | null
  passphraseBox: Record<string, string | number> | null
  /** sha-256 (hex) of the passphrase's proof; null without a passphrase, or for a box set before proofs. */
  passphraseProof: string | null
}

/** The key shares of the auth store (`AuthStore` extends this). */
export interface KeyShareStore {
  /**
   * Stores the account's key (its address and the two server-held shares) once: 'exists' (nothing written) when
   * it has one already.
   */
  storeShares(
    accountId: string,
    key: { address: string; authShare: Uint8Array; recoveryShare: Uint8Array },
  ): Promise<'stored' | 'exists'>
  shares(accountId: string): Promise<StoredShares | undefined>
  /**
   * Replaces the server's recovery share (or the box) with the box the user's passphrase seals and its proof's hash,
   * in one statement, only while the account's proof is still `expectedProof` (another change did not come first):
   * 'none' when the account has no key, 'changed' when the proof was another.
   */
  setPassphraseBox(
    accountId: string,
    box: Record<string, string | number>,
    proof: { hash: string; expected: string | null },
  ): Promise<'set' | 'none' | 'changed'>
}

export function createKeyShares(db: Database): KeyShareStore {
  return {
    async storeShares(accountId, key) {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(authKeyShares)
          .values({ accountId, authShare: key.authShare, recoveryShare: key.recoveryShare })
          .onConflictDoNothing()
          .returning({ accountId: authKeyShares.accountId })
        if (!inserted.length) return 'exists'
        await tx.update(authAccounts).set({ address: key.address }).where(eq(authAccounts.id, accountId))
        return 'stored'
      })
    },
    async shares(accountId) {
      const [row] = await db
        .select({
          authShare: authKeyShares.authShare,
          recoveryShare: authKeyShares.recoveryShare,
          passphraseBox: authKeyShares.passphraseBox,
          passphraseProof: authKeyShares.passphraseProof,
        })
        .from(authKeyShares)
        .where(eq(authKeyShares.accountId, accountId))
      return row
    },
    async setPassphraseBox(accountId, box, proof) {
      const rows = await db
        .update(authKeyShares)
        .set({ passphraseBox: box, passphraseProof: proof.hash, recoveryShare: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(authKeyShares.accountId, accountId),
            proof.expected === null
              ? isNull(authKeyShares.passphraseProof)
              : eq(authKeyShares.passphraseProof, proof.expected),
          ),
        )
        .returning({ accountId: authKeyShares.accountId })
      if (rows.length) return 'set'
      const key = await db
        .select({ accountId: authKeyShares.accountId })
        .from(authKeyShares)
        .where(eq(authKeyShares.accountId, accountId))
      return key.length ? 'changed' : 'none'
    },
  }
}
