// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { API_URL, createFakeDirectory } from '../../../test/fakeDirectory.ts'
import {
  ACCOUNT_BUTTON,
  createWallets,
  deferred,
  devnetA,
  devnetB,
  findStatus,
  findView,
  flush,
  rejects,
  renderWithClient,
} from '../../../test/renderWithClient.tsx'
import { ConnectButton } from '../../components/ConnectButton/ConnectButton.tsx'
import { NetworkButton } from '../../components/NetworkButton/NetworkButton.tsx'

const app = (
  <>
    <ConnectButton />
    <NetworkButton />
  </>
)

/** The network rows of the open Networks view. */
const networkList = (dialog: HTMLElement) => within(within(dialog).getByRole('list', { name: 'Networks' }))

/** Connects, opens Account from the account button, then Networks from its network row. */
async function openNetworksFromAccount(connect: () => Promise<void>): Promise<HTMLElement> {
  await connect()
  fireEvent.click(screen.getByRole('button', { name: ACCOUNT_BUTTON }))
  fireEvent.click(within(await findView('Account')).getByRole('button', { name: 'Latch Devnet A' }))
  return findView('Choose Network')
}

describe('Networks view', () => {
  it('shows each network’s image from the Latch server, and its initial without one', async () => {
    createFakeDirectory([])
    const withImage = { ...devnetB, assets: { imageId: 'eip155-31338' } }
    const { connect } = await renderWithClient(app, { apiUrl: API_URL, networks: [devnetA, withImage] })

    const list = networkList(await openNetworksFromAccount(connect))
    const rowOf = (name: string) => list.getByRole('button', { name: new RegExp(name) })
    expect(rowOf('Latch Devnet B').querySelector('img')?.getAttribute('src')).toBe(
      `${API_URL}/public/getAssetImage/eip155-31338`,
    )
    expect(rowOf('Latch Devnet A').querySelector('img')).toBeNull()
    expect(rowOf('Latch Devnet A').textContent).toContain('L')
  })

  it("lists the app's networks and marks the active one", async () => {
    await renderWithClient(app)

    fireEvent.click(screen.getByRole('button', { name: /switch network/ }))
    const list = networkList(await findView('Choose Network'))

    expect(list.getAllByRole('button')).toHaveLength(2)
    expect(list.getByRole('button', { name: 'Latch Devnet A' }).getAttribute('aria-current')).toBe('true')
    expect(list.getByRole('button', { name: 'Latch Devnet B' }).hasAttribute('aria-current')).toBe(false)
  })

  it('asks the wallet to switch, then shows the new network and goes back to the account', async () => {
    const { fake, connect } = await renderWithClient(app)
    const dialog = await openNetworksFromAccount(connect)

    await act(async () => {
      fireEvent.click(networkList(dialog).getByRole('button', { name: 'Latch Devnet B' }))
      await flush()
    })

    expect(fake.callsTo('switchNetwork')).toEqual([{ connectorId: 'io.metamask', network: devnetB }])
    const account = await findView('Account')
    expect(within(account).getByRole('button', { name: 'Latch Devnet B' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Network Latch Devnet B, switch network' })).toBeTruthy()
  })

  it('closes after a switch when it was opened on its own', async () => {
    const { connect } = await renderWithClient(app)
    await connect()
    fireEvent.click(screen.getByRole('button', { name: /switch network/ }))
    const dialog = await findView('Choose Network')

    await act(async () => {
      fireEvent.click(networkList(dialog).getByRole('button', { name: 'Latch Devnet B' }))
      await flush()
    })

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: /switch network/ }).textContent).toBe('Latch Devnet B')
  })

  it('marks the chosen network busy and holds the others while the wallet decides', async () => {
    const fake = createWallets()
    const answer = deferred<void>()
    fake.answer('switchNetwork', 'io.metamask', answer.answer)
    const { connect } = await renderWithClient(app, { fake })
    const dialog = await openNetworksFromAccount(connect)

    fireEvent.click(networkList(dialog).getByRole('button', { name: 'Latch Devnet B' }))

    const chosen = networkList(dialog).getByRole('button', { name: 'Latch Devnet B' })
    expect(chosen.getAttribute('aria-busy')).toBe('true')
    expect(
      networkList(dialog)
        .getAllByRole('button')
        .every((row) => row.hasAttribute('disabled')),
    ).toBe(true)
    await act(async () => {
      answer.resolve()
      await flush()
    })
    expect(await findView('Account')).toBeTruthy()
  })

  it('keeps the list and shows why in the snackbar when the switch fails', async () => {
    const fake = createWallets()
    fake.answerOnce('switchNetwork', 'io.metamask', rejects({ code: 4001 }))
    const { connect } = await renderWithClient(app, { fake })
    const dialog = await openNetworksFromAccount(connect)

    await act(async () => {
      fireEvent.click(networkList(dialog).getByRole('button', { name: 'Latch Devnet B' }))
      await flush()
    })

    expect(await findStatus('Request declined in the wallet')).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Choose Network' })).toBe(dialog)
    const rows = networkList(dialog)
    expect(rows.getByRole('button', { name: 'Latch Devnet A' }).getAttribute('aria-current')).toBe('true')
    expect(rows.getAllByRole('button').some((row) => row.hasAttribute('disabled'))).toBe(false)
    expect(screen.getByRole('button', { name: /switch network/ }).textContent).toBe('Latch Devnet A')
  })

  it('switches only the app when no wallet is connected', async () => {
    const { fake } = await renderWithClient(app)
    fireEvent.click(screen.getByRole('button', { name: /switch network/ }))
    const dialog = await findView('Choose Network')

    await act(async () => {
      fireEvent.click(networkList(dialog).getByRole('button', { name: 'Latch Devnet B' }))
      await flush()
    })

    expect(fake.callsTo('switchNetwork')).toEqual([])
    expect(screen.getByRole('button', { name: /switch network/ }).textContent).toBe('Latch Devnet B')
  })
})
