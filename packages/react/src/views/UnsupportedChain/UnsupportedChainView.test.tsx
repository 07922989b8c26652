// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  ADDRESS_A,
  createWallets,
  devnetA,
  findView,
  flush,
  renderWithClient,
  resolves,
} from '../../../test/renderWithClient.tsx'
import { ConnectButton } from '../../components/ConnectButton/ConnectButton.tsx'
import { NetworkButton } from '../../components/NetworkButton/NetworkButton.tsx'

const app = (
  <>
    <ConnectButton />
    <NetworkButton />
  </>
)

/** A wallet that connects on Ethereum mainnet, which the test app does not configure. */
const walletOnMainnet = () => {
  const fake = createWallets()
  fake.answer('connect', '*', resolves({ accounts: [ADDRESS_A], chainId: 1 }))
  return fake
}

describe('UnsupportedChain view', () => {
  it('opens by itself when the wallet connects on a network the app does not support', async () => {
    const { connect } = await renderWithClient(app, { fake: walletOnMainnet() })

    await connect()

    const dialog = await findView('Switch Network')
    expect(dialog.textContent).toContain("This app doesn't support your current network.")
    const networks = within(within(dialog).getByRole('list', { name: 'Networks' })).getAllByRole('button')
    expect(networks).toHaveLength(2)
    expect(networks.some((row) => row.hasAttribute('aria-current'))).toBe(false)
  })

  it('opens when the connected wallet moves to an unsupported network', async () => {
    const { fake, connect } = await renderWithClient(app)
    await connect()

    act(() => fake.emit('io.metamask', { type: 'chainChanged', chainId: 1 }))

    expect(await findView('Switch Network')).toBeTruthy()
    expect(screen.getByRole('button', { name: /switch network/ }).textContent).toBe('Unsupported chain')
  })

  it('closes once the wallet has switched to a supported network', async () => {
    const { fake, connect } = await renderWithClient(app, { fake: walletOnMainnet() })
    await connect()
    const dialog = await findView('Switch Network')

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Latch Devnet A' }))
      await flush()
    })

    expect(fake.callsTo('switchNetwork')).toEqual([{ connectorId: 'io.metamask', network: devnetA }])
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: /switch network/ }).textContent).toBe('Latch Devnet A')
  })

  it('offers to disconnect instead', async () => {
    const { connect } = await renderWithClient(app, { fake: walletOnMainnet() })
    await connect()
    const dialog = await findView('Switch Network')

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }))
      await flush()
    })

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy()
    expect(screen.getByRole('button', { name: /switch network/ }).textContent).toBe('Latch Devnet A')
  })
})
