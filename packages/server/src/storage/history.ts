import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm'
import type { Database } from './database.ts'
import { accountActivity, chainTransactions, chainTransfers, indexedBlocks, tokenMetadata } from './schema.ts'

/** Rows per INSERT: well under PostgreSQL's 65 535 parameters per statement. */
const insertBatch = 2000

export type TransactionRow = typeof chainTransactions.$inferInsert
export type TransferRow = typeof chainTransfers.$inferInsert
export type ActivityRow = typeof accountActivity.$inferInsert
export type TokenMetadataRow = typeof tokenMetadata.$inferSelect

/** One block as the indexer records it; addresses lower-case. */
export interface IndexedBlock {
  number: number
  hash: string
  parentHash: string
  minedAt: Date
  transactions: TransactionRow[]
  transfers: TransferRow[]
  activity: ActivityRow[]
}

/** Where a history page starts: the sort key of the last transaction of the previous page. */
export interface HistoryCursor {
  minedAt: Date
  chainId: number
  blockNumber: number
  txIndex: number
}

export interface HistoryPageParameters {
  /** Lower-case. */
  account: string
  chainId?: number
  cursor?: HistoryCursor
  limit: number
}

export interface HistoryEntry {
  transaction: typeof chainTransactions.$inferSelect
  transfers: (typeof chainTransfers.$inferSelect & { token_metadata: TokenMetadataRow | null })[]
}

export interface HistoryStore {
  /** Records blocks (in order) and new token metadata in one transaction: a batch is there whole or not at all. */
  writeBlocks(
    chainId: number,
    blocks: readonly IndexedBlock[],
    tokens?: readonly TokenMetadataRow[],
  ): Promise<void>
  /** The highest indexed block of a chain. */
  lastBlock(chainId: number): Promise<{ number: number; hash: string } | undefined>
  /** The hash recorded for a block, if indexed. */
  blockHash(chainId: number, number: number): Promise<string | undefined>
  /**
   * Forgets everything recorded above block `number` (a reorg), in one transaction; with `tokens`, the chain's
   * token metadata too (the chain was replaced: its addresses may now hold other contracts).
   */
  rollbackAbove(chainId: number, number: number, options?: { tokens?: boolean }): Promise<void>
  /** Metadata of the given token contracts that is already known. */
  tokens(chainId: number, addresses: readonly string[]): Promise<TokenMetadataRow[]>
  /** One page of an account's transactions, newest first, with their transfers; `limit + 1` tells if more follow. */
  page(parameters: HistoryPageParameters): Promise<HistoryEntry[]>
}

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += insertBatch) out.push(rows.slice(i, i + insertBatch))
  return out
}

