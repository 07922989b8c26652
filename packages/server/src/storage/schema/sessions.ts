// Sign-in (SIWX): the nonces issued and the sessions they opened.
import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Sign-in nonces (SIWX): issued by `GET /v1/sessions/nonce`, each used by at most one session. */
export const siwxNonces = pgTable('siwx_nonces', {
  nonce: text('nonce').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Set when a verified message used it. */
  usedAt: timestamp('used_at', { withTimezone: true }),
})

/** Sign-in sessions: a verified sign-in message, found again by the sha-256 of the token it was given. */
export const siwxSessions = pgTable(
  'siwx_sessions',
  {
    id: text('id').primaryKey(),
    /** sha-256 of the bearer token, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    /** Checksummed. */
    address: text('address').notNull(),
    /** CAIP-2. */
    chainId: text('chain_id').notNull(),
    domain: text('domain').notNull(),
    uri: text('uri').notNull(),
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('siwx_sessions_address').on(sql`lower(${table.address})`, table.domain)],
)
