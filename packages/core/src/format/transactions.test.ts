import { describe, expect, it } from 'vitest'
import type { Transaction, TransactionTransfer } from '../api/types.ts'
import {
  groupTransactions,
  isSpamOnly,
  transactionsToShow,
  transactionTitle,
  transferText,
} from './transactions.ts'

const lusd = (direction: TransactionTransfer['direction'], numeric: string): TransactionTransfer => ({
  fungible_info: { name: 'Latch USD', symbol: 'LUSD', icon: null },
  direction,
  quantity: { numeric },
})
const nft = (isSpam: boolean): TransactionTransfer => ({
  nft_info: { name: 'Free Prize #1', content: { preview: null }, flags: { is_spam: isSpam } },
  direction: 'in',
  quantity: { numeric: '1' },
})

function transaction(
  hash: string,
  minedAt: string,
  overrides: Partial<Transaction['metadata']> = {},
  transfers = [lusd('in', '1')],
): Transaction {
  const chain = overrides.chain ?? 'eip155:31337'
  return {
    id: `${chain}:${hash}`,
    metadata: {
      operationType: 'receive',
      hash,
      minedAt,
      sentFrom: '0x1',
      sentTo: '0x2',
      status: 'confirmed',
      nonce: 0,
      chain,
      ...overrides,
    },
    transfers,
  }
}

describe('transactionsToShow (SPEC §4)', () => {
  it('keeps the active network only, drops spam-only transactions and repeats, newest first', () => {
    const list = [
      transaction('0xa', '2026-10-01T10:00:00Z'),
      transaction('0xb', '2026-11-02T10:00:00Z'),
      transaction('0xc', '2026-11-03T10:00:00Z', { chain: 'eip155:31338' }),
      transaction('0xd', '2026-11-04T10:00:00Z', {}, [nft(true)]),
      transaction('0xe', '2026-11-05T10:00:00Z', {}, [nft(true), lusd('in', '2')]),
      transaction('0xb', '2026-11-02T10:00:00Z'),
    ]
    expect(transactionsToShow(list, 'eip155:31337').map((t) => t.metadata.hash)).toEqual([
      '0xe',
      '0xb',
      '0xa',
    ])
  })

  it('treats a transaction with no transfers (a contract call) as worth showing', () => {
    const call = transaction('0xf', '2026-11-01T00:00:00Z', { operationType: 'execute' }, [])
    expect(isSpamOnly(call)).toBe(false)
    expect(transactionsToShow([call], 'eip155:31337')).toHaveLength(1)
  })

  it('keeps NFTs that are not spam', () => {
    expect(isSpamOnly(transaction('0x1', '2026-11-01T00:00:00Z', {}, [nft(false)]))).toBe(false)
  })
})

describe('groupTransactions', () => {
  it('groups newest-first transactions by year, then month', () => {
    const list = [
      transaction('0x4', '2026-11-20T12:00:00'),
      transaction('0x3', '2026-11-02T12:00:00'),
      transaction('0x2', '2026-01-15T12:00:00'),
      transaction('0x1', '2025-12-31T12:00:00'),
    ]
    const groups = groupTransactions(list)
    expect(groups.map((g) => g.year)).toEqual([2026, 2025])
    expect(groups[0]!.months.map((m) => [m.label, m.transactions.map((t) => t.metadata.hash)])).toEqual([
      ['November 2026', ['0x4', '0x3']],
      ['January 2026', ['0x2']],
    ])
    expect(groups[1]!.months[0]!.label).toBe('December 2025')
  })

  it('answers no groups for no transactions', () => {
    expect(groupTransactions([])).toEqual([])
  })
})

describe('transaction text', () => {
  it('names the operation', () => {
    expect(transactionTitle(transaction('0x1', '2026-11-01T00:00:00Z', { operationType: 'send' }))).toBe(
      'Sent',
    )
    expect(transactionTitle(transaction('0x1', '2026-11-01T00:00:00Z'))).toBe('Received')
  })

  it('signs and floors amounts to 3 decimals, and names NFTs', () => {
    expect(transferText(lusd('in', '1.23456'))).toBe('+1.234 LUSD')
    expect(transferText(lusd('out', '0.5'))).toBe('-0.5 LUSD')
    expect(transferText(lusd('self', '2'))).toBe('2 LUSD')
    expect(transferText(nft(false))).toBe('+Free Prize #1')
    expect(transferText(lusd('in', '12345.6789'))).toBe('+12,345.678 LUSD')
    expect(transferText(lusd('out', '0.0009'))).toBe('-<0.001 LUSD')
  })
})