export function createHistoryStore(db: Database): HistoryStore {
  return {
    async writeBlocks(chainId, blocks, tokens = []) {
      if (!blocks.length && !tokens.length) return
      await db.transaction(async (tx) => {
        for (const rows of chunks(tokens)) await tx.insert(tokenMetadata).values(rows).onConflictDoNothing()
        for (const rows of chunks(
          blocks.map(({ number, hash, parentHash, minedAt }) => ({
            chainId,
            number,
            hash,
            parentHash,
            minedAt,
          })),
        ))
          await tx.insert(indexedBlocks).values(rows)
        for (const rows of chunks(blocks.flatMap((block) => block.transactions)))
          await tx.insert(chainTransactions).values(rows).onConflictDoNothing()
        for (const rows of chunks(blocks.flatMap((block) => block.transfers)))
          await tx.insert(chainTransfers).values(rows).onConflictDoNothing()
        for (const rows of chunks(blocks.flatMap((block) => block.activity)))
          await tx.insert(accountActivity).values(rows).onConflictDoNothing()
      })
    },

    async lastBlock(chainId) {
      const [top] = await db
        .select({ number: indexedBlocks.number, hash: indexedBlocks.hash })
        .from(indexedBlocks)
        .where(eq(indexedBlocks.chainId, chainId))
        .orderBy(desc(indexedBlocks.number))
        .limit(1)
      return top
    },

    async blockHash(chainId, number) {
      const [row] = await db
        .select({ hash: indexedBlocks.hash })
        .from(indexedBlocks)
        .where(and(eq(indexedBlocks.chainId, chainId), eq(indexedBlocks.number, number)))
      return row?.hash
    },

    async rollbackAbove(chainId, number, options = {}) {
      await db.transaction(async (tx) => {
        if (options.tokens) await tx.delete(tokenMetadata).where(eq(tokenMetadata.chainId, chainId))
        await tx
          .delete(accountActivity)
          .where(and(eq(accountActivity.chainId, chainId), gt(accountActivity.blockNumber, number)))
        await tx
          .delete(chainTransfers)
          .where(and(eq(chainTransfers.chainId, chainId), gt(chainTransfers.blockNumber, number)))
        await tx
          .delete(chainTransactions)
          .where(and(eq(chainTransactions.chainId, chainId), gt(chainTransactions.blockNumber, number)))
        await tx
          .delete(indexedBlocks)
          .where(and(eq(indexedBlocks.chainId, chainId), gt(indexedBlocks.number, number)))
      })
    },

    async tokens(chainId, addresses) {
      if (!addresses.length) return []
      return db
        .select()
        .from(tokenMetadata)
        .where(and(eq(tokenMetadata.chainId, chainId), inArray(tokenMetadata.address, [...addresses])))
    },

    async page({ account, chainId, cursor, limit }) {
      const a = accountActivity
      const conditions = [eq(a.account, account)]
      if (chainId !== undefined) conditions.push(eq(a.chainId, chainId))
      if (cursor)
        conditions.push(
          sql`(${a.minedAt}, ${a.chainId}, ${a.blockNumber}, ${a.txIndex}) < (${cursor.minedAt.toISOString()}::timestamptz, ${cursor.chainId}, ${cursor.blockNumber}, ${cursor.txIndex})`,
        )
      const rows = await db
        .select({ chainId: a.chainId, hash: a.hash })
        .from(a)
        .where(and(...conditions))
        .orderBy(desc(a.minedAt), desc(a.chainId), desc(a.blockNumber), desc(a.txIndex))
        .limit(limit + 1)
      if (!rows.length) return []

      // By (chain, hash): the primary key's order, so each lookup is an index probe.
      const byChain = new Map<number, string[]>()
      for (const row of rows) byChain.set(row.chainId, [...(byChain.get(row.chainId) ?? []), row.hash])
      const keys = or(
        ...[...byChain].map(([id, hashes]) =>
          and(eq(chainTransactions.chainId, id), inArray(chainTransactions.hash, hashes)),
        ),
      )
      const joined = await db
        .select({ transaction: chainTransactions, transfer: chainTransfers, token: tokenMetadata })
        .from(chainTransactions)
        .leftJoin(
          chainTransfers,
          and(
            eq(chainTransfers.chainId, chainTransactions.chainId),
            eq(chainTransfers.hash, chainTransactions.hash),
          ),
        )
        .leftJoin(
          tokenMetadata,
          and(
            eq(tokenMetadata.chainId, chainTransfers.chainId),
            eq(tokenMetadata.address, chainTransfers.token),
          ),
        )
        .where(keys)
      const byKey = new Map<string, HistoryEntry>()
      for (const { transaction, transfer, token } of joined) {
        const key = `${transaction.chainId}:${transaction.hash}`
        let entry = byKey.get(key)
        if (!entry) {
          entry = { transaction, transfers: [] }
          byKey.set(key, entry)
        }
        if (transfer) entry.transfers.push({ ...transfer, token_metadata: token })
      }
      return rows.flatMap((row) => {
        const entry = byKey.get(`${row.chainId}:${row.hash}`)
        if (!entry) return []
        entry.transfers.sort((x, y) => x.logIndex - y.logIndex)
        return [entry]
      })
    },
  }
}
