import { type RefObject, useLayoutEffect, useState } from 'react'

export interface VirtualRowsParameters {
  count: number
  /** Every row has this height, gap included: tiles have a fixed size, so nothing needs measuring. */
  rowHeight: number
  scrollRef: RefObject<HTMLElement | null>
}

export interface VirtualRows {
  /** The rows to render: those in view plus the overscan, each with its offset from the top. */
  items: { index: number; start: number }[]
  totalSize: number
}

/** Rows rendered beyond the visible ones, so Tab always has a next tile to move to. */
const OVERSCAN_ROWS = 2

/**
 * The window of `count` fixed-height rows that the scroll container `scrollRef` shows. With every row the
 * same height this is arithmetic on the scroll offset and the viewport's height; a general virtualiser
 * (@tanstack/virtual-core, ~9.5 KiB gzip) measures and caches sizes this grid never has.
 */
export function useVirtualRows({ count, rowHeight, scrollRef }: VirtualRowsParameters): VirtualRows {
  const [viewport, setViewport] = useState({ top: 0, height: 0 })

  useLayoutEffect(() => {
    const element = scrollRef.current
    if (!element) return
    const read = () => setViewport({ top: element.scrollTop, height: element.clientHeight })
    read()
    element.addEventListener('scroll', read, { passive: true })
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(read) : undefined
    resize?.observe(element)
    return () => {
      element.removeEventListener('scroll', read)
      resize?.disconnect()
    }
  }, [scrollRef])

  const first = Math.max(0, Math.floor(viewport.top / rowHeight) - OVERSCAN_ROWS)
  const last = Math.min(
    count - 1,
    Math.ceil((viewport.top + viewport.height) / rowHeight) + OVERSCAN_ROWS - 1,
  )
  const items: VirtualRows['items'] = []
  for (let index = first; index <= last; index++) items.push({ index, start: index * rowHeight })
  return { items, totalSize: count * rowHeight }
}
