import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { memoryStorage } from '../../test/support/memoryStorage.ts'
import { createTestDatabase } from '../../test/support/postgres.ts'
import type { IndexedBlock } from './history.ts'
import { openStorage } from './openStorage.ts'
import type { Storage } from './types.ts'

const backends = [
  ['PGlite', async () => memoryStorage()],
  ['PostgreSQL', async () => openStorage({ databaseUrl: await createTestDatabase() })],
] as const

const alice = `0x${'a'.repeat(40)}`
const bob = `0x${'b'.repeat(40)}`
const token = `0x${'c'.repeat(40)}`

/** Block `number` on chain 1 with one ERC-20 transfer from alice to bob per transaction. */
function block(number: number, transactions = 1): IndexedBlock {
  const minedAt = new Date(Date.UTC(2026, 10, 1) + number * 1000)
  const hashes = Array.from({ length: transactions }, (_, i) => `0x${number}-${i}`)
  return {
    number,
    hash: `0xblock${number}`,
    parentHash: `0xblock${number - 1}`,
    minedAt,
    transactions: hashes.map((hash, txIndex) => ({
      chainId: 1,
      hash,
      blockNumber: number,
      txIndex,
      minedAt,
      from: alice,
      to: token,
      nonce: number,
      status: 'confirmed' as const,
      operationType: 'execute',
    })),
    transfers: hashes.map((hash) => ({
      chainId: 1,
      hash,
      logIndex: 0,
      blockNumber: number,
      kind: 'erc20' as const,
      token,
      from: alice,
      to: bob,
      amount: '5',
    })),
    activity: hashes.flatMap((hash, txIndex) =>
      [alice, bob, token].map((account) => ({
        account,
        chainId: 1,
        hash,
        blockNumber: number,
        txIndex,
        minedAt,
      })),
    ),
  }
}

describe.each(backends)('history on %s', (_name, open) => {
  let storage: Storage
  beforeAll(async () => {
    storage = await open()
    await storage.history.writeBlocks(
      1,
      [block(0), block(1, 3), block(2, 2)],
      [{ chainId: 1, address: token, kind: 'erc20', name: 'Coin', symbol: 'CN', decimals: 2 }],
    )
  })
  afterAll(() => storage.close())

  test('pages an account newest first with a cursor, each transaction once, transfers and token metadata attached', async () => {
    const first = await storage.history.page({ account: bob, limit: 3 })
    // limit + 1 rows tell the caller another page follows.
    expect(first.map((entry) => entry.transaction.hash)).toEqual(['0x2-1', '0x2-0', '0x1-2', '0x1-1'])
    const last = first[2]!.transaction
    const rest = await storage.history.page({
      account: bob,
      limit: 3,
      cursor: {
        minedAt: last.minedAt,
        chainId: last.chainId,
        blockNumber: last.blockNumber,
        txIndex: last.txIndex,
      },
    })
    expect(rest.map((entry) => entry.transaction.hash)).toEqual(['0x1-1', '0x1-0', '0x0-0'])
    expect(first[0]!.transfers).toMatchObject([
      { amount: '5', token_metadata: { symbol: 'CN', decimals: 2 } },
    ])
    expect(await storage.history.page({ account: bob, chainId: 2, limit: 10 })).toEqual([])
  })

  test('knows the last block and its hash, and forgets the blocks above one (a reorg), keeping token metadata', async () => {
    expect(await storage.history.lastBlock(1)).toEqual({ number: 2, hash: '0xblock2' })
    await storage.history.rollbackAbove(1, 0)
    expect(await storage.history.lastBlock(1)).toEqual({ number: 0, hash: '0xblock0' })
    expect(await storage.history.blockHash(1, 1)).toBeUndefined()
    expect(
      (await storage.history.page({ account: alice, limit: 10 })).map((e) => e.transaction.hash),
    ).toEqual(['0x0-0'])
    expect(await storage.history.tokens(1, [token])).toHaveLength(1)
  })

  test('forgets a replaced chain with its token metadata', async () => {
    await storage.history.rollbackAbove(1, -1, { tokens: true })
    expect(await storage.history.lastBlock(1)).toBeUndefined()
    expect(await storage.history.page({ account: alice, limit: 10 })).toEqual([])
    expect(await storage.history.tokens(1, [token])).toEqual([])
  })
})
