// @vitest-environment happy-dom
import { type ConnectResult, PAIRING_EXPIRY_MS } from '@latch/core'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { API_URL, createFakeDirectory, listing } from '../../../test/fakeDirectory.ts'
import {
  ACCOUNT_BUTTON,
  ADDRESS_A,
  connector,
  createFakeAdapter,
  type Deferred,
  deferred,
  findStatus,
  findView,
  flush,
  metaMask,
  renderWithClient,
  type TestClientOptions,
} from '../../../test/renderWithClient.tsx'
import { ConnectButton } from '../../components/ConnectButton/ConnectButton.tsx'

afterEach(() => {
  vi.useRealTimers()
})

const walletConnect = connector('walletConnect', { name: 'WalletConnect', type: 'WALLET_CONNECT' })
const URI_1 = 'wc:aaaa@2?relay-protocol=irn&symKey=01'
const URI_2 = 'wc:bbbb@2?relay-protocol=irn&symKey=02'

/** A directory wallet with a native mobile scheme, a desktop app and a web app. */
const rainbow = listing('rainbow', {
  name: 'Rainbow',
  mobile_link: 'rainbow://',
  desktop_link: 'rainbow-desktop://',
  webapp_link: 'https://rainbow.example/app',
  app_store: 'https://apps.apple.example/rainbow',
})

/**
 * A browser with MetaMask installed and WalletConnect offered. Every WalletConnect connect waits for the test:
 * `showUri(i, uri)` plays the adapter handing core the i-th pairing's URI, `answers[i]` the wallet's answer.
 */
async function setUp(ui: React.ReactNode = <ConnectButton />, options: TestClientOptions = {}) {
  const fake = createFakeAdapter({ connectors: [metaMask, walletConnect] })
  const answers: Deferred<ConnectResult>[] = []
  fake.answer('connect', 'walletConnect', () => {
    const answer = deferred<ConnectResult>()
    answers.push(answer)
    return answer.answer()
  })
  const test = await renderWithClient(ui, {
    fake,
    walletConnect: { relayUrl: 'ws://127.0.0.1:8788' },
    ...options,
  })
  const showUri = (index: number, uri: string) =>
    act(async () => {
      fake
        .callsTo('connect')
        .filter((c) => c.connectorId === 'walletConnect')
        [index]?.onUri?.(uri)
      await flush()
    })
  const pairings = () => fake.callsTo('connect').filter((c) => c.connectorId === 'walletConnect').length
  return { ...test, answers, showUri, pairings }
}

/** The drawn QR code (an SVG named for the wallet to scan it with). */
const qrCode = (dialog: HTMLElement) => within(dialog).findByRole('img', { name: /^QR code to scan with / })

describe('ConnectingWalletConnect', () => {
  it('opens from the WalletConnect row of the wallet list and shows the pairing as a QR code', async () => {
    const { showUri, pairings } = await setUp()
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    const connect = await findView('Connect Wallet')

    fireEvent.click(within(connect).getByRole('button', { name: 'WalletConnect QR Code' }))
    const dialog = await findView('WalletConnect')

    expect(within(dialog).getByText('Preparing the code…')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toHaveProperty('disabled', true)
    await showUri(0, URI_1)
    expect(await qrCode(dialog)).toBeTruthy()
    expect(within(dialog).getByText("Scan this code with your phone's wallet")).toBeTruthy()
    expect(pairings()).toBe(1)
  })

  it('copies the link', async () => {
    const { open, showUri } = await setUp(null)
    const writeText = vi.fn(async (_text: string) => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await open({ view: 'ConnectingWalletConnect' })
    const dialog = await findView('WalletConnect')
    await showUri(0, URI_1)

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }))

    expect(await findStatus('Link copied')).toBeTruthy()
    expect(writeText).toHaveBeenCalledWith(URI_1)
  })

  it('closes and shows the account once the wallet approves', async () => {
    const { open, showUri, answers } = await setUp()
    await open({ view: 'ConnectingWalletConnect' })
    await findView('WalletConnect')
    await showUri(0, URI_1)

    await act(async () => {
      answers[0]!.resolve({ accounts: [ADDRESS_A], chainId: 31337 })
      await flush()
    })

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: ACCOUNT_BUTTON })).toBeTruthy()
  })

  it("shows 'Connection declined' and pairs anew on 'Try again'", async () => {
    const { open, showUri, answers, pairings } = await setUp(null)
    await open({ view: 'ConnectingWalletConnect' })
    const dialog = await findView('WalletConnect')
    await showUri(0, URI_1)

    await act(async () => {
      answers[0]!.reject({ code: 4001, message: 'User rejected.' })
      await flush()
    })
    expect(await findStatus('Connection declined')).toBeTruthy()
    expect(within(dialog).queryByRole('img', { name: /QR code/ })).toBeNull()

    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await act(flush)
    await showUri(1, URI_2)

    expect(pairings()).toBe(2)
    expect(await qrCode(dialog)).toBeTruthy()
  })

  it('replaces the code without the visitor doing anything before it expires', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { open, showUri, pairings } = await setUp(null)
    await open({ view: 'ConnectingWalletConnect' })
    const dialog = await findView('WalletConnect')
    await showUri(0, URI_1)
    await qrCode(dialog)

    await act(async () => {
      await vi.advanceTimersByTimeAsync(PAIRING_EXPIRY_MS - 10_000)
      await flush()
    })
    expect(pairings()).toBe(2)
    expect(within(dialog).getByText('Preparing the code…')).toBeTruthy()
    await showUri(1, URI_2)

    expect(await qrCode(dialog)).toBeTruthy()
  })

  it('says so when the app does not offer WalletConnect', async () => {
    const { open } = await renderWithClient(null)
    await open({ view: 'ConnectingWalletConnect' })

    expect(await findStatus('WalletConnect is not set up in this app.')).toBeTruthy()
  })
})

