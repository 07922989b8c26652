// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  ADDRESS_A,
  createWallets,
  findStatus,
  findView,
  renderWithClient,
  resolves,
} from '../../test/renderWithClient.tsx'
import { ConnectButton } from '../components/ConnectButton/ConnectButton.tsx'

describe('Modal', () => {
  it('is a dialog labelled by the title of its view', async () => {
    const { open } = await renderWithClient(null)

    await open()

    const dialog = await findView('Connect Wallet')
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Connect Wallet')
  })

  it('has no Back button on the first view', async () => {
    const { open } = await renderWithClient(null)
    await open()

    const dialog = await findView('Connect Wallet')

    expect(within(dialog).queryByRole('button', { name: 'Back' })).toBeNull()
  })

  it('goes Back to the previous view', async () => {
    const { open } = await renderWithClient(null)
    await open()
    fireEvent.click(within(await findView('Connect Wallet')).getByRole('button', { name: 'All Wallets' }))
    const allWallets = await findView('All Wallets')

    fireEvent.click(within(allWallets).getByRole('button', { name: 'Back' }))

    const connect = await findView('Connect Wallet')
    expect(within(connect).getByRole('list', { name: 'Wallets' })).toBeTruthy()
    expect(within(connect).queryByRole('button', { name: 'Back' })).toBeNull()
  })

  it('has no Back button on UnsupportedChain even when a view came before it', async () => {
    const fake = createWallets()
    fake.answer('connect', '*', resolves({ accounts: [ADDRESS_A], chainId: 1 }))
    const { connect, open } = await renderWithClient(null, { fake, allowUnsupportedChain: true })
    await connect()
    await open()
    const account = await findView('Account')

    fireEvent.click(within(account).getByRole('button', { name: 'Unsupported chain' }))

    const unsupported = await findView('Switch Network')
    expect(within(unsupported).queryByRole('button', { name: 'Back' })).toBeNull()
    expect(within(unsupported).getByRole('button', { name: 'Close' })).toBeTruthy()
  })

  it('closes with the Close button and gives focus back to the button that opened it', async () => {
    await renderWithClient(<ConnectButton />)
    const opener = screen.getByRole('button', { name: 'Connect Wallet' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = await findView('Connect Wallet')

    // As a keyboard user would be: inside the dialog (happy-dom's showModal does not move focus itself).
    const close = within(dialog).getByRole('button', { name: 'Close' })
    close.focus()
    expect(document.activeElement).toBe(close)

    fireEvent.click(close)

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('closes on Esc (the dialog’s cancel event) and opens again afterwards', async () => {
    const { open } = await renderWithClient(null)
    await open()
    const dialog = await findView('Connect Wallet')
    const cancel = new Event('cancel', { cancelable: true })

    fireEvent(dialog, cancel)

    expect(screen.queryByRole('dialog')).toBeNull()
    // The browser must not close the dialog behind the client's back, or the next open would be lost.
    expect(cancel.defaultPrevented).toBe(true)
    await open()
    expect(await findView('Connect Wallet')).toBeTruthy()
  })

  it('closes on a click on the backdrop but not on a click inside', async () => {
    const { open } = await renderWithClient(null)
    await open()
    const dialog = await findView('Connect Wallet')

    fireEvent.click(within(dialog).getByRole('heading', { name: 'Connect Wallet' }))
    expect(screen.getByRole('dialog', { name: 'Connect Wallet' })).toBe(dialog)

    fireEvent.click(dialog)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('announces snackbar messages in a status region and drops them on close', async () => {
    const { client, open } = await renderWithClient(null)
    await open()
    await findView('Connect Wallet')

    act(() => client.snack.show('error', 'Something went wrong'))

    expect(await findStatus('Something went wrong')).toBeTruthy()
    act(() => client.close())
    await open()
    const dialog = await findView('Connect Wallet')
    expect(dialog.textContent).not.toContain('Something went wrong')
  })

  it('renders inline, without Close, in embedded mode', async () => {
    await renderWithClient(null, { embedded: true })

    const region = await screen.findByRole('region', { name: 'Connect Wallet' })

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(within(region).queryByRole('button', { name: 'Close' })).toBeNull()
    expect(await within(region).findByRole('button', { name: /^MetaMask/ })).toBeTruthy()
  })
})
