// @vitest-environment happy-dom
import type { ConnectResult, LatchClient, WalletListing } from '@latch/core'
import { act, fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  API_URL,
  createFakeDirectory,
  directoryWallets,
  type FakeDirectory,
  GRID_ROW,
  layoutScrollers,
  SCROLLER_HEIGHT,
} from '../../../test/fakeDirectory.ts'
import {
  deferred,
  findStatus,
  findView,
  renderWithClient,
  type TestClientOptions,
} from '../../../test/renderWithClient.tsx'

afterEach(() => {
  vi.useRealTimers()
})

/** 100 directory wallets; the third is MetaMask, which the test browser has installed. */
const hundredWallets = () => directoryWallets(100, { 3: { name: 'MetaMask', rdns: 'io.metamask' } })

interface OpenParameters {
  wallets?: WalletListing[]
  options?: TestClientOptions
  /** Runs once the client exists, before the modal opens. */
  before?: (context: { client: LatchClient; directory: FakeDirectory }) => unknown
}

/** Opens All Wallets on a browser with MetaMask and Rabby, against a directory of `wallets`. */
async function openAllWallets({ wallets = hundredWallets(), options = {}, before }: OpenParameters = {}) {
  const directory = createFakeDirectory(wallets)
  layoutScrollers()
  const test = await renderWithClient(null, { apiUrl: API_URL, ...options })
  await before?.({ client: test.client, directory })
  await test.open({ view: 'AllWallets' })
  const dialog = await findView('All Wallets')
  return { ...test, directory, dialog }
}

const grid = (dialog: HTMLElement) => within(dialog).getByRole('list', { name: 'All wallets' })
/** The names on the tiles in the DOM, in order. */
const names = (dialog: HTMLElement) =>
  within(grid(dialog))
    .queryAllByRole('button')
    .map((tile) => tile.querySelector('.latch-clip')?.textContent)
/** What the grid's live region announces. */
const announced = (dialog: HTMLElement) => dialog.querySelector('p[role="status"]')?.textContent
const findAnnounced = (dialog: HTMLElement, text: string) =>
  waitFor(() => expect(announced(dialog)).toBe(text))

const rows = (tiles: number) => Math.ceil(tiles / 4)
/** The scroll offset that shows the last row of `tiles`. */
const bottom = (tiles: number) => rows(tiles) * GRID_ROW - SCROLLER_HEIGHT

function scrollGrid(dialog: HTMLElement, top: number) {
  const scroller = dialog.querySelector<HTMLElement>('.latch-scroller')!
  scroller.scrollTop = top
  fireEvent.scroll(scroller)
}

function typeSearch(dialog: HTMLElement, value: string) {
  fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search wallets' }), { target: { value } })
}

const searches = (directory: { walletRequests(): URLSearchParams[] }) =>
  directory.walletRequests().filter((query) => query.has('search'))

