import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from './database.ts'
import { siwxNonces, siwxSessions } from './schema.ts'

/** A sign-in session as stored (without its token, of which only a hash is kept). */
export interface SessionRecord {
  id: string
  /** Checksummed. */
  address: string
  /** CAIP-2. */
  chainId: string
  domain: string
  uri: string
  message: string
  signature: string
  issuedAt: Date
  expiresAt: Date
  revokedAt: Date | null
}

export type NewSession = Omit<SessionRecord, 'revokedAt'> & {
  /** sha-256 of the bearer token, hex. */
  tokenHash: string
  /** The nonce the message carries: used up by this session. */
  nonce: string
}

const columns = {
  id: siwxSessions.id,
  address: siwxSessions.address,
  chainId: siwxSessions.chainId,
  domain: siwxSessions.domain,
  uri: siwxSessions.uri,
  message: siwxSessions.message,
  signature: siwxSessions.signature,
  issuedAt: siwxSessions.issuedAt,
  expiresAt: siwxSessions.expiresAt,
  revokedAt: siwxSessions.revokedAt,
}

export interface SessionStore {
  /** Keeps a new nonce until `expiresAt`. */
  createNonce(nonce: string, expiresAt: Date): Promise<void>
  /** Whether the nonce was issued, is unused and has not expired at `now` (a read: nothing is used up). */
  nonceUsable(nonce: string, now: Date): Promise<boolean>
  /** Uses the nonce up without a session (a sign-in whose signature was refused spends its nonce). */
  spendNonce(nonce: string, now: Date): Promise<void>
  /** Deletes the nonces that expired before `now`; answers how many. */
  purgeNonces(now: Date): Promise<number>
  /**
   * Uses up the session's nonce and records the session, in one transaction: 'nonce' (and nothing written)
   * when the nonce is unknown, already used or expired at `now`.
   */
  create(session: NewSession, now: Date): Promise<'created' | 'nonce'>
  byTokenHash(tokenHash: string): Promise<SessionRecord | undefined>
  get(id: string): Promise<SessionRecord | undefined>
  /** An address's sessions for a domain that are neither revoked nor expired at `now`, newest first. */
  listLive(address: string, domain: string, now: Date): Promise<SessionRecord[]>
  /** Marks the session revoked (once: a second revoke keeps the first time). */
  revoke(id: string, now: Date): Promise<void>
}

export function createSessionStore(db: Database): SessionStore {
  return {
    async createNonce(nonce, expiresAt) {
      await db.insert(siwxNonces).values({ nonce, expiresAt })
    },
    async nonceUsable(nonce, now) {
      const rows = await db
        .select({ nonce: siwxNonces.nonce })
        .from(siwxNonces)
        .where(and(eq(siwxNonces.nonce, nonce), isNull(siwxNonces.usedAt), gt(siwxNonces.expiresAt, now)))
      return rows.length > 0
    },
    async spendNonce(nonce, now) {
      await db
        .update(siwxNonces)
        .set({ usedAt: now })
        .where(and(eq(siwxNonces.nonce, nonce), isNull(siwxNonces.usedAt)))
    },
    async purgeNonces(now) {
      // An expired nonce can never be used, so nothing is lost: a message naming it is refused either way.
      const deleted = await db
        .delete(siwxNonces)
        .where(lt(siwxNonces.expiresAt, now))
        .returning({ nonce: siwxNonces.nonce })
      return deleted.length
    },
    async create({ nonce, ...session }, now) {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(siwxNonces)
          .set({ usedAt: now })
          .where(and(eq(siwxNonces.nonce, nonce), isNull(siwxNonces.usedAt), gt(siwxNonces.expiresAt, now)))
          .returning({ nonce: siwxNonces.nonce })
        if (!used.length) return 'nonce'
        await tx.insert(siwxSessions).values(session)
        return 'created'
      })
    },
    async byTokenHash(tokenHash) {
      const [record] = await db
        .select(columns)
        .from(siwxSessions)
        .where(eq(siwxSessions.tokenHash, tokenHash))
      return record
    },
    async get(id) {
      const [record] = await db.select(columns).from(siwxSessions).where(eq(siwxSessions.id, id))
      return record
    },
    listLive(address, domain, now) {
      return db
        .select(columns)
        .from(siwxSessions)
        .where(
          and(
            sql`lower(${siwxSessions.address}) = ${address.toLowerCase()}`,
            eq(siwxSessions.domain, domain),
            isNull(siwxSessions.revokedAt),
            gt(siwxSessions.expiresAt, now),
          ),
        )
        .orderBy(desc(siwxSessions.issuedAt), desc(siwxSessions.id))
    },
    async revoke(id, now) {
      await db
        .update(siwxSessions)
        .set({ revokedAt: now })
        .where(and(eq(siwxSessions.id, id), isNull(siwxSessions.revokedAt)))
    },
  }
}
