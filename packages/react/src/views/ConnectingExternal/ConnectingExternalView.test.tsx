// @vitest-environment happy-dom
import type { ConnectResult } from '@latch/core'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { API_URL, createFakeDirectory, listing } from '../../../test/fakeDirectory.ts'
import {
  ACCOUNT_BUTTON,
  ADDRESS_A,
  createWallets,
  deferred,
  findStatus,
  findView,
  flush,
  hangs,
  rejects,
  renderWithClient,
} from '../../../test/renderWithClient.tsx'
import { ConnectButton } from '../../components/ConnectButton/ConnectButton.tsx'

/** Opens the modal from the ConnectButton and chooses `wallet` in the Connect view. */
async function chooseWallet(wallet: string): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
  const connect = await findView('Connect Wallet')
  fireEvent.click(within(connect).getByRole('button', { name: `${wallet} Installed` }))
  return findView(wallet)
}

describe('ConnectingExternal view', () => {
  it('asks the visitor to continue in the chosen wallet while it answers', async () => {
    const fake = createWallets()
    fake.answer('connect', 'io.metamask', deferred<ConnectResult>().answer)
    await renderWithClient(<ConnectButton />, { fake })

    const dialog = await chooseWallet('MetaMask')

    expect(await findStatus('Continue in MetaMask')).toBeTruthy()
    expect(within(dialog).getByText('Accept the connection request in the wallet.')).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeTruthy()
    expect(fake.callsTo('connect')).toEqual([{ connectorId: 'io.metamask', network: expect.anything() }])
  })

  it('closes the modal and shows the account once the wallet accepts', async () => {
    const fake = createWallets()
    const answer = deferred<ConnectResult>()
    fake.answer('connect', 'io.metamask', answer.answer)
    await renderWithClient(<ConnectButton />, { fake })
    await chooseWallet('MetaMask')

    await act(async () => {
      answer.resolve({ accounts: [ADDRESS_A], chainId: 31337 })
      await flush()
    })

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: ACCOUNT_BUTTON })).toBeTruthy()
  })

  it("shows 'Connection declined' on a 4001 and connects on 'Try again'", async () => {
    const fake = createWallets()
    fake.answerOnce('connect', 'io.metamask', rejects({ code: 4001, message: 'User rejected the request.' }))
    await renderWithClient(<ConnectButton />, { fake })

    const dialog = await chooseWallet('MetaMask')

    expect(await findStatus('Connection declined')).toBeTruthy()
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
      await flush()
    })
    expect(fake.callsTo('connect')).toHaveLength(2)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: ACCOUNT_BUTTON })).toBeTruthy()
  })

  it('offers a retry when the wallet does not answer in time', async () => {
    const fake = createWallets()
    fake.answer('connect', 'io.metamask', hangs())
    await renderWithClient(<ConnectButton />, { fake, connectTimeoutMs: 20 })

    const dialog = await chooseWallet('MetaMask')

    expect(await findStatus('The wallet did not respond')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it("shows the wallet's error when the connection fails otherwise", async () => {
    const fake = createWallets()
    fake.answerOnce('connect', 'io.metamask', rejects({ code: -32603 }))
    await renderWithClient(<ConnectButton />, { fake })

    const dialog = await chooseWallet('MetaMask')

    const status = await findStatus('Connection failed')
    expect(status.textContent).toContain('Internal error in the wallet or node')
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('goes Back to the wallet list', async () => {
    const fake = createWallets()
    fake.answer('connect', 'io.metamask', hangs())
    await renderWithClient(<ConnectButton />, { fake })
    const dialog = await chooseWallet('MetaMask')

    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }))

    const connect = await findView('Connect Wallet')
    expect(within(connect).getByRole('button', { name: 'Rabby Installed' })).toBeTruthy()
  })
})

/** A directory wallet the test browser does not have. */
const rainbow = listing('rainbow', {
  name: 'Rainbow',
  mobile_link: 'rainbow://',
  desktop_link: null,
  webapp_link: 'https://rainbow.example/app',
  app_store: 'https://apps.apple.example/rainbow',
  play_store: 'https://play.google.example/rainbow',
  chrome_store: null,
  homepage: 'https://rainbow.example',
})

const links = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')])

describe('ConnectingExternal for a wallet that is not installed', () => {
  it("offers the wallet's web app, stores and website, each in a new tab, and nothing to retry", async () => {
    const { open } = await renderWithClient(null)
    await open({ view: 'ConnectingExternal', data: { wallet: rainbow } })

    const dialog = await findView('Rainbow')

    expect(within(dialog).getByText('Not installed in this browser.')).toBeTruthy()
    expect(links(dialog)).toEqual([
      ['Open web app', 'https://rainbow.example/app'],
      ['App Store', 'https://apps.apple.example/rainbow'],
      ['Google Play', 'https://play.google.example/rainbow'],
      ['Website', 'https://rainbow.example'],
    ])
    for (const link of within(dialog).getAllByRole('link')) {
      expect([link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
        '_blank',
        'noopener noreferrer',
      ])
    }
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull()
  })

  it("opens the wallet's mobile app on mobile and its desktop app on desktop", async () => {
    const wallet = { ...rainbow, desktop_link: 'rainbow-desktop://' }
    const mobile = await renderWithClient(null, { isMobile: () => true })
    await mobile.open({ view: 'ConnectingExternal', data: { wallet } })
    expect(links(await findView('Rainbow'))[0]).toEqual(['Open app', 'rainbow://'])
    mobile.unmount()

    const desktop = await renderWithClient(null)
    await desktop.open({ view: 'ConnectingExternal', data: { wallet } })
    expect(links(await findView('Rainbow'))[0]).toEqual(['Open app', 'rainbow-desktop://'])
  })

  it('leaves out links that would run code instead of opening the wallet', async () => {
    const wallet = { ...rainbow, webapp_link: 'javascript:alert(1)', homepage: 'data:text/html,hi' }
    const { open } = await renderWithClient(null)
    await open({ view: 'ConnectingExternal', data: { wallet } })

    const dialog = await findView('Rainbow')

    expect(links(dialog).map(([label]) => label)).toEqual(['App Store', 'Google Play'])
  })

  it("shows the wallet's image from the directory", async () => {
    createFakeDirectory([rainbow])
    const { open } = await renderWithClient(null, { apiUrl: API_URL })
    await open({ view: 'ConnectingExternal', data: { wallet: rainbow } })

    const dialog = await findView('Rainbow')

    await waitFor(() => {
      expect(dialog.querySelector('img')?.src.startsWith(`${API_URL}/getWalletImage/rainbow?`)).toBe(true)
    })
  })
})
