// Names: `<label>.<zone>` registered by a signature of the address that owns it.
import { sql } from 'drizzle-orm'
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const names = pgTable(
  'names',
  {
    /** The full name, lower-case: `alice.latch.id`. */
    name: text('name').primaryKey(),
    zone: text('zone').notNull(),
    /** Lower-case. */
    address: text('address').notNull(),
    /** ENSIP-11 coin type: 60 for Ethereum, `0x80000000 | chainId` for other EVM chains. */
    coinType: bigint('coin_type', { mode: 'number' }).notNull(),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('names_address').on(table.address, table.registeredAt)],
)

/** Registration messages already used (sha-256 of the signed message, hex): a message registers once. */
export const usedNameMessages = pgTable('used_name_messages', {
  messageHash: text('message_hash').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
})
