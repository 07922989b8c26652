// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  ADDRESS_A,
  createWallets,
  devnetB,
  findView,
  renderWithClient,
  resolves,
} from '../../../test/renderWithClient.tsx'
import { darkTheme, lightTheme } from '../../theme/theme.ts'
import { NetworkButton } from './NetworkButton.tsx'

/** A wallet that connects on Ethereum mainnet, which the test app does not configure. */
const walletOnMainnet = () => {
  const fake = createWallets()
  fake.answer('connect', '*', resolves({ accounts: [ADDRESS_A], chainId: 1 }))
  return fake
}

describe('NetworkButton', () => {
  it("shows the active network's name", async () => {
    await renderWithClient(<NetworkButton />)

    const button = screen.getByRole('button', { name: 'Network Latch Devnet A, switch network' })
    expect(button.textContent).toBe('Latch Devnet A')
  })

  it('carries the theme: dark by default, light and overrides when the client changes', async () => {
    const { client } = await renderWithClient(<NetworkButton />, {
      themeVariables: { '--latch-accent': '#123456' },
    })
    const button = screen.getByRole('button', { name: /switch network/ })
    expect(button.style.getPropertyValue('--latch-accent')).toBe('#123456')
    expect(button.style.getPropertyValue('--latch-background')).toBe(darkTheme()['--latch-background'])

    act(() => client.setThemeMode('light'))
    expect(button.style.getPropertyValue('--latch-background')).toBe(lightTheme()['--latch-background'])
    expect(button.style.getPropertyValue('--latch-accent')).toBe('#123456')
  })

  it('follows the active network when it changes', async () => {
    const { client } = await renderWithClient(<NetworkButton />)

    await act(() => client.switchNetwork(devnetB))

    expect(screen.getByRole('button', { name: /switch network/ }).textContent).toBe('Latch Devnet B')
  })

  it("reads 'Unsupported chain' when the wallet is on a chain the app does not configure", async () => {
    const { connect } = await renderWithClient(<NetworkButton />, {
      fake: walletOnMainnet(),
      allowUnsupportedChain: true,
    })

    await connect()

    const button = screen.getByRole('button', { name: 'Unsupported chain, switch network' })
    expect(button.textContent).toBe('Unsupported chain')
  })

  it('opens the network list', async () => {
    await renderWithClient(<NetworkButton />)

    fireEvent.click(screen.getByRole('button', { name: /switch network/ }))

    const dialog = await findView('Choose Network')
    const list = within(within(dialog).getByRole('list', { name: 'Networks' }))
    expect(list.getAllByRole('button')).toHaveLength(2)
    expect(list.getByRole('button', { name: 'Latch Devnet A' })).toBeTruthy()
    expect(list.getByRole('button', { name: 'Latch Devnet B' })).toBeTruthy()
  })

  it('opens UnsupportedChain while the wallet is on an unsupported chain', async () => {
    const { connect } = await renderWithClient(<NetworkButton />, {
      fake: walletOnMainnet(),
      allowUnsupportedChain: true,
    })
    await connect()

    fireEvent.click(screen.getByRole('button', { name: /switch network/ }))

    const dialog = await findView('Switch Network')
    expect(dialog.textContent).toContain("This app doesn't support your current network.")
  })
})
