import { groupTransactions, transactionsToShow } from '@latch/core'
import { type ReactNode, useEffect, useMemo, useRef } from 'react'
import { useAccount } from '../../../hooks/useAccount.ts'
import { useNetwork } from '../../../hooks/useNetwork.ts'
import { TransactionRow } from './TransactionRow.tsx'
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
  const { address } = useAccount()
  const { caipNetworkId } = useNetwork()
  const state = useHistory(address, caipNetworkId)
  const result = state.status === 'ready' ? state.result : undefined
  const groups = useMemo(
    () =>
      result?.data
        ? groupTransactions(
            transactionsToShow(
              result.data.pages.flatMap((page) => page.data),
              caipNetworkId,
            ),
          )
        : [],
    [result?.data, caipNetworkId],
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
  } else if (!groups.length) {
    content = <p className="latch-muted">No activity yet</p>
  } else {
    content = (
      <>
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
