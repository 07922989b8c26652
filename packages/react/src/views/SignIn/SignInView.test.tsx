// @vitest-environment happy-dom
import type { SiwxMessageData, SiwxSession, SiwxStore } from '@latch/core'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  createWallets,
  findStatus,
  findView,
  rejects,
  renderWithClient,
} from '../../../test/renderWithClient.tsx'
import { ConnectButton } from '../../components/ConnectButton/ConnectButton.tsx'

function memoryStore(): SiwxStore & { sessions: SiwxSession[] } {
  const sessions: SiwxSession[] = []
  return {
    sessions,
    getNonce: async () => 'nonce',
    addSession: async (session) => {
      sessions.push(session)
    },
    getSessions: async ({ address, chainId }) =>
      sessions.filter((s) => s.data.accountAddress === address && s.data.chainId === chainId),
  }
}

async function connectWithSignIn(required: boolean) {
  const fake = createWallets()
  fake.adapter.formatSignInMessage = (data: SiwxMessageData) => `Sign in as ${data.accountAddress}`
  const store = memoryStore()
  const test = await renderWithClient(<ConnectButton />, {
    fake,
    siwx: { required, store },
    metadata: { name: 'Test dapp', description: '', url: 'https://dapp.test', icons: [] },
  })
  await test.connect()
  const dialog = await findView('Sign In')
  return { ...test, store, dialog }
}

describe('SIWXSignMessage view (SPEC §4 sign-in)', () => {
  it('asks to sign after connecting; Sign has the wallet sign, stores the session and closes', async () => {
    const { dialog, fake, store } = await connectWithSignIn(true)
    expect(
      within(dialog).getByRole('heading', { name: 'Test dapp needs to connect to your wallet' }),
    ).toBeTruthy()
    expect(within(dialog).getByText(/Canceling will disconnect you/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fake.callsTo('signMessage')[0]!.message).toMatch(/^Sign in as 0x/)
    expect(store.sessions).toHaveLength(1)
  })

  it('required: Close only shakes; Cancel disconnects', async () => {
    const { dialog, client } = await connectWithSignIn(true)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(client.modal.getState()).toMatchObject({ open: true, shake: true })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    })
    await waitFor(() => expect(client.connection.getState().status).toBe('disconnected'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('optional: Cancel closes and the account stays connected', async () => {
    const { dialog, client } = await connectWithSignIn(false)
    expect(within(dialog).queryByText(/Canceling will disconnect you/)).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(client.connection.getState().status).toBe('connected')
  })

  it('a declined signature: Signature declined, and the view stays for another try', async () => {
    const { dialog, fake } = await connectWithSignIn(true)
    fake.answerOnce('signMessage', '*', rejects({ code: 4001, message: 'User rejected' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }))
    await findStatus('Signature declined')
    expect(within(dialog).getByRole('button', { name: 'Sign' })).toBeTruthy()
  })

  it('shows Authenticating... while the wallet signs', async () => {
    const { dialog, fake } = await connectWithSignIn(false)
    let answer!: (signature: string) => void
    fake.answerOnce('signMessage', '*', () => new Promise<string>((resolve) => (answer = resolve)))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }))
    expect(await within(dialog).findByRole('button', { name: 'Authenticating...' })).toBeTruthy()
    await act(async () => answer('0xsig'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    vi.restoreAllMocks()
  })
})

describe('SIWXSignMessage view when sign-in cannot load', () => {
  it("says so and offers 'Try again', which loads it again", async () => {
    const { client, open } = await renderWithClient(null, {
      siwx: { required: false, store: memoryStore() },
    })
    const siwxController = client.siwxController
    // Its chunk cannot be fetched until the network is back (however often a mount asks).
    let offline = true
    let attempts = 0
    client.siwxController = () => {
      attempts++
      return offline ? Promise.reject(new Error('chunk request failed')) : siwxController()
    }
    await open({ view: 'SIWXSignMessage' })
    const dialog = await findView('Sign In')

    expect(await within(dialog).findByText('Sign-in could not be loaded.')).toBeTruthy()
    const failed = attempts
    offline = false
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))

    expect(await within(dialog).findByRole('button', { name: 'Sign' })).toBeTruthy()
    expect(attempts).toBe(failed + 1)
  })
})
