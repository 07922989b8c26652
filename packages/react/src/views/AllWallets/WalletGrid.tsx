import { type ReactNode, useEffect, useRef } from 'react'
import { useVirtualRows } from './useVirtualRows.ts'

/** Tiles per row (the grid's CSS has as many columns). */
export const GRID_COLUMNS = 4
/** A row of tiles and the gap below it, in CSS pixels (`.latch-tile` is fixed at this minus the gap). */
export const GRID_ROW_HEIGHT = 104
/** Ask for more when the last rendered row is this close to the end. */
const LOAD_MORE_ROWS = 2

export interface WalletGridProps {
  /** How many tiles there are; `renderTile(index)` draws one. */
  count: number
  /** How many there are in all (more pages may follow), for assistive tech; defaults to `count`. */
  setSize?: number | undefined
  renderTile(index: number): ReactNode
  /** Called when the visitor has scrolled near the last tile. */
  onEndReached?: (() => void) | undefined
  /** Shown below the tiles (loading more, a failed page). */
  footer?: ReactNode
}

/**
 * The wallets as a virtualised grid: only the rows in (or near) view are in the DOM, so thousands of wallets
 * scroll smoothly. The list is labelled and tells assistive tech how many wallets it holds in all.
 */
export function WalletGrid({ count, setSize = count, renderTile, onEndReached, footer }: WalletGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const rowCount = Math.ceil(count / GRID_COLUMNS)
  const { items: rows, totalSize } = useVirtualRows({
    count: rowCount,
    rowHeight: GRID_ROW_HEIGHT,
    scrollRef,
  })
  const lastRow = rows.at(-1)?.index ?? -1
  const nearEnd = rowCount > 0 && lastRow >= rowCount - 1 - LOAD_MORE_ROWS

  // The latest callback, called only when being near the end, the row count or the ability to load changes.
  const endReached = useRef(onEndReached)
  endReached.current = onEndReached
  const canLoad = onEndReached !== undefined
  // biome-ignore lint/correctness/useExhaustiveDependencies: a page that arrives while the visitor is still at the end (rowCount grew) asks for the next one
  useEffect(() => {
    if (nearEnd && canLoad) endReached.current?.()
  }, [nearEnd, rowCount, canLoad])

  // Each tile is placed on its own (rows × columns) so the list holds only list items. Positions are set
  // through the style property (CSSOM), which a strict style-src allows.
  return (
    <div ref={scrollRef} className="latch-scroller">
      <ul aria-label="All wallets" className="latch-grid-sizer" style={{ height: totalSize }}>
        {rows.flatMap((row) =>
          Array.from({ length: Math.min(GRID_COLUMNS, count - row.index * GRID_COLUMNS) }, (_, column) => {
            const index = row.index * GRID_COLUMNS + column
            return (
              <li
                key={index}
                className="latch-grid-cell"
                aria-setsize={setSize}
                aria-posinset={index + 1}
                style={{ transform: `translate(${column * 100}%, ${row.start}px)` }}
              >
                {renderTile(index)}
              </li>
            )
          }),
        )}
      </ul>
      {footer}
    </div>
  )
}
