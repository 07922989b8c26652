// @vitest-environment happy-dom
import type { ConnectResult } from '@latch/core'
import { act, fireEvent, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  connector,
  createFakeAdapter,
  deferred,
  findStatus,
  findView,
  metaMask,
  rabby,
  renderWithClient,
} from '../../../test/renderWithClient.tsx'

const coinbase = connector('com.coinbase.wallet', { name: 'Coinbase Wallet' })

afterEach(() => {
  vi.useRealTimers()
})

/** Opens All Wallets on a browser with MetaMask, Rabby and Coinbase Wallet. */
async function openAllWallets() {
  const fake = createFakeAdapter({ connectors: [metaMask, rabby, coinbase] })
  const test = await renderWithClient(null, { fake })
  await test.open({ view: 'AllWallets' })
  const dialog = await findView('All Wallets')
  return { ...test, dialog }
}

/** The names on the wallet tiles (every test wallet has an image, so a tile's text is its name). */
const tiles = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'All wallets' }))
    .queryAllByRole('button')
    .map((tile) => tile.textContent)

describe('AllWallets view', () => {
  it('shows every wallet and a search box', async () => {
    const { dialog } = await openAllWallets()

    expect(within(dialog).getByRole('searchbox', { name: 'Search wallets' })).toBeTruthy()
    expect(tiles(dialog)).toEqual(['MetaMask', 'Rabby', 'Coinbase Wallet'])
  })

  it('filters by the trimmed search text only once typing has paused for 300 ms', async () => {
    const { dialog } = await openAllWallets()
    // Fake timers only now: testing-library's waitFor cannot poll under them. Clearing native timers
    // stops the real timer the view set when it mounted from firing in the middle of the test.
    vi.useFakeTimers({ shouldClearNativeTimers: true })

    fireEvent.change(within(dialog).getByRole('searchbox'), { target: { value: '  RAB  ' } })
    act(() => vi.advanceTimersByTime(299))
    expect(tiles(dialog)).toEqual(['MetaMask', 'Rabby', 'Coinbase Wallet'])

    act(() => vi.advanceTimersByTime(1))
    expect(tiles(dialog)).toEqual(['Rabby'])
  })

  it('waits again from every keystroke', async () => {
    const { dialog } = await openAllWallets()
    vi.useFakeTimers({ shouldClearNativeTimers: true })
    const search = within(dialog).getByRole('searchbox')

    fireEvent.change(search, { target: { value: 'coin' } })
    act(() => vi.advanceTimersByTime(200))
    fireEvent.change(search, { target: { value: 'coinbase' } })
    act(() => vi.advanceTimersByTime(200))
    expect(tiles(dialog)).toHaveLength(3)

    act(() => vi.advanceTimersByTime(100))
    expect(tiles(dialog)).toEqual(['Coinbase Wallet'])
  })

  it('finds wallets by reverse-DNS id too, and says when nothing matches', async () => {
    const { dialog } = await openAllWallets()
    vi.useFakeTimers({ shouldClearNativeTimers: true })
    const search = within(dialog).getByRole('searchbox')

    fireEvent.change(search, { target: { value: 'io.metamask' } })
    act(() => vi.advanceTimersByTime(300))
    expect(tiles(dialog)).toEqual(['MetaMask'])

    fireEvent.change(search, { target: { value: 'phantom' } })
    act(() => vi.advanceTimersByTime(300))
    expect(tiles(dialog)).toEqual([])
    expect(within(dialog).getByText('No wallet found.')).toBeTruthy()
  })

  it('connects through a chosen wallet', async () => {
    const { dialog, fake } = await openAllWallets()
    fake.answer('connect', 'com.coinbase.wallet', deferred<ConnectResult>().answer)

    fireEvent.click(within(dialog).getByRole('button', { name: 'Coinbase Wallet' }))

    expect(await findView('Coinbase Wallet')).toBeTruthy()
    expect(await findStatus('Continue in Coinbase Wallet')).toBeTruthy()
  })
})
