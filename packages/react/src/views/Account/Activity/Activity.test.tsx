// @vitest-environment happy-dom
import type { Transaction, TransactionsPage } from '@latch/core'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  API_URL,
  balancePath,
  balancesHandler,
  createFakeDirectory,
  json,
} from '../../../../test/fakeDirectory.ts'
import { ACCOUNT_BUTTON, ADDRESS_A, findView, renderWithClient } from '../../../../test/renderWithClient.tsx'
import { ConnectButton } from '../../../components/ConnectButton/ConnectButton.tsx'

const historyPath = `/v1/account/${ADDRESS_A}/history`

function transaction(hash: string, minedAt: string, overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: `eip155:31337:${hash}`,
    metadata: {
      operationType: 'receive',
      hash,
      minedAt,
      sentFrom: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      sentTo: ADDRESS_A,
      status: 'confirmed',
      nonce: 0,
      chain: 'eip155:31337',
    },
    transfers: [
      {
        fungible_info: { name: 'Latch USD', symbol: 'LUSD', icon: null },
        direction: 'in',
        quantity: { numeric: '1.23456' },
      },
    ],
    ...overrides,
  }
}

afterEach(() => {
  vi.useRealTimers()
})

/** Serves `pages` (by cursor; '' is the first) as ADDRESS_A's history, connects and opens Activity. */
async function openActivity(handler: (cursor: string) => Response | Promise<Response>) {
  const server = createFakeDirectory([])
  server.handle(balancePath(ADDRESS_A), balancesHandler([]))
  server.handle(historyPath, ({ url }) => handler(url.searchParams.get('cursor') ?? ''))
  const test = await renderWithClient(<ConnectButton />, { apiUrl: API_URL })
  await test.connect()
  fireEvent.click(screen.getByRole('button', { name: ACCOUNT_BUTTON }))
  const dialog = await findView('Account')
  fireEvent.click(await within(dialog).findByRole('tab', { name: 'Activity' }))
  const activity = await within(dialog).findByRole('region', { name: 'Activity' })
  return { ...test, server, dialog, activity, requests: () => server.to(historyPath) }
}

const hashes = (element: HTMLElement) =>
  within(element)
    .queryAllByTestId('latch-transaction')
    .map((row) => row.dataset.hash)