describe('AllWallets with a wallet directory', () => {
  it("lists the installed wallets first, then the directory's first page of 40, only the rows in view", async () => {
    const { dialog, directory } = await openAllWallets()

    // 2 installed + 100 in the directory − MetaMask, which is both.
    await findAnnounced(dialog, '101 wallets')
    expect(names(dialog).slice(0, 6)).toEqual([
      'MetaMask',
      'Rabby',
      'Wallet 1',
      'Wallet 2',
      'Wallet 4',
      'Wallet 5',
    ])
    expect(within(dialog).getByRole('button', { name: 'MetaMask Installed' })).toBeTruthy()
    expect(names(dialog).filter((name) => name === 'MetaMask')).toHaveLength(1)
    // 4 rows in view and 2 beyond, of 4 tiles each: not the 41 loaded.
    expect(names(dialog)).toHaveLength(24)
    const first = within(grid(dialog)).getAllByRole('listitem')[0]!
    expect([first.getAttribute('aria-posinset'), first.getAttribute('aria-setsize')]).toEqual(['1', '101'])
    expect(directory.walletRequests().map((query) => [query.get('page'), query.get('entries')])).toEqual([
      ['1', '40'],
    ])
  })

  it('loads the next page of 40 as the visitor scrolls near the end, and stops at the last', async () => {
    const { dialog, directory } = await openAllWallets()
    await findAnnounced(dialog, '101 wallets')

    // 41 tiles = 11 rows of 104 px; rows 4 to 10 are in view or just below it.
    scrollGrid(dialog, 600)
    await waitFor(() => expect(names(dialog)).toContain('Wallet 41'))
    expect(directory.walletRequests().map((query) => query.get('page'))).toEqual(['1', '2'])
    expect(names(dialog)).not.toContain('Wallet 1')

    scrollGrid(dialog, bottom(81))
    await waitFor(() =>
      expect(directory.walletRequests().map((query) => query.get('page'))).toEqual(['1', '2', '3']),
    )
    await waitFor(() => expect(grid(dialog).style.height).toBe(`${rows(101) * GRID_ROW}px`))
    scrollGrid(dialog, bottom(101))
    await waitFor(() => expect(names(dialog).at(-1)).toBe('Wallet 100'))
    expect(directory.walletRequests()).toHaveLength(3)
    expect(announced(dialog)).toBe('101 wallets')
  })

  it('searches the trimmed text once typing has paused for 300 ms, up to 100 results', async () => {
    const { dialog, directory } = await openAllWallets()
    await findAnnounced(dialog, '101 wallets')
    vi.useFakeTimers({ shouldClearNativeTimers: true })

    typeSearch(dialog, 'wal')
    await act(() => vi.advanceTimersByTimeAsync(200))
    typeSearch(dialog, '  Wallet 1  ')
    await act(() => vi.advanceTimersByTimeAsync(299))
    expect(searches(directory)).toEqual([])

    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(
      searches(directory).map((query) => [query.get('search'), query.get('page'), query.get('entries')]),
    ).toEqual([['Wallet 1', '1', '100']])
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(names(dialog)).toEqual([
      'Wallet 1',
      ...Array.from({ length: 10 }, (_, i) => `Wallet ${10 + i}`),
      'Wallet 100',
    ])
    expect(announced(dialog)).toBe('12 wallets')
  })

  it('finds an installed wallet through its directory entry and lists it once, as installed', async () => {
    const { dialog } = await openAllWallets()
    await findAnnounced(dialog, '101 wallets')

    typeSearch(dialog, 'io.metamask')

    await findAnnounced(dialog, '1 wallet')
    expect(names(dialog)).toEqual(['MetaMask'])
    expect(within(dialog).getByRole('button', { name: 'MetaMask Installed' })).toBeTruthy()
  })

  it("says 'No wallet found' when the search matches nothing", async () => {
    const { dialog } = await openAllWallets()
    await findAnnounced(dialog, '101 wallets')

    typeSearch(dialog, 'no such wallet')

    expect(await within(dialog).findByText('No wallet found.')).toBeTruthy()
    expect(names(dialog)).toEqual([])
    expect(announced(dialog)).toBe('0 wallets')
  })

  it('asks for the included wallets without the excluded ones', async () => {
    const { dialog, directory } = await openAllWallets({
      options: { includeWalletIds: ['w1', 'w2', 'w5', 'w6'], excludeWalletIds: ['w2'] },
    })

    await findAnnounced(dialog, '5 wallets')
    expect(names(dialog)).toEqual(['MetaMask', 'Rabby', 'Wallet 1', 'Wallet 5', 'Wallet 6'])
    const [query] = directory.walletRequests()
    expect([query?.get('include'), query?.get('exclude')]).toEqual(['w1,w2,w5,w6', 'w2'])
  })

  it("shows the installed wallets while the directory answers, then the directory's", async () => {
    let release = () => {}
    const { dialog } = await openAllWallets({
      before: ({ directory }) => {
        release = directory.hold()
      },
    })

    await waitFor(() => expect(names(dialog)).toEqual(['MetaMask', 'Rabby']))
    expect(within(dialog).getByText('Loading wallets')).toBeTruthy()

    release()
    await findAnnounced(dialog, '101 wallets')
    expect(within(dialog).queryByText('Loading wallets')).toBeNull()
  })

  it("shows the server's error and asks again on 'Try again'", async () => {
    const { dialog, directory } = await openAllWallets({
      before: async ({ client, directory }) => {
        directory.fail(500)
        // Without SPEC §9's three retries (1 s, 2 s, 4 s), so the failure shows at once.
        const api = await client.api()
        api.queryClient.setDefaultOptions({ queries: { retry: false } })
      },
    })

    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('HTTP status code: 500')
    expect(names(dialog)).toEqual(['MetaMask', 'Rabby'])

    directory.recover()
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))

    await findAnnounced(dialog, '101 wallets')
    expect(within(dialog).queryByRole('alert')).toBeNull()
    // The failed one and the one Try again asked for (React's StrictMode aborts the first mount's, unused).
    const used = directory.to('/getWallets').filter((request) => !request.signal?.aborted)
    expect(used).toHaveLength(2)
  })

  it("offers 'Try again' when the directory's code cannot be loaded", async () => {
    let api: { mockRestore(): void } | undefined
    const { dialog } = await openAllWallets({
      before: ({ client }) => {
        api = vi
          .spyOn(client, 'api')
          .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'))
      },
    })

    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('Something went wrong.')
    api?.mockRestore()
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))

    await findAnnounced(dialog, '101 wallets')
  })

  it('opens ConnectingExternal for a wallet that is not installed, and reports the pick', async () => {
    const { dialog, client } = await openAllWallets()
    await findAnnounced(dialog, '101 wallets')
    const track = vi.spyOn(client, 'track')

    fireEvent.click(within(dialog).getByRole('button', { name: 'Wallet 1' }))

    const view = await findView('Wallet 1')
    expect(within(view).getByText('Not installed in this browser.')).toBeTruthy()
    expect(track).toHaveBeenCalledWith('SELECT_WALLET', { id: 'w1', name: 'Wallet 1' })
  })

  it('connects an installed wallet through its connector', async () => {
    const { dialog, fake } = await openAllWallets()
    await findAnnounced(dialog, '101 wallets')
    fake.answer('connect', 'io.metamask', deferred<ConnectResult>().answer)

    fireEvent.click(within(dialog).getByRole('button', { name: 'MetaMask Installed' }))

    expect(await findView('MetaMask')).toBeTruthy()
    expect(await findStatus('Continue in MetaMask')).toBeTruthy()
    await waitFor(() =>
      expect(fake.callsTo('connect')).toEqual([{ connectorId: 'io.metamask', network: expect.anything() }]),
    )
  })

  it("loads the directory's images lazily from the server", async () => {
    const { dialog } = await openAllWallets()
    await findAnnounced(dialog, '101 wallets')

    const tile = within(dialog).getByRole('button', { name: 'Wallet 1' })
    const image = tile.querySelector('img')!
    expect(image.getAttribute('loading')).toBe('lazy')
    expect(image.src.startsWith(`${API_URL}/getWalletImage/w1?`)).toBe(true)
  })
})
