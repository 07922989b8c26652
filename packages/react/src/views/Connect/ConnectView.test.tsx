// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createWallets, findView, flush, renderWithClient } from '../../../test/renderWithClient.tsx'

describe('Connect view', () => {
  it("lists the adapter's wallets, then All Wallets", async () => {
    const { open } = await renderWithClient(null)
    await open()

    const dialog = await findView('Connect Wallet')

    const list = within(within(dialog).getByRole('list', { name: 'Wallets' }))
    expect(list.getAllByRole('button')).toHaveLength(3)
    expect(list.getByRole('button', { name: 'MetaMask Installed' })).toBeTruthy()
    expect(list.getByRole('button', { name: 'Rabby Installed' })).toBeTruthy()
    expect(list.getAllByRole('button').at(-1)?.textContent).toBe('All Wallets')
  })

  it('has no All Wallets row when features.allWallets is off', async () => {
    const { open } = await renderWithClient(null, { features: { allWallets: false } })
    await open()

    const dialog = await findView('Connect Wallet')

    expect(within(dialog).queryByRole('button', { name: 'All Wallets' })).toBeNull()
    expect(within(dialog).getAllByRole('button', { name: /Installed$/ })).toHaveLength(2)
  })

  it('lists the recently used wallet first, marked Recent', async () => {
    const { client, connect, open } = await renderWithClient(null)
    await connect('io.rabby')
    await act(() => client.disconnect())

    await open()
    const dialog = await findView('Connect Wallet')

    const rows = within(within(dialog).getByRole('list', { name: 'Wallets' })).getAllByRole('button')
    expect(rows[0]?.textContent).toContain('Rabby')
    expect(within(dialog).getByRole('button', { name: 'Rabby Recent' })).toBe(rows[0])
    expect(within(dialog).getByRole('button', { name: 'MetaMask Installed' })).toBe(rows[1])
  })

  it('says it is looking for wallets until the adapter has loaded', async () => {
    const fake = createWallets()
    const release = fake.holdLoad()
    const { client } = await renderWithClient(null, { fake })

    // Not awaited: open() settles only once the held adapter has loaded.
    act(() => {
      void client.open()
    })
    const dialog = await findView('Connect Wallet')

    expect(within(dialog).getByText('Looking for wallets')).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: /Installed$/ })).toBeNull()
    await act(async () => {
      release()
      await flush()
    })
    expect(within(dialog).queryByText('Looking for wallets')).toBeNull()
    expect(within(dialog).getAllByRole('button', { name: /Installed$/ })).toHaveLength(2)
  })

  it('says so when the browser has no wallet', async () => {
    const fake = createWallets()
    fake.setConnectors([])
    const { open } = await renderWithClient(null, { fake })
    await open()

    const dialog = await findView('Connect Wallet')

    expect(within(dialog).getByText('No wallet was found in this browser.')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'All Wallets' })).toBeTruthy()
  })

  it('opens All Wallets from its row', async () => {
    const { open } = await renderWithClient(null)
    await open()

    fireEvent.click(within(await findView('Connect Wallet')).getByRole('button', { name: 'All Wallets' }))

    expect(
      within(await findView('All Wallets')).getByRole('searchbox', { name: 'Search wallets' }),
    ).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: 'Connect Wallet' })).toBeNull()
  })
})