describe('Account view Activity tab (SPEC §4 transaction list)', () => {
  it('lists the active network’s transactions newest first under their month, without spam-only ones', async () => {
    const spam: Transaction = transaction('0xspam', '2026-11-21T10:00:00Z', {
      transfers: [
        {
          nft_info: { name: 'Prize', content: { preview: null }, flags: { is_spam: true } },
          direction: 'in',
          quantity: { numeric: '1' },
        },
      ],
    })
    const other = transaction('0xother', '2026-11-20T10:00:00Z')
    other.metadata.chain = 'eip155:31338'
    const { activity, requests } = await openActivity(() =>
      json({
        data: [
          transaction('0xoct', '2026-10-03T10:00:00Z'),
          spam,
          transaction('0xnov', '2026-11-19T10:00:00Z'),
          other,
        ],
        next: null,
      } satisfies TransactionsPage),
    )
    await waitFor(() => expect(hashes(activity)).toEqual(['0xnov', '0xoct']))
    const november = within(activity).getByRole('region', { name: 'November 2026' })
    expect(within(november).getByText('Received')).toBeTruthy()
    expect(within(november).getByText('+1.234 LUSD')).toBeTruthy()
    expect(within(activity).getByRole('region', { name: 'October 2026' })).toBeTruthy()
    expect(requests()[0]!.url.searchParams.get('chainId')).toBe('eip155:31337')
  })

  it('loads the next page by cursor, and marks failed transactions', async () => {
    const failed = transaction('0x2', '2026-11-01T10:00:00Z')
    failed.metadata.status = 'failed'
    failed.metadata.operationType = 'send'
    const pages: Record<string, TransactionsPage> = {
      '': { data: [transaction('0x3', '2026-11-02T10:00:00Z')], next: 'page-2' },
      'page-2': { data: [failed], next: null },
    }
    const { activity, requests } = await openActivity((cursor) => json(pages[cursor]))
    await waitFor(() => expect(hashes(activity)).toEqual(['0x3']))
    fireEvent.click(within(activity).getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(hashes(activity)).toEqual(['0x3', '0x2']))
    expect(requests().map((request) => request.url.searchParams.get('cursor'))).toEqual([null, 'page-2'])
    expect(within(activity).getByText('· Failed', { exact: false })).toBeTruthy()
    expect(within(activity).queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it("says 'No activity yet' for an account without transactions", async () => {
    const { activity } = await openActivity(() => json({ data: [], next: null }))
    expect(await within(activity).findByText('No activity yet')).toBeTruthy()
  })

  it("shows 'Failed to fetch transactions' and an empty list after the retries, then Try again loads it", async () => {
    let failing = true
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { activity, requests } = await openActivity(() =>
      failing
        ? json({ error: 'down' }, 503)
        : json({ data: [transaction('0x1', '2026-11-02T10:00:00Z')], next: null }),
    )
    await act(() => vi.advanceTimersByTimeAsync(10_000))
    expect(await within(activity).findByText('Failed to fetch transactions')).toBeTruthy()
    expect(hashes(activity)).toEqual([])
    // The first try and SPEC §9's 3 retries.
    expect(requests()).toHaveLength(4)
    failing = false
    fireEvent.click(within(activity).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(hashes(activity)).toEqual(['0x1']))
  })

  it('shows what the visitor sent as pending until the history lists it (asked again every 2 s meanwhile)', async () => {
    let mined = false
    const sent = transaction('0xhash', '2026-11-22T10:00:00Z')
    sent.metadata.operationType = 'send'
    const server = createFakeDirectory([])
    server.handle(balancePath(ADDRESS_A), balancesHandler([]))
    server.handle(historyPath, () => json({ data: mined ? [sent] : [], next: null }))
    const test = await renderWithClient(<ConnectButton />, { apiUrl: API_URL })
    await test.connect()
    await act(() =>
      test.client.sendTransaction({
        to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        value: 5n * 10n ** 17n,
      }),
    )
    await test.open({ view: 'Account' })
    const dialog = await findView('Account')
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Activity' }))
    const pending = await within(dialog).findByRole('region', { name: 'Pending' }, { timeout: 5000 })
    expect(within(pending).getByText('-0.5 ETH')).toBeTruthy()
    const asked = server.to(historyPath).length

    mined = true
    await waitFor(() => expect(within(dialog).queryByRole('region', { name: 'Pending' })).toBeNull(), {
      timeout: 5000,
    })
    expect(server.to(historyPath).length).toBeGreaterThan(asked)
    expect(hashes(within(dialog).getByRole('region', { name: 'Activity' }))).toEqual(['0xhash'])
    expect(test.client.getAccount().pendingTransactions).toEqual([])
  })

  it('asks for the history no more often than the 30 s portfolio cache while nothing is pending', async () => {
    const server = createFakeDirectory([])
    server.handle(balancePath(ADDRESS_A), balancesHandler([]))
    server.handle(historyPath, () => json({ data: [transaction('0x1', '2026-11-22T10:00:00Z')], next: null }))
    const test = await renderWithClient(<ConnectButton />, { apiUrl: API_URL })
    await test.connect()
    await test.open({ view: 'Account' })
    const dialog = await findView('Account')
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Activity' }))
    await waitFor(() =>
      expect(hashes(within(dialog).getByRole('region', { name: 'Activity' }))).toEqual(['0x1']),
    )
    const asked = server.to(historyPath).length
    // Longer than any interval shorter than the cache would take (it was 5 s): nothing asked again.
    await new Promise((resolve) => setTimeout(resolve, 6000))
    expect(server.to(historyPath)).toHaveLength(asked)
  }, 15_000)

  it("has no Activity tab when the app turns the 'history' feature off", async () => {
    const server = createFakeDirectory([])
    server.handle(balancePath(ADDRESS_A), balancesHandler([]))
    const test = await renderWithClient(<ConnectButton />, { apiUrl: API_URL, features: { history: false } })
    await test.connect()
    await test.open({ view: 'Account' })
    const dialog = await findView('Account')
    expect(await within(dialog).findByRole('tab', { name: 'Tokens' })).toBeTruthy()
    expect(within(dialog).queryByRole('tab', { name: 'Activity' })).toBeNull()
    expect(server.to(historyPath)).toHaveLength(0)
  })

  it('moves between the Tokens and Activity tabs with the arrow keys', async () => {
    const { dialog } = await openActivity(() => json({ data: [], next: null }))
    const activityTab = within(dialog).getByRole('tab', { name: 'Activity' })
    expect(activityTab.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(activityTab, { key: 'ArrowRight' })
    const tokensTab = within(dialog).getByRole('tab', { name: 'Tokens' })
    expect(tokensTab.getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(tokensTab)
    expect(await within(dialog).findByRole('region', { name: 'Tokens' })).toBeTruthy()
  })

  it('a transaction in the first page that was not there before (a transfer in) reads the account again; asked again with nothing new, it does not', async () => {
    let first: Transaction[] = []
    const { client, activity } = await openActivity((cursor) =>
      cursor === ''
        ? json({ data: first, next: first.length ? 'older' : null })
        : json({ data: [transaction('0xold', '2026-01-01T10:00:00Z')], next: null }),
    )
    const refresh = vi.spyOn(client, 'refreshAccount')
    // Empty at first: that is an answer too.
    await waitFor(() => expect(within(activity).getByText('No activity yet')).toBeTruthy())
    first = [transaction('0xin', '2026-11-22T10:00:00Z')]
    const api = await client.api()
    await act(() => api.queryClient.invalidateQueries({ queryKey: ['latch', 'history'] }))
    await waitFor(() => expect(hashes(activity)).toContain('0xin'))
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1))
    // Asked again with nothing new: no read.
    await act(() => api.queryClient.invalidateQueries({ queryKey: ['latch', 'history'] }))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(refresh).toHaveBeenCalledTimes(1)
  })
})
