// The paymaster's signed sponsorships: reserved, landed or released.
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The paymaster's sponsorships (`aa/paymaster.ts`): one row per user operation it signed for, with the most it can
 * cost (gas limits × max fee, in wei). The daily caps of a project's policy are sums over these rows, so they hold
 * across every server instance on the database.
 */
export const sponsorships = pgTable(
  'sponsorships',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: text('project_id').notNull(),
    chainId: integer('chain_id').notNull(),
    /** The smart account, lowercase. */
    sender: text('sender').notNull(),
    /** The most the operation can charge the paymaster's deposit, in wei (decimal text: it may exceed 2^63). */
    maxCost: text('max_cost').notNull(),
    /** The UTC day the caps count it in, `YYYY-MM-DD`. */
    day: text('day').notNull(),
    /** Who asked (a client address, an IPv6 one as its /64): a requester's signatures are budgeted per hour. */
    requester: text('requester').notNull().default(''),
    /** The operation's ERC-4337 hash, which the EntryPoint's UserOperationEvent names once it lands. */
    userOpHash: text('user_op_hash'),
    /** Until when its signature is good: past it, an operation never seen on chain can no longer land. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** The chain's block when it was signed: where its event is looked for from. */
    fromBlock: bigint('from_block', { mode: 'bigint' }),
    /**
     * 'reserved' from its signature (counted), 'landed' once seen on chain (counted), 'released' when its signature
     * ran out unseen (no longer counted). Rows from before reservations count as landed.
     */
    state: text('state', { enum: ['reserved', 'landed', 'released'] })
      .notNull()
      .default('landed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sponsorships_project_day').on(table.projectId, table.day),
    index('sponsorships_sender_day').on(table.projectId, table.sender, table.day),
    index('sponsorships_requester').on(table.projectId, table.requester, table.createdAt),
    index('sponsorships_reserved').on(table.chainId, table.state),
  ],
)
