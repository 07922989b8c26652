import {
  floorBalance,
  type PendingTransaction,
  type Transaction,
  transactionTitle,
  transferText,
} from '@latch/core'
import { Icon } from '../../../components/Icon/Icon.tsx'

const time = /* @__PURE__ */ new Intl.DateTimeFormat('en', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
})

/** One transaction: what it was, what moved (signed, floored to 3 decimals), when, and whether it failed. */
export function TransactionRow({ transaction }: { transaction: Transaction }) {
  const { metadata, transfers } = transaction
  const failed = metadata.status === 'failed'
  const incoming = transfers.length > 0 && transfers.every((transfer) => transfer.direction === 'in')
  const minedAt = new Date(metadata.minedAt)
  const moved = transfers.map(transferText).join(', ') || shortHash(metadata.hash)
  return (
    <li className="latch-row latch-transaction" data-testid="latch-transaction" data-hash={metadata.hash}>
      <span className="latch-image latch-monogram" aria-hidden="true" data-incoming={incoming || undefined}>
        {/* An arrow says which way something moved; a call that moved nothing gets none. */}
        <Icon name={incoming ? 'arrowDown' : transfers.length ? 'arrowUp' : 'chevron'} />
      </span>
      <span className="latch-row-label">
        <span className="latch-clip">
          {transactionTitle(transaction)}
          {failed && <span className="latch-transaction-failed"> · Failed</span>}
        </span>
        <span className="latch-clip latch-muted" title={moved}>
          {moved}
        </span>
      </span>
      <time className="latch-muted" dateTime={metadata.minedAt}>
        {Number.isNaN(minedAt.getTime()) ? '' : time.format(minedAt)}
      </time>
    </li>
  )
}

/** A transaction sent through the modal that the history does not list yet. */
export function PendingRow({
  transaction,
  symbol,
  decimals,
}: {
  transaction: PendingTransaction
  symbol: string
  decimals: number
}) {
  const value = BigInt(transaction.value)
  const moved = value ? `-${floorBalance(value, decimals)} ${symbol}` : shortHash(transaction.hash)
  return (
    <li
      className="latch-row latch-transaction"
      data-testid="latch-transaction"
      data-hash={transaction.hash}
      data-pending=""
    >
      <span className="latch-image latch-monogram" aria-hidden="true">
        <Icon name="arrowUp" />
      </span>
      <span className="latch-row-label">
        <span>Pending</span>
        <span className="latch-clip latch-muted" title={moved}>
          {moved}
        </span>
      </span>
    </li>
  )
}

function shortHash(hash: string): string {
  return hash.length > 12 ? `${hash.slice(0, 6)}…${hash.slice(-4)}` : hash
}
