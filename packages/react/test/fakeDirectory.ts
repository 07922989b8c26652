/**
 * A Latch server for the views' tests: core's fake server (packages/core/test/fakeServer.ts) installed as the
 * global `fetch`, with a `/getWallets` that pages, searches, includes and excludes like the real one, and
 * layout for the virtualised grid (happy-dom has none).
 */
import type { WalletListing, WalletsPage } from '@latch/core'
import { afterEach, vi } from 'vitest'
import {
  aliceProfile,
  balancePath,
  balancesHandler,
  createFakeServer,
  devnetEth,
  devnetLusd,
  type FakeServer,
  json,
  listing,
  nameProfile,
  tokenBalance,
} from '../../core/test/fakeServer.ts'

export {
  aliceProfile,
  balancePath,
  balancesHandler,
  devnetEth,
  devnetLusd,
  json,
  listing,
  nameProfile,
  tokenBalance,
}

/** The `apiUrl` of the test clients that have a directory. */
export const API_URL = 'http://latch.test'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** `n` directory wallets: id `w1`, name 'Wallet 1', … in the server's order. */
export function directoryWallets(n: number, overrides: Record<number, Partial<WalletListing>> = {}) {
  return Array.from({ length: n }, (_, i) =>
    listing(`w${i + 1}`, { name: `Wallet ${i + 1}`, ...overrides[i + 1] }),
  )
}

export interface FakeDirectory extends FakeServer {
  /** The query of every `/getWallets` request so far. */
  walletRequests(): URLSearchParams[]
  /** Answers `/getWallets` with this HTTP status until `recover()`. */
  fail(status: number): void
  recover(): void
  /** Holds `/getWallets` answers until the returned function is called. */
  hold(): () => void
}

/**
 * Serves `wallets` as the directory, through a stubbed global `fetch` (restored after the test).
 *
 * @example
 * const directory = createFakeDirectory(directoryWallets(100))
 * await renderWithClient(null, { apiUrl: API_URL })
 */
export function createFakeDirectory(wallets: readonly WalletListing[]): FakeDirectory {
  const server = createFakeServer()
  let failing: number | undefined
  let held: Promise<void> | undefined

  server.handle('/getWallets', async ({ url }) => {
    await held
    if (failing) return json({ error: 'failing on purpose' }, failing)
    const query = url.searchParams
    const page = Number(query.get('page') ?? 1)
    const entries = Number(query.get('entries') ?? 40)
    const include = query.get('include')?.split(',')
    const exclude = query.get('exclude')?.split(',') ?? []
    const search = query.get('search')?.toLowerCase()
    const matching = wallets.filter(
      (w) =>
        (!include || include.includes(w.id)) &&
        !exclude.includes(w.id) &&
        (!search || w.name.toLowerCase().includes(search) || !!w.rdns?.toLowerCase().includes(search)),
    )
    const body: WalletsPage = {
      count: matching.length,
      data: matching.slice((page - 1) * entries, page * entries),
    }
    return json(body)
  })
  vi.stubGlobal('fetch', server.fetch)

  return {
    ...server,
    walletRequests: () => server.to('/getWallets').map((request) => request.url.searchParams),
    fail(status) {
      failing = status
    },
    recover() {
      failing = undefined
    },
    hold() {
      let release!: () => void
      held = new Promise((resolve) => {
        release = resolve
      })
      return () => {
        held = undefined
        release()
      }
    },
  }
}

/** The grid's scroll container's height in these tests: rows of 104 px, so 4 in view. */
export const SCROLLER_HEIGHT = 400

/**
 * Gives every `.latch-scroller` a size (and its content's height as scroll height), as a browser's layout
 * would, so the virtualiser knows which rows are in view.
 */
export function layoutScrollers(): void {
  const isScroller = (element: Element) => element.classList.contains('latch-scroller')
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return isScroller(this) ? SCROLLER_HEIGHT : 0
  })
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return isScroller(this) ? 336 : 0
  })
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    const content = this.firstElementChild as HTMLElement | null
    return isScroller(this) ? Number.parseFloat(content?.style.height ?? '0') || 0 : 0
  })
}

/** A grid row's height (GRID_ROW_HEIGHT), restated so a change to the layout is a visible change here. */
export const GRID_ROW = 104
