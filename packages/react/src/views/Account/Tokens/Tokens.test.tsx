// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  API_URL,
  balancePath,
  balancesHandler,
  createFakeDirectory,
  json,
  tokenBalance,
} from '../../../../test/fakeDirectory.ts'
import { ACCOUNT_BUTTON, ADDRESS_A, findView, renderWithClient } from '../../../../test/renderWithClient.tsx'
import { ConnectButton } from '../../../components/ConnectButton/ConnectButton.tsx'

const TOKENS = [
  tokenBalance('DAI', { name: 'Dai', value: 12.5, quantity: { decimals: '18', numeric: '12.5' } }),
  tokenBalance('USDC', {
    name: 'USD Coin',
    value: 1234.56,
    quantity: { decimals: '6', numeric: '1234.567891' },
  }),
  tokenBalance('WHOLE', { name: 'Whole Token', value: 9999, quantity: { decimals: '0', numeric: '7' } }),
  tokenBalance('ETH', {
    name: 'Ether',
    address: undefined,
    value: 3.2,
    quantity: { decimals: '18', numeric: '0.00199' },
  }),
  tokenBalance('OTHER', { chainId: 'eip155:1', value: 50 }),
]

afterEach(() => {
  vi.useRealTimers()
})

/** Serves the directory and `handler` as ADDRESS_A's balances, connects and opens the Account view. */
async function openAccount(handler = balancesHandler(TOKENS), options = { apiUrl: API_URL }) {
  const server = createFakeDirectory([])
  server.handle(balancePath(ADDRESS_A), handler)
  const test = await renderWithClient(<ConnectButton />, options)
  await test.connect()
  fireEvent.click(screen.getByRole('button', { name: ACCOUNT_BUTTON }))
  const dialog = await findView('Account')
  return { ...test, server, dialog, balanceRequests: () => server.to(balancePath(ADDRESS_A)) }
}

const tokensOf = async (dialog: HTMLElement) => within(dialog).findByRole('region', { name: 'Tokens' })
const rows = (section: HTMLElement) =>
  within(section)
    .queryAllByTestId('latch-token')
    .map((row) => row.textContent)

describe('Account view token list', () => {
  it('lists the active network’s tokens, most valuable first, floored to 3 decimals and grouped, 0-decimal ones too', async () => {
    const { dialog, balanceRequests } = await openAccount()
    const tokens = await tokensOf(dialog)

    await waitFor(() => expect(rows(tokens)).toHaveLength(4))
    expect(rows(tokens)).toEqual([
      'WHOLEWhole Token7$9,999.00',
      'USDCUSD Coin1,234.567$1,234.56',
      'DAIDai12.5$12.50',
      'ETHEther0.001$3.20',
    ])
    const query = balanceRequests()[0]!.url.searchParams
    expect(query.get('chainId')).toBe('eip155:31337')
    expect(query.get('currency')).toBe('usd')
    // The native balance row is still the chain adapter's.
    expect(within(dialog).getByTestId('latch-account-balance').textContent).toBe('1.999 ETH')
  })

  it('shows each token’s icon, and its monogram when the icon fails', async () => {
    const { dialog } = await openAccount(
      balancesHandler([tokenBalance('DAI', { iconUrl: 'https://icons.test/dai.png' })]),
    )
    const tokens = await tokensOf(dialog)
    await waitFor(() => expect(rows(tokens)).toHaveLength(1))

    const icon = tokens.querySelector('img')!
    expect(icon.getAttribute('src')).toBe('https://icons.test/dai.png')
    fireEvent.error(icon)
    expect(tokens.querySelector('img')).toBeNull()
    expect(within(tokens).getByText('D')).toBeTruthy()
  })

  it("says 'Loading tokens…' until the server answers", async () => {
    let answer!: () => void
    const held = new Promise<void>((resolve) => {
      answer = resolve
    })
    const { dialog } = await openAccount(async () => {
      await held
      return balancesHandler(TOKENS)({} as never)
    })
    const tokens = await tokensOf(dialog)
    expect(within(tokens).getByText('Loading tokens…')).toBeTruthy()

    await act(async () => answer())
    await waitFor(() => expect(rows(tokens)).toHaveLength(4))
    expect(within(tokens).queryByText('Loading tokens…')).toBeNull()
  })

  it('shows no USD value for a token the server has no price for', async () => {
    const { dialog } = await openAccount(
      balancesHandler([tokenBalance('NEW', { name: 'New Token', value: undefined, price: undefined })]),
    )
    const tokens = await tokensOf(dialog)
    await waitFor(() => expect(rows(tokens)).toEqual(['NEWNew Token1']))
  })

  it("says 'No tokens' when the account holds none on this network", async () => {
    const { dialog } = await openAccount(balancesHandler([tokenBalance('OTHER', { chainId: 'eip155:1' })]))
    const tokens = await tokensOf(dialog)
    expect(await within(tokens).findByText('No tokens')).toBeTruthy()
    expect(rows(tokens)).toEqual([])
  })

  it("shows 'Token Balance Unavailable' on failure, offers 'Try again' only after 30 s, then loads the list", async () => {
    let failing = true
    // Before the view mounts: the 30 s wait must be a fake timer however fast the failure shows.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { dialog, balanceRequests } = await openAccount(({ url }) =>
      failing ? json({ error: 'down' }, 503) : balancesHandler(TOKENS)({ url } as never),
    )
    const tokens = await tokensOf(dialog)
    expect(await within(tokens).findByText('Token Balance Unavailable')).toBeTruthy()
    expect(within(tokens).queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(balanceRequests()).toHaveLength(1)

    failing = false
    await act(() => vi.advanceTimersByTimeAsync(25_000))
    expect(within(tokens).queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(balanceRequests()).toHaveLength(1)

    await act(() => vi.advanceTimersByTimeAsync(6_000))
    fireEvent.click(within(tokens).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(rows(tokens)).toHaveLength(4))
    expect(balanceRequests()).toHaveLength(2)
  })

  it('is not shown, and nothing is asked, without a Latch server', async () => {
    const server = createFakeDirectory([])
    const { connect } = await renderWithClient(<ConnectButton />)
    await connect()
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_BUTTON }))
    const dialog = await findView('Account')
    expect(within(dialog).queryByRole('region', { name: 'Tokens' })).toBeNull()
    expect(server.requests).toHaveLength(0)
  })
})
