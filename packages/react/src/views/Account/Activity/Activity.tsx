import { groupTransactions, transactionsToShow } from '@latch/core'
import { type ReactNode, useEffect, useMemo, useRef } from 'react'
import { useLatchClient } from '../../../context.ts'
import { useAccount } from '../../../hooks/useAccount.ts'
import { useNetwork } from '../../../hooks/useNetwork.ts'
import { PendingRow, TransactionRow } from './TransactionRow.tsx'
import { useHistory } from './useHistory.ts'
import './Activity.css'

/** SPEC §8. */
export const HISTORY_ERROR = 'Failed to fetch transactions'

/**
 * The account's transactions on the active network (SPEC §4): newest first, grouped by year then month,
 * spam-only transfers left out, the next page loaded as the visitor scrolls to the end. A lazy chunk of the
 * Account view.
 */
export default function Activity() {
  const client = useLatchClient()
  const { address, pendingTransactions } = useAccount()
  const { caipNetworkId, network } = useNetwork()
  const pendingHere = pendingTransactions.filter((transaction) => transaction.chainId === caipNetworkId)
  // Asked again every few seconds while shown, more often while something sent is not mined.
  const state = useHistory(address, caipNetworkId, pendingHere.length > 0)
  const result = state.status === 'ready' ? state.result : undefined
  const transactions = useMemo(
    () =>
      result?.data
        ? transactionsToShow(
            result.data.pages.flatMap((page) => page.data),
            caipNetworkId,
          )
        : [],
    [result?.data, caipNetworkId],
  )
  const groups = useMemo(() => groupTransactions(transactions), [transactions])
  const mined = new Set(transactions.map((transaction) => transaction.metadata.hash.toLowerCase()))
  const pending = pendingHere.filter((transaction) => !mined.has(transaction.hash.toLowerCase()))
  const minedCount = pendingHere.length - pending.length

  // A pending transaction the history lists is pending no more.
  useEffect(() => {
    if (!minedCount) return
    const namespace = network.chainNamespace
    const listed = new Set(transactions.map((transaction) => transaction.metadata.hash.toLowerCase()))
    client.accounts.update(namespace, {
      pendingTransactions: client.accounts
        .get(namespace)
        .pendingTransactions.filter((transaction) => !listed.has(transaction.hash.toLowerCase())),
    })
  }, [client, network.chainNamespace, transactions, minedCount])

  // A transaction the indexer lists that was not there before (a transfer in, or one sent elsewhere): the balance and
  // the tokens follow it at once. Counted on one account and network, from its first answer on (an empty one too).
  const scope = `${address} ${caipNetworkId}`
  const seen = useRef<{ scope: string; ids?: Set<string> }>({ scope })
  useEffect(() => {
    if (seen.current.scope !== scope) seen.current = { scope }
    // The first page only: the next pages are older transactions, loaded as the list scrolls.
    const first = result?.isSuccess ? result.data?.pages[0]?.data : undefined
    if (!first) return
    const known = seen.current.ids
    const ids = first.map((transaction) => transaction.id)
    seen.current.ids = new Set([...(known ?? []), ...ids])
    if (known && ids.some((id) => !known.has(id))) client.refreshAccount().catch(() => undefined)
  }, [client, scope, result])

  const pendingList = pending.length > 0 && (
    <section aria-label="Pending">
      <h4 className="latch-activity-month">Pending</h4>
      <ul className="latch-list">
        {pending.map((transaction) => (
          <PendingRow
            key={transaction.hash}
            transaction={transaction}
            symbol={network.nativeCurrency.symbol}
            decimals={network.nativeCurrency.decimals}
          />
        ))}
      </ul>
    </section>
  )

  let content: ReactNode
  if (state.status === 'failed' || result?.isError) {
    // SPEC §4: the list is empty on error.
    const retry = state.status === 'failed' ? state.retry : () => void result?.refetch()
    content = (
      <div className="latch-failure" role="alert">
        <p className="latch-muted">{HISTORY_ERROR}</p>
        <button type="button" className="latch-button latch-button-secondary" onClick={retry}>
          Try again
        </button>
      </div>
    )
  } else if (!result?.isSuccess) {
    content = <p className="latch-muted">Loading activity…</p>
  } else if (!groups.length && !pendingList) {
    content = <p className="latch-muted">No activity yet</p>
  } else {
    content = (
      <>
        {pendingList}
        {groups.map(({ year, months }) => (
          <div key={year} className="latch-activity-year">
            {months.map(({ month, label, transactions }) => (
              <section key={month} aria-label={label}>
                <h4 className="latch-activity-month">{label}</h4>
                <ul className="latch-list">
                  {transactions.map((transaction) => (
                    <TransactionRow key={transaction.id} transaction={transaction} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        ))}
        {result.hasNextPage && (
          <MoreOnScroll loading={result.isFetchingNextPage} load={() => void result.fetchNextPage()} />
        )}
      </>
    )
  }

  return (
    <section className="latch-activity" aria-label="Activity" aria-busy={result?.isFetching ?? true}>
      {content}
    </section>
  )
}

/** Loads the next page when it scrolls into view (and offers a button, for keyboards and old browsers). */
function MoreOnScroll({ loading, load }: { loading: boolean; load(): void }) {
  const ref = useRef<HTMLButtonElement>(null)
  const loadRef = useRef(load)
  loadRef.current = load
  useEffect(() => {
    const target = ref.current
    if (!target || typeof IntersectionObserver === 'undefined' || loading) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadRef.current()
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [loading])
  return (
    <button
      ref={ref}
      type="button"
      className="latch-button latch-button-secondary"
      onClick={load}
      disabled={loading}
    >
      {loading ? 'Loading…' : 'Load more'}
    </button>
  )
}
