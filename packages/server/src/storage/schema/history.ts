// Account history: what the indexer reads from each configured chain. Addresses are stored
// lower-case; amounts are base-unit integers as decimal text.
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/** Blocks the indexer has recorded, per chain: resume point and reorg detection (hash, parent hash). */
export const indexedBlocks = pgTable(
  'indexed_blocks',
  {
    chainId: integer('chain_id').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    parentHash: text('parent_hash').notNull(),
    minedAt: timestamp('mined_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.number] })],
)

/** Every transaction in an indexed block. */
export const chainTransactions = pgTable(
  'chain_transactions',
  {
    chainId: integer('chain_id').notNull(),
    hash: text('hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    minedAt: timestamp('mined_at', { withTimezone: true }).notNull(),
    from: text('from').notNull(),
    /** Null for a contract deployment. */
    to: text('to'),
    nonce: integer('nonce').notNull(),
    status: text('status', { enum: ['confirmed', 'failed'] }).notNull(),
    operationType: text('operation_type').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.hash] }),
    index('chain_transactions_block').on(table.chainId, table.blockNumber),
  ],
)

/** Value moved by a transaction: its native value (log_index -1) and each ERC-20 / ERC-721 Transfer log. */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    chainId: integer('chain_id').notNull(),
    hash: text('hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['native', 'erc20', 'erc721'] }).notNull(),
    /** Null for native transfers. */
    token: text('token'),
    /** ERC-721 only. */
    tokenId: text('token_id'),
    from: text('from').notNull(),
    to: text('to').notNull(),
    amount: text('amount').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.hash, table.logIndex] }),
    index('chain_transfers_block').on(table.chainId, table.blockNumber),
  ],
)

/** One row per (account, transaction) the account took part in: the history route's index. */
export const accountActivity = pgTable(
  'account_activity',
  {
    account: text('account').notNull(),
    chainId: integer('chain_id').notNull(),
    hash: text('hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    minedAt: timestamp('mined_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.account, table.chainId, table.hash] }),
    index('account_activity_page').on(
      table.account,
      // NULLS FIRST is what a plain `ORDER BY … DESC` means: the history query's order matches the index.
      table.minedAt.desc().nullsFirst(),
      table.chainId.desc().nullsFirst(),
      table.blockNumber.desc().nullsFirst(),
      table.txIndex.desc().nullsFirst(),
    ),
    index('account_activity_block').on(table.chainId, table.blockNumber),
  ],
)

/** Name, symbol and decimals of token contracts seen in Transfer logs (decimals null for ERC-721). */
export const tokenMetadata = pgTable(
  'token_metadata',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    kind: text('kind', { enum: ['erc20', 'erc721'] }).notNull(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals'),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.address] })],
)
