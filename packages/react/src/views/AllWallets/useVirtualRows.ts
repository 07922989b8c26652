import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  Virtualizer,
  type VirtualizerOptions,
} from '@tanstack/virtual-core'
import { type RefObject, useLayoutEffect, useReducer, useState } from 'react'

export interface VirtualRowsParameters {
  count: number
  /** Every row has this height, gap included: tiles have a fixed size, so nothing needs measuring. */
  rowHeight: number
  scrollRef: RefObject<HTMLElement | null>
}

/** Rows rendered beyond the visible ones, so Tab always has a next tile to move to. */
const OVERSCAN_ROWS = 2

/** A virtualiser of `count` fixed-height rows in the scroll container `scrollRef` (@tanstack/virtual-core). */
export function useVirtualRows({
  count,
  rowHeight,
  scrollRef,
}: VirtualRowsParameters): Virtualizer<HTMLElement, HTMLElement> {
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  const options: VirtualizerOptions<HTMLElement, HTMLElement> = {
    count,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    getScrollElement: () => scrollRef.current,
    scrollToFn: elementScroll,
    observeElementRect,
    observeElementOffset,
    onChange: rerender,
  }
  const [virtualizer] = useState(() => new Virtualizer(options))
  virtualizer.setOptions(options)

  useLayoutEffect(() => virtualizer._didMount(), [virtualizer])
  useLayoutEffect(() => virtualizer._willUpdate())
  return virtualizer
}
