// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  ACCOUNT_BUTTON,
  ADDRESS_A,
  createTestClient,
  createWallets,
  findView,
  idle,
  rejects,
  renderWithClient,
  resolves,
} from '../../test/renderWithClient.tsx'
import { ConnectButton } from '../components/ConnectButton/ConnectButton.tsx'
import { modalChunk } from '../modal/prefetch.ts'
import { LatchProvider } from './LatchProvider.tsx'

describe('LatchProvider', () => {
  it('renders its children', async () => {
    await renderWithClient(<p>the app</p>)

    expect(screen.getByText('the app')).toBeTruthy()
  })

  it('does not mount the modal until it is first opened', async () => {
    await renderWithClient(<ConnectButton />)
    const button = screen.getByRole('button', { name: 'Connect Wallet' })

    // Pointing at the button loads the modal's code but must not mount it. Wait for the code, then past
    // React's 300 ms Suspense reveal, so an eagerly mounted modal would have had every chance to appear.
    fireEvent.pointerEnter(button)
    fireEvent.focus(button)
    await act(async () => {
      await modalChunk.load()
      await new Promise((resolve) => setTimeout(resolve, 400))
    })
    expect(document.querySelector('dialog')).toBeNull()
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull()

    fireEvent.click(button)

    expect(await findView('Connect Wallet')).toBeTruthy()
  })

  it('mounts a modal that was opened before the provider', async () => {
    const { client } = createTestClient()
    await act(() => client.open({ view: 'Networks' }))

    render(<LatchProvider client={client} />)

    expect(await findView('Choose Network')).toBeTruthy()
  })

  it('loads no adapter and asks no wallet anything for a first-time visitor as the page loads', async () => {
    const { fake } = await renderWithClient(<ConnectButton />)

    expect(fake.loads).toHaveLength(0)
    expect(fake.calls).toEqual([])
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy()
  })

  it('once the page is idle, loads the adapters (asking no wallet anything), so a first click finds them', async () => {
    const { fake } = await renderWithClient(<ConnectButton />)
    expect(fake.loads).toHaveLength(0)

    await idle()
    expect(fake.loads).toHaveLength(1)
    expect(fake.calls).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    expect(await findView('Connect Wallet')).toBeTruthy()
    expect(fake.loads).toHaveLength(1)
  })

  it('loads nothing ahead of a click for a visitor who asked to save data', async () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true })
    try {
      const { fake } = await renderWithClient(<ConnectButton />)
      await idle()

      expect(fake.loads).toHaveLength(0)
    } finally {
      Reflect.deleteProperty(navigator, 'connection')
    }
  })

  it('reconnects a returning visitor on mount', async () => {
    const fake = createWallets()
    fake.answer('reconnect', 'io.metamask', resolves({ accounts: [ADDRESS_A], chainId: 31337 }))

    await renderWithClient(<ConnectButton />, { fake, storedConnection: 'io.metamask' })

    // The reconnect's own chunk arrives first.
    expect(await screen.findByRole('button', { name: ACCOUNT_BUTTON })).toBeTruthy()
    expect(fake.callsTo('reconnect')).toEqual([{ connectorId: 'io.metamask' }])
  })

  it('falls back to Connect Wallet when the stored wallet does not reconnect', async () => {
    const fake = createWallets()
    fake.answer('reconnect', 'io.metamask', rejects(new Error('locked')))

    await renderWithClient(<ConnectButton />, { fake, storedConnection: 'io.metamask' })

    // The reconnect's own chunk arrives first.
    const button = await screen.findByRole('button', { name: 'Connect Wallet' })
    expect(fake.callsTo('reconnect')).toEqual([{ connectorId: 'io.metamask' }])
    expect(button.getAttribute('aria-busy')).toBe('false')
  })
})
