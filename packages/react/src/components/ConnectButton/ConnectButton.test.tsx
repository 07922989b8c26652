// @vitest-environment happy-dom

import type { ConnectResult } from '@latch/core'
import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  ACCOUNT_BUTTON,
  ADDRESS_A,
  createWallets,
  deferred,
  findView,
  flush,
  renderWithClient,
  resolves,
} from '../../../test/renderWithClient.tsx'
import { ConnectButton } from './ConnectButton.tsx'

describe('ConnectButton', () => {
  it("reads 'Connect Wallet' while disconnected", async () => {
    await renderWithClient(<ConnectButton />)

    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    expect(button.getAttribute('aria-busy')).toBe('false')
  })

  it('takes its disconnected text from the label prop', async () => {
    await renderWithClient(<ConnectButton label="Sign in" />)

    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy()
  })

  it("reads 'Connecting…' and is busy while a returning visitor is reconnected", async () => {
    const fake = createWallets()
    const reconnect = deferred<ConnectResult | undefined>()
    fake.answer('reconnect', 'io.metamask', reconnect.answer)
    await renderWithClient(<ConnectButton />, { fake, storedConnection: 'io.metamask' })

    const button = screen.getByRole('button', { name: 'Connecting…' })
    expect(button.getAttribute('aria-busy')).toBe('true')

    await act(async () => {
      reconnect.resolve({ accounts: [ADDRESS_A], chainId: 31337 })
      await flush()
    })

    // What follows the wallet's answer loads code of its own: a busy machine takes more than a few ticks.
    expect(await screen.findByRole('button', { name: ACCOUNT_BUTTON }, { timeout: 5000 })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Connecting…' })).toBeNull()
  })

  it("reads 'Connecting…' while a wallet is asked, not while a WalletConnect code waits to be scanned", async () => {
    const { client } = await renderWithClient(<ConnectButton />)
    act(() => client.connection.setState({ status: 'connecting', pendingConnectorId: 'walletConnect' }))
    expect(screen.getByRole('button', { name: 'Connect Wallet' }).getAttribute('aria-busy')).toBe('false')
    act(() => client.connection.setState({ status: 'connecting', pendingConnectorId: 'io.metamask' }))
    expect(screen.getByRole('button', { name: 'Connecting…' }).getAttribute('aria-busy')).toBe('true')
  })

  it('shows the shortened address and the balance floored to 3 decimals once connected', async () => {
    const { fake, connect } = await renderWithClient(<ConnectButton />)
    fake.answer(
      'getBalance',
      ADDRESS_A,
      resolves({ value: 1_234_567_890_123_456_789n, decimals: 18, symbol: 'ETH' }),
    )

    await connect()

    const button = screen.getByRole('button', { name: ACCOUNT_BUTTON })
    expect(button.textContent).toContain('0xf39F…2266')
    expect(button.textContent).toContain('1.234 ETH')
    expect(screen.queryByRole('button', { name: 'Connect Wallet' })).toBeNull()
  })

  it('hides the balance when showBalance is off', async () => {
    const { connect } = await renderWithClient(<ConnectButton showBalance={false} />)

    await connect()

    const button = screen.getByRole('button', { name: ACCOUNT_BUTTON })
    expect(button.textContent).toBe('Account 0xf39F…2266')
  })

  it('opens the modal at Connect when disconnected', async () => {
    await renderWithClient(<ConnectButton />)

    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))

    const dialog = await findView('Connect Wallet')
    expect(dialog.textContent).toContain('MetaMask')
  })

  it('loads the wallet adapter when pointed at or focused, before any click', async () => {
    const { fake, client } = await renderWithClient(<ConnectButton />)
    expect(fake.loads).toHaveLength(0)

    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Connect Wallet' }))
    await act(flush)

    expect(fake.loads).toHaveLength(1)
    expect(client.connectors.getState().list.map((c) => c.name)).toEqual(['MetaMask', 'Rabby'])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('opens the modal at Account when connected', async () => {
    const { connect } = await renderWithClient(<ConnectButton />)
    await connect()

    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_BUTTON }))

    const dialog = await findView('Account')
    expect(dialog.textContent).toContain('Disconnect')
  })

  it('goes back to Connect Wallet when the wallet disconnects', async () => {
    const { fake, connect } = await renderWithClient(<ConnectButton />)
    await connect()

    act(() => fake.emit('io.metamask', { type: 'disconnect' }))

    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy()
  })
})
