// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ADDRESS_A, findStatus, findView, renderWithClient } from '../../../test/renderWithClient.tsx'
import { ConnectButton } from '../../components/ConnectButton/ConnectButton.tsx'

async function openReceive(options = {}) {
  const test = await renderWithClient(<ConnectButton />, options)
  await test.connect()
  await test.open({ view: 'Account' })
  const account = await findView('Account')
  return { ...test, account }
}

describe('WalletReceive view', () => {
  it('shows the address as text and as a QR code, copies it, and lists the networks it receives on', async () => {
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const { account } = await openReceive()
    fireEvent.click(within(account).getByRole('button', { name: 'Receive' }))
    const dialog = await findView('Receive')
    expect(within(dialog).getByTestId('latch-receive-address').textContent).toBe(ADDRESS_A)
    const qr = await within(dialog).findByRole('img', { name: 'QR code of your address' })
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy address' }))
    await findStatus('Address copied')
    expect(writeText).toHaveBeenCalledWith(ADDRESS_A)
    // Devnets A and B are the app's eip155 networks.
    const networks = within(dialog).getByRole('list', { name: 'Networks you can receive on' })
    expect(
      within(networks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['LLatch Devnet A', 'LLatch Devnet B'])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }))
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Account' })).toBeTruthy())
  })

  it("has no Receive entry when the app turns the 'receive' feature off", async () => {
    const { account } = await openReceive({ features: { receive: false } })
    expect(within(account).queryByRole('button', { name: 'Receive' })).toBeNull()
  })
})
