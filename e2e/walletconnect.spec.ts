import { floorBalance, groupDigits } from '@latch/core'
import { anvilAddresses, type WcWallet } from '@latch/devnet'
import type { BrowserContext, Page } from '@playwright/test'
import { createPublicClient, type Hex, http, parseEther, verifyMessage } from 'viem'
import { type DemoPage, expect, test } from './support/fixtures.ts'

// WalletConnect end to end: the demo page pairs through the worker's Latch relay with the test wallet
// (@reown/walletkit in this process, anvil account 5) — the real WalletConnect clients on both sides, real
// signatures, a real chain. The browser's dev wallet is left out so nothing but WalletConnect can connect.

const QR_CODE = /^QR code to scan with /

/** Opens the modal, picks WalletConnect and waits for the code. */
async function showCode(demo: DemoPage) {
  await demo.connectButton.click()
  await demo.modal.getByRole('button', { name: 'WalletConnect QR Code' }).click()
  await expect(demo.modal.getByRole('img', { name: QR_CODE })).toBeVisible()
}

/** The pairing URI as a visitor would take it: 'Copy link', then the clipboard. */
async function copyLink(demo: DemoPage, page: Page): Promise<string> {
  await demo.modal.getByRole('button', { name: 'Copy link' }).click()
  await expect(demo.modal.locator('.latch-snackbar')).toHaveText('Link copied')
  const uri = await page.evaluate(() => navigator.clipboard.readText())
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri
}

/** The demo without its browser wallet, on WalletConnect's code; resolves the link it shows. */
async function firstLink(demo: DemoPage, page: Page, context: BrowserContext): Promise<string> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await demo.goto('&devwallet=off')
  await showCode(demo)
  return copyLink(demo, page)
}

/** The demo without its browser wallet, connected to `wallet` through WalletConnect's code. */
async function connectOverWalletConnect(
  demo: DemoPage,
  page: Page,
  context: BrowserContext,
  wallet: WcWallet,
) {
  await wallet.pair(await firstLink(demo, page, context))
  await expect(demo.state('status')).toHaveText('connected')
}

/** Signs the demo's message through the connected wallet; true when the signature is `address`'s. */
async function signsAs(page: Page, address: Hex, timeout?: number): Promise<boolean> {
  await page.getByRole('button', { name: 'Sign “Hello from Latch”' }).click()
  const result = page.getByTestId('result-signature')
  await expect(result).toBeVisible(timeout === undefined ? {} : { timeout })
  const signature = (await result.textContent())!.replace('signature: ', '') as Hex
  return verifyMessage({ address, message: 'Hello from Latch', signature })
}

