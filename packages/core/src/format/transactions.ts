// The Activity list's helpers (SPEC §4 transaction list). Apart from format.ts so they stay in its chunk.
import type { Transaction, TransactionOperationType, TransactionTransfer } from '../api/types.ts'

/** Amounts floored (never rounded up) to 3 decimals, with thousands separators. */
const amount = /* @__PURE__ */ new Intl.NumberFormat('en-US', {
  maximumFractionDigits: 3,
  roundingMode: 'trunc',
} as Intl.NumberFormatOptions)

export interface TransactionMonth {
  /** 0–11. */
  month: number
  /** e.g. 'November 2026'. */
  label: string
  transactions: Transaction[]
}

export interface TransactionYear {
  year: number
  months: TransactionMonth[]
}

/** A transaction that moved nothing but NFTs marked as spam (SPEC §4: filtered out). */
export function isSpamOnly(transaction: Transaction): boolean {
  const { transfers } = transaction
  return transfers.length > 0 && transfers.every((transfer) => transfer.nft_info?.flags.is_spam === true)
}

const minedAt = (transaction: Transaction) => Date.parse(transaction.metadata.minedAt) || 0

/**
 * The transactions the Activity list shows (SPEC §4): those on the active network, without spam-only
 * ones, each once, newest first.
 *
 * @example
 * transactionsToShow(pages.flatMap((page) => page.data), 'eip155:31337')
 */
export function transactionsToShow(
  transactions: readonly Transaction[],
  caipNetworkId: string,
): Transaction[] {
  const seen = new Set<string>()
  return transactions
    .filter((transaction) => {
      if (transaction.metadata.chain !== caipNetworkId || isSpamOnly(transaction) || seen.has(transaction.id))
        return false
      seen.add(transaction.id)
      return true
    })
    .sort((a, b) => minedAt(b) - minedAt(a))
}

/**
 * Groups transactions, newest first already, by year and then month (in the visitor's time zone).
 *
 * @example
 * groupTransactions(list)[0] // { year: 2026, months: [{ month: 10, label: 'November 2026', transactions }] }
 */
export function groupTransactions(transactions: readonly Transaction[], locale = 'en'): TransactionYear[] {
  const label = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' })
  const years: TransactionYear[] = []
  for (const transaction of transactions) {
    const date = new Date(minedAt(transaction))
    const year = date.getFullYear()
    const month = date.getMonth()
    let group = years[years.length - 1]
    if (group?.year !== year) {
      group = { year, months: [] }
      years.push(group)
    }
    let monthGroup = group.months[group.months.length - 1]
    if (monthGroup?.month !== month) {
      monthGroup = { month, label: label.format(date), transactions: [] }
      group.months.push(monthGroup)
    }
    monthGroup.transactions.push(transaction)
  }
  return years
}

const titles: Record<TransactionOperationType, string> = {
  send: 'Sent',
  receive: 'Received',
  trade: 'Swapped',
  execute: 'Contract call',
  deploy: 'Deployed',
  approve: 'Approved',
  mint: 'Minted',
  burn: 'Burned',
}

/** What the list calls a transaction, e.g. 'Sent' or 'Received'. */
export function transactionTitle(transaction: Transaction): string {
  return titles[transaction.metadata.operationType] ?? 'Transaction'
}

/**
 * A transfer as one line: the amount floored to 3 decimals with its sign and symbol, or the NFT's name.
 *
 * @example
 * transferText({ direction: 'in', quantity: { numeric: '1.23456' }, fungible_info: { symbol: 'LUSD', … } })
 * // '+1.234 LUSD'
 */
export function transferText(transfer: TransactionTransfer): string {
  const sign = transfer.direction === 'in' ? '+' : transfer.direction === 'out' ? '-' : ''
  if (transfer.nft_info) return `${sign}${transfer.nft_info.name}`
  const symbol = transfer.fungible_info?.symbol ?? ''
  const value = Number(transfer.quantity.numeric)
  // A dust amount reads as less than the smallest shown, not as nothing.
  const text = value > 0 && value < 0.001 ? '<0.001' : amount.format(value)
  return `${sign}${text} ${symbol}`.trim()
}
