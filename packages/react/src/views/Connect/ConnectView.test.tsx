// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  API_URL,
  createFakeDirectory,
  directoryWallets,
  type FakeDirectory,
} from '../../../test/fakeDirectory.ts'
import {
  createWallets,
  findView,
  flush,
  renderWithClient,
  type TestClientOptions,
} from '../../../test/renderWithClient.tsx'

describe('Connect view', () => {
  it("lists the adapter's wallets, then All Wallets", async () => {
    const { open } = await renderWithClient(null)
    await open()

    const dialog = await findView('Connect Wallet')

    const list = within(within(dialog).getByRole('list', { name: 'Wallets' }))
    expect(list.getAllByRole('button')).toHaveLength(3)
    expect(list.getByRole('button', { name: 'MetaMask Installed' })).toBeTruthy()
    expect(list.getByRole('button', { name: 'Rabby Installed' })).toBeTruthy()
    expect(list.getAllByRole('button').at(-1)?.textContent).toBe('All Wallets')
  })

  it('has no All Wallets row when features.allWallets is off', async () => {
    const { open } = await renderWithClient(null, { features: { allWallets: false } })
    await open()

    const dialog = await findView('Connect Wallet')

    expect(within(dialog).queryByRole('button', { name: 'All Wallets' })).toBeNull()
    expect(within(dialog).getAllByRole('button', { name: /Installed$/ })).toHaveLength(2)
  })

  it('lists the recently used wallet first, marked Recent', async () => {
    const { client, connect, open } = await renderWithClient(null)
    await connect('io.rabby')
    await act(() => client.disconnect())

    await open()
    const dialog = await findView('Connect Wallet')

    const rows = within(within(dialog).getByRole('list', { name: 'Wallets' })).getAllByRole('button')
    expect(rows[0]?.textContent).toContain('Rabby')
    expect(within(dialog).getByRole('button', { name: 'Rabby Recent' })).toBe(rows[0])
    expect(within(dialog).getByRole('button', { name: 'MetaMask Installed' })).toBe(rows[1])
  })

  it('says it is looking for wallets until the adapter has loaded', async () => {
    const fake = createWallets()
    const release = fake.holdLoad()
    const { client } = await renderWithClient(null, { fake })

    // Not awaited: open() settles only once the held adapter has loaded.
    act(() => {
      void client.open()
    })
    const dialog = await findView('Connect Wallet')

    expect(within(dialog).getByText('Looking for wallets')).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: /Installed$/ })).toBeNull()
    await act(async () => {
      release()
      await flush()
    })
    expect(within(dialog).queryByText('Looking for wallets')).toBeNull()
    expect(within(dialog).getAllByRole('button', { name: /Installed$/ })).toHaveLength(2)
  })

  it('says so when the browser has no wallet', async () => {
    const fake = createWallets()
    fake.setConnectors([])
    const { open } = await renderWithClient(null, { fake })
    await open()

    const dialog = await findView('Connect Wallet')

    expect(within(dialog).getByText('No wallet found in this browser.')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'All Wallets' })).toBeTruthy()
  })

  it('opens the Connecting view as a wallet is picked, with Try again, even when the connect cannot start', async () => {
    const { client, open } = await renderWithClient(null)
    await open()
    // As when the actions' chunk cannot be fetched: the connect rejects before any attempt starts.
    client.connect = () => Promise.reject(new Error('chunk request failed'))
    fireEvent.click(
      within(await findView('Connect Wallet')).getByRole('button', { name: 'MetaMask Installed' }),
    )
    const view = await findView('MetaMask')
    expect(within(view).getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('opens All Wallets from its row', async () => {
    const { open } = await renderWithClient(null)
    await open()

    fireEvent.click(within(await findView('Connect Wallet')).getByRole('button', { name: 'All Wallets' }))

    expect(
      within(await findView('All Wallets')).getByRole('searchbox', { name: 'Search wallets' }),
    ).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: 'Connect Wallet' })).toBeNull()
  })
})

describe('Connect view with legalCheckbox', () => {
  it("offers no wallet until the app's terms are agreed to, and stays agreed when the modal opens again", async () => {
    const { client, open } = await renderWithClient(null, {
      features: { legalCheckbox: true },
      termsConditionsUrl: 'https://app.example/terms',
      privacyPolicyUrl: 'https://app.example/privacy#data',
    })
    await open()
    const dialog = await findView('Connect Wallet')

    const agree = await within(dialog).findByRole('checkbox', {
      name: 'I agree to the Terms of Service and Privacy Policy',
    })
    expect(within(dialog).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      'https://app.example/terms',
    )
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      'https://app.example/privacy#data',
    )
    // Described for assistive tech: the links open a new tab; the wallets wait for the agreement.
    const description = (element: Element) =>
      document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent?.trim()
    expect(description(within(dialog).getByRole('link', { name: 'Terms of Service' }))).toBe(
      'Opens in a new tab',
    )
    expect(description(within(dialog).getByRole('group'))).toBe(
      'I agree to the Terms of Service and Privacy Policy',
    )
    // Disabled by the fieldset around the list; happy-dom does not apply it to `:disabled` (the e2e test sees
    // the rows disabled in Chromium).
    const disabled = (row: HTMLElement) => row.closest('fieldset')?.disabled === true
    const metaMask = within(dialog).getByRole('button', { name: 'MetaMask Installed' })
    expect(disabled(metaMask)).toBe(true)
    expect(disabled(within(dialog).getByRole('button', { name: 'All Wallets' }))).toBe(true)

    fireEvent.click(agree)
    expect(disabled(metaMask)).toBe(false)

    act(() => client.close())
    await open()
    const again = await findView('Connect Wallet')
    expect((within(again).getByRole('checkbox') as HTMLInputElement).checked).toBe(true)
    expect(disabled(within(again).getByRole('button', { name: 'MetaMask Installed' }))).toBe(false)
  })

  it('names the terms without a link when the app gives no URL for them', async () => {
    const { open } = await renderWithClient(null, { features: { legalCheckbox: true } })
    await open()
    const dialog = await findView('Connect Wallet')

    expect(await within(dialog).findByRole('checkbox', { name: /Terms of Service/ })).toBeTruthy()
    expect(within(dialog).queryByRole('link')).toBeNull()
  })
})