describe('ConnectingWalletConnect for a directory wallet', () => {
  it("links to the wallet's desktop and web apps with the pairing, and to where to get it", async () => {
    const { open, showUri } = await setUp(null)
    await open({ view: 'ConnectingWalletConnect', data: { wallet: rainbow } })
    const dialog = await findView('Rainbow')

    // Before the URI exists the links cannot be followed.
    expect(within(dialog).getByRole('button', { name: 'Open Rainbow' })).toHaveProperty('disabled', true)
    await showUri(0, URI_1)

    const encoded = encodeURIComponent(URI_1)
    expect(within(dialog).getByRole('link', { name: 'Open Rainbow' }).getAttribute('href')).toBe(
      `rainbow-desktop://wc?uri=${encoded}`,
    )
    const web = within(dialog).getByRole('link', { name: 'Open web app' })
    expect([web.getAttribute('href'), web.getAttribute('target'), web.getAttribute('rel')]).toEqual([
      `https://rainbow.example/app/wc?uri=${encoded}`,
      '_blank',
      'noopener noreferrer',
    ])
    expect((await qrCode(dialog)).getAttribute('aria-label')).toBe('QR code to scan with Rainbow')

    fireEvent.click(within(dialog).getByRole('button', { name: 'Get Rainbow' }))
    const get = await findView('Rainbow')
    expect(within(get).getByRole('link', { name: 'App Store' })).toBeTruthy()
  })

  it('on mobile, prepares the pairing while the list shows, so the app link is ready at the tap', async () => {
    createFakeDirectory([rainbow])
    const { showUri, pairings } = await setUp(<ConnectButton />, { isMobile: () => true, apiUrl: API_URL })
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    const connect = await findView('Connect Wallet')
    await waitFor(() => expect(pairings()).toBe(1))
    await showUri(0, URI_1)

    fireEvent.click(await within(connect).findByRole('button', { name: 'Rainbow' }))
    const dialog = await findView('Rainbow')

    const links = within(dialog).getAllByRole('link')
    expect(links[0]?.textContent).toBe('Open Rainbow')
    expect(links[0]?.getAttribute('href')).toBe(`rainbow://wc?uri=${encodeURIComponent(URI_1)}`)
    expect(pairings()).toBe(1)
    // No code to scan with the phone it is shown on: the link opens the app, or is copied.
    expect(within(dialog).queryByRole('img', { name: /QR code/ })).toBeNull()
    expect(within(dialog).getByText('Waiting for Rainbow')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeTruthy()
  })

  it('goes to ConnectingExternal for a directory wallet when the app does not offer WalletConnect', async () => {
    createFakeDirectory([rainbow])
    await renderWithClient(<ConnectButton />, { apiUrl: API_URL })
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    const connect = await findView('Connect Wallet')

    fireEvent.click(await within(connect).findByRole('button', { name: 'Rainbow' }))

    const dialog = await findView('Rainbow')
    expect(within(dialog).getByText('Not installed in this browser.')).toBeTruthy()
  })
})

describe('ConnectingWalletConnectBasic', () => {
  it("opens first for a desktop visitor in basic mode: the code and the directory's wallets", async () => {
    createFakeDirectory([rainbow, listing('zerion', { name: 'Zerion' })])
    const { showUri } = await setUp(<ConnectButton />, { basic: true, apiUrl: API_URL })

    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    const dialog = await findView('WalletConnect')
    await showUri(0, URI_1)

    expect(await qrCode(dialog)).toBeTruthy()
    const wallets = within(dialog).getByRole('list', { name: 'Wallets' })
    await waitFor(() => expect(within(wallets).getByRole('button', { name: 'Zerion' })).toBeTruthy())
    fireEvent.click(within(wallets).getByRole('button', { name: 'Rainbow' }))
    const rainbowView = await findView('Rainbow')
    expect(await qrCode(rainbowView)).toBeTruthy()
  })

  it('with legalCheckbox shows no code before the terms are agreed to: the wallets, each with its code after', async () => {
    createFakeDirectory([rainbow])
    const { showUri, pairings } = await setUp(<ConnectButton />, {
      basic: true,
      apiUrl: API_URL,
      features: { legalCheckbox: true },
    })

    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    const dialog = await findView('WalletConnect')
    const agree = await within(dialog).findByRole('checkbox', { name: /I agree to the Terms of Service/ })
    expect(within(dialog).queryByRole('img', { name: /^QR code/ })).toBeNull()
    expect(pairings()).toBe(0)

    fireEvent.click(agree)
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Rainbow' }))
    const rainbowView = await findView('Rainbow')
    await showUri(0, URI_1)
    expect(await qrCode(rainbowView)).toBeTruthy()
  })
})
