// The e-mail login through the modal, as a visitor does it, for the specs that need an e-mail account: the address in
// Connect, the code read from the worker's mail catcher, the frame's approvals inside the modal.
import { codeOf } from '@latch/devnet'
import type { FrameLocator, Page } from '@playwright/test'
import { type DemoPage, expect, type LatchServer } from './fixtures.ts'

/** A social login's test user no other test (or retry) logs in as (the local issuers take any name; Telegram's
 * stand-in makes its id from it, so letters and digits only). */
export const freshUser = (prefix: string) =>
  `${prefix}${Date.now() % 1e8}${Math.random().toString(36).slice(2, 6)}`

/** An address no other test (or retry) has used: every login here is a new account's first. */
export const freshEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

/** The wallet's frame inside the modal (ApproveTransaction). */
export const walletFrame = (page: Page): FrameLocator => page.frameLocator('dialog iframe[title="Wallet"]')

/**
 * The frame's approval, settled on screen: its Approve button wakes once the frame has been visible and still for a
 * moment (the modal's entrance animation moves it), as a visitor would see it before choosing.
 */
export async function approvalShown(page: Page, title = 'Signature request') {
  const wallet = walletFrame(page)
  await expect(wallet.getByRole('heading', { name: title })).toBeVisible()
  await expect(wallet.getByRole('button', { name: 'Approve' })).toBeEnabled()
  return wallet
}

/**
 * Where the browser gives the frame no storage (the page on another site, third-party storage blocked): the frame asks,
 * in the modal, for the wallet's own window; the visitor opens it, and it closes itself once the login is kept there.
 * Returns the window.
 */
export async function openWalletWindow(page: Page): Promise<Page> {
  const wallet = walletFrame(page)
  await expect(wallet.getByRole('heading', { name: 'Continue in your wallet’s window' })).toBeVisible()
  const opened = page.waitForEvent('popup')
  await wallet.getByRole('button', { name: 'Open wallet window' }).click()
  return opened
}

/**
 * Types the address in Connect and continues (through the wallet's window when the browser gives the frame no
 * storage: `window` is then given it, open); resolves once the mail it triggers has arrived.
 */
export async function startLogin(
  demo: DemoPage,
  server: LatchServer,
  email: string,
  window?: (opened: Page) => Promise<void>,
) {
  const since = new Date()
  await demo.connectButton.click()
  const field = demo.modal.getByRole('textbox', { name: 'Email' })
  await field.fill(email)
  await demo.modal.getByRole('button', { name: 'Continue' }).click()
  if (window) await window(await openWalletWindow(demo.page))
  return server.mail.waitFor(email, { since, timeoutMs: 15_000 })
}

/** Enters `code` in the six boxes as a paste would. */
export async function enterCode(demo: DemoPage, code: string) {
  const first = demo.modal.getByRole('textbox', { name: 'Digit 1 of 6' })
  await expect(first).toBeFocused()
  await first.fill(code)
}

/** A new account's first login, from Connect to connected (the demo page already open): its address. */
export async function logInNewAccount(
  demo: DemoPage,
  server: LatchServer,
  name: string,
): Promise<`0x${string}`> {
  await enterCode(demo, codeOf(await startLogin(demo, server, freshEmail(name))))
  await expect(demo.state('status')).toHaveText('connected')
  return (await demo.state('address').textContent()) as `0x${string}`
}

/** The demo's message its Sign button asks the wallet to sign. */
export const demoMessage = 'Hello from Latch'

/** Presses the demo's Sign, approves in the frame, and returns the signature the page got. */
export async function signDemoMessage(page: Page): Promise<`0x${string}`> {
  await page.getByRole('button', { name: `Sign “${demoMessage}”` }).click()
  await (await approvalShown(page)).getByRole('button', { name: 'Approve' }).click()
  const signed = page.getByTestId('result-signature')
  await expect(signed).toHaveText(/^signature: 0x[0-9a-fA-F]+$/)
  return (await signed.textContent())?.replace('signature: ', '') as `0x${string}`
}