/** The rows of the wallet list: each wallet's name and tag (if any). */
const rows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Wallets' }))
    .getAllByRole('button')
    .map((row) =>
      [row.querySelector('.latch-row-label')?.textContent, row.querySelector('.latch-tag')?.textContent]
        .filter(Boolean)
        .join(' '),
    )

/** A directory of 20 wallets whose first is MetaMask, which the test browser has installed. */
async function openConnect(options: TestClientOptions = {}, before?: (directory: FakeDirectory) => void) {
  const directory = createFakeDirectory(
    directoryWallets(20, { 1: { name: 'MetaMask', rdns: 'io.metamask' } }),
  )
  before?.(directory)
  const test = await renderWithClient(null, { apiUrl: API_URL, ...options })
  await test.open()
  return { ...test, directory, dialog: await findView('Connect Wallet') }
}

const customWallets = [{ id: 'my-wallet', name: 'My Wallet', webapp_link: 'https://my-wallet.example' }]

describe('Connect view with a wallet directory', () => {
  it('lists installed, featured, custom and recommended wallets in connectorTypeOrder, then All Wallets with the count', async () => {
    const { dialog } = await openConnect({ featuredWalletIds: ['w9', 'w8'], customWallets })

    await waitFor(() => expect(rows(dialog)).toContain('Wallet 2'))
    expect(rows(dialog)).toEqual([
      'MetaMask Installed',
      'Rabby Installed',
      'Wallet 9',
      'Wallet 8',
      'My Wallet',
      // Recommended: the directory's first wallets, less the installed and the featured.
      'Wallet 2',
      'Wallet 3',
      'Wallet 4',
      'Wallet 5',
      'All Wallets 20',
    ])
  })

  it('with collapseWallets lists only the installed wallets, then All Wallets with the count', async () => {
    const { dialog } = await openConnect({
      featuredWalletIds: ['w9', 'w8'],
      customWallets,
      features: { collapseWallets: true },
    })

    await waitFor(() => expect(rows(dialog)).toContain('All Wallets 20'))
    expect(rows(dialog)).toEqual(['MetaMask Installed', 'Rabby Installed', 'All Wallets 20'])
  })

  it("follows the app's connectorTypeOrder", async () => {
    const { dialog } = await openConnect({
      featuredWalletIds: ['w9'],
      customWallets,
      connectorTypeOrder: ['recommended', 'custom', 'featured', 'injected', 'recent'],
    })

    await waitFor(() => expect(rows(dialog)).toContain('Wallet 9'))
    expect(rows(dialog)).toEqual([
      'Wallet 2',
      'Wallet 3',
      'Wallet 4',
      'Wallet 5',
      'My Wallet',
      'Wallet 9',
      'MetaMask Installed',
      'Rabby Installed',
      'All Wallets 20',
    ])
  })

  it('shows at most 4 featured wallets, leaving out installed ones', async () => {
    const { dialog } = await openConnect({ featuredWalletIds: ['w6', 'w1', 'w7', 'w8', 'w9', 'w10'] })

    await waitFor(() => expect(rows(dialog)).toContain('Wallet 6'))
    // The first 4 ids are featured; MetaMask (w1) has its installed row instead.
    expect(rows(dialog).slice(0, 6)).toEqual([
      'MetaMask Installed',
      'Rabby Installed',
      'Wallet 6',
      'Wallet 7',
      'Wallet 8',
      'Wallet 2',
    ])
  })

  it('lists the installed wallets at once, and the directory rows when they arrive', async () => {
    let release = () => {}
    const { dialog } = await openConnect({ featuredWalletIds: ['w9'] }, (directory) => {
      release = directory.hold()
    })

    expect(rows(dialog)).toEqual(['MetaMask Installed', 'Rabby Installed', 'All Wallets'])

    release()
    await waitFor(() => expect(rows(dialog)).toHaveLength(8))
    expect(rows(dialog).at(-1)).toBe('All Wallets 20')
  })

  it('opens ConnectingExternal for a directory wallet', async () => {
    const { dialog } = await openConnect({ featuredWalletIds: ['w9'] })
    const row = await within(dialog).findByRole('button', { name: 'Wallet 9' })

    fireEvent.click(row)

    expect(within(await findView('Wallet 9')).getByText('Not installed in this browser.')).toBeTruthy()
  })

  it('asks no server without apiUrl', async () => {
    const directory = createFakeDirectory(directoryWallets(20))
    const { open } = await renderWithClient(null, { featuredWalletIds: ['w9'], customWallets })
    await open()

    const dialog = await findView('Connect Wallet')

    expect(rows(dialog)).toEqual(['MetaMask Installed', 'Rabby Installed', 'My Wallet', 'All Wallets'])
    expect(directory.requests).toEqual([])
  })
})