test.describe('WalletConnect through the Latch relay', () => {
  test('a wallet pairs from the code; the account, a signature and a transaction; the wallet disconnects @csp', {
    tag: '@dev',
  }, async ({ demo, page, context, devnet, wcWallet }) => {
    const chain = createPublicClient({ transport: http(devnet.rpcA) })
    await connectOverWalletConnect(demo, page, context, wcWallet)

    await expect(demo.modal).toBeHidden()
    await expect(demo.state('address')).toHaveText(wcWallet.address)
    await expect(demo.state('network')).toHaveText('eip155:31337')
    await expect(demo.state('wallet')).toHaveText('WalletConnect')
    const balance = floorBalance(await chain.getBalance({ address: wcWallet.address }), 18)
    await demo.accountButton.click()
    await expect(demo.modal.getByTestId('latch-account-balance')).toContainText(`${groupDigits(balance)} ETH`)
    await demo.modal.getByRole('button', { name: 'Close' }).click()

    // personal_sign, answered by the wallet over the relay and checked against its address.
    expect(await signsAs(page, wcWallet.address)).toBe(true)

    // eth_sendTransaction: the wallet signs and sends on the devnet; the receiver gains exactly 0.01 ETH.
    const receiver = anvilAddresses[1]!
    const before = await chain.getBalance({ address: receiver })
    await page.getByRole('button', { name: 'Send 0.01 ETH to account 1' }).click()
    const hash = (await page.getByTestId('result-transaction').textContent())!.replace('transaction: ', '')
    const receipt = await chain.waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 100 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(wcWallet.address.toLowerCase())
    expect((await chain.getBalance({ address: receiver })) - before).toBe(parseEther('0.01'))
    expect(wcWallet.requests).toEqual(['personal_sign', 'eth_sendTransaction'])

    // The visitor disconnects in the wallet: the page forgets the account and offers Connect again.
    await wcWallet.disconnectAll()
    await expect(demo.state('status')).toHaveText('disconnected')
    await expect(demo.connectButton).toBeVisible()
    await demo.connectButton.click()
    await expect(demo.modal.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()
  })

  test('a declined connection offers Try again, which shows a new code that connects', async ({
    demo,
    page,
    context,
    wcWallet,
  }) => {
    const first = await firstLink(demo, page, context)

    wcWallet.setReject(true)
    await wcWallet.pair(first)
    await expect(demo.modal.getByText('Connection declined')).toBeVisible()
    await expect(demo.modal.getByRole('img', { name: QR_CODE })).toHaveCount(0)

    wcWallet.setReject(false)
    await demo.modal.getByRole('button', { name: 'Try again' }).click()
    await expect(demo.modal.getByRole('img', { name: QR_CODE })).toBeVisible()
    const second = await copyLink(demo, page)
    expect(second).not.toBe(first)
    await wcWallet.pair(second)

    await expect(demo.state('status')).toHaveText('connected')
    await expect(demo.state('address')).toHaveText(wcWallet.address)
  })

  test('the code is replaced by itself before it expires, and the new one connects', async ({
    demo,
    page,
    context,
    wcWallet,
  }) => {
    await page.clock.install()
    const first = await firstLink(demo, page, context)

    // 3 min 50 s on: the link has 10 s left, which counts as expired (SPEC §4).
    await page.clock.fastForward('03:50')
    await expect
      .poll(async () => {
        if (!(await demo.modal.getByRole('img', { name: QR_CODE }).isVisible())) return first
        return copyLink(demo, page)
      })
      .not.toBe(first)
    const second = await copyLink(demo, page)
    await wcWallet.pair(second)

    await expect(demo.state('status')).toHaveText('connected')
  })

  test('after the relay restarts mid-session, both sides reconnect and the next request succeeds', async ({
    demo,
    page,
    context,
    relay,
    wcWallet,
  }) => {
    test.setTimeout(120_000)
    await connectOverWalletConnect(demo, page, context, wcWallet)

    await relay.restart()

    // A message published while a socket is going down can take WalletConnect's ~20 s to be sent again.
    expect(await signsAs(page, wcWallet.address, 60_000)).toBe(true)
  })

  test('a reload keeps the WalletConnect session', async ({ demo, page, context, wcWallet }) => {
    await connectOverWalletConnect(demo, page, context, wcWallet)

    await page.reload()

    await expect(demo.state('status')).toHaveText('connected')
    await expect(demo.state('address')).toHaveText(wcWallet.address)
  })

  test("basic mode opens on the code; a directory wallet's links carry the pairing", async ({ demo }) => {
    await demo.goto('&devwallet=off&basic=1')
    await demo.connectButton.click()

    await expect(demo.modal.getByRole('heading', { name: 'WalletConnect' })).toBeVisible()
    await expect(
      demo.modal.getByRole('img', { name: "QR code to scan with your phone's wallet" }),
    ).toBeVisible()
    await demo.modal.getByRole('button', { name: 'All Wallets' }).click()
    const search = demo.modal.getByRole('searchbox', { name: 'Search wallets' })
    const pairingOf = async (name: string) => {
      const href = await demo.modal.getByRole('link', { name }).getAttribute('href')
      return new URL(href!).searchParams.get('uri')
    }

    // A desktop app: its own scheme, handed the URI of the pairing the code shows.
    await search.fill('ledger')
    await demo.modal.getByRole('button', { name: 'Ledger Live' }).click()
    await expect(demo.modal.getByRole('img', { name: 'QR code to scan with Ledger Live' })).toBeVisible()
    const open = demo.modal.getByRole('link', { name: 'Open Ledger Live' })
    expect(await open.getAttribute('href')).toMatch(/^ledgerlive:\/\/wc\?uri=wc%3A/)
    const uri = await pairingOf('Open Ledger Live')
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)

    // A web app, in a tab of its own; going from wallet to wallet keeps the same pairing.
    await demo.modal.getByRole('button', { name: 'Back' }).click()
    await search.fill('safe')
    await demo.modal.getByRole('button', { name: 'Safe', exact: true }).click()
    const web = demo.modal.getByRole('link', { name: 'Open web app' })
    await expect(web).toHaveAttribute('target', '_blank')
    expect(await web.getAttribute('href')).toMatch(/^https:\/\/app\.safe\.global\/wc\?uri=/)
    expect(await pairingOf('Open web app')).toBe(uri)
  })
})
