import { codeOf } from '@latch/devnet'
import type { Page } from '@playwright/test'
import { verifyMessage } from 'viem'
import {
  demoMessage,
  enterCode,
  freshEmail,
  freshUser,
  openWalletWindow,
  signDemoMessage,
  startLogin,
} from './support/email.ts'
import { expect, test } from './support/fixtures.ts'

// The page on `localhost`, the embedded wallet's frame and the server on `127.0.0.1`: another site, as every app that
// embeds the wallet is. Run twice (playwright.config.ts): with Chromium's defaults, which give the frame no storage of
// its own, and with third-party storage allowed.

// Each of the three projects runs only this file's two tests: one after the other in one worker, rather than a worker
// (its chains, server and browser, ~7 s to start) for each.
test.describe.configure({ mode: 'default' })

/** Chromium's defaults here give a frame on another site no storage: the wallet's own window stands in. */
const noStorage = (project: string) => project === 'cross-site' || project === 'dev-cross-site'

test(
  'e-mail login, a signature, a reload, and a second login on the same device without a device link',
  {
    tag: '@cross-site',
  },
  async ({ demo, latchServer, page }, testInfo) => {
    test.setTimeout(120_000)
    const blocked = noStorage(testInfo.project.name)
    await demo.goto('&accountType=eoa')
    expect(new URL(page.url()).hostname).toBe('localhost')
    const email = freshEmail('cross')
    let window: Page | undefined
    const mail = await startLogin(
      demo,
      latchServer,
      email,
      blocked
        ? async (opened) => {
            window = opened
            // It stays while the login runs, to keep what it writes.
            await expect(opened.getByRole('heading', { name: 'Your wallet' })).toBeVisible()
            await expect(opened.getByText('This window closes by itself.')).toBeVisible()
          }
        : undefined,
    )
    await enterCode(demo, codeOf(mail))
    if (window) await expect.poll(() => window?.isClosed()).toBe(true)
    await expect(demo.state('status')).toHaveText('connected')
    const address = (await demo.state('address').textContent()) as `0x${string}`

    const signature = await signDemoMessage(page)
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(await verifyMessage({ address, message: demoMessage, signature })).toBe(true)

    await page.reload()
    if (blocked) {
      // The frame forgot the session with the page: asked once (the address, then the wallet's window, which brings this
      // device's session back), signed in without a code.
      await expect(demo.state('status')).toHaveText('disconnected')
      const mails = latchServer.mail.messages().length
      await demo.connectButton.click()
      await demo.modal.getByRole('textbox', { name: 'Email' }).fill(email)
      await demo.modal.getByRole('button', { name: 'Continue' }).click()
      const reopened = await openWalletWindow(page)
      await expect.poll(() => reopened.isClosed()).toBe(true)
      expect(latchServer.mail.messages().length).toBe(mails)
    }
    await expect(demo.state('status')).toHaveText('connected')
    await expect(demo.state('address')).toHaveText(address)

    // Signed out, the same address again on this device: a code, no device link (without storage, through the
    // wallet's window again: it keeps what this login writes).
    await demo.accountButton.click()
    await demo.modal.getByRole('button', { name: 'Disconnect' }).click()
    await expect(demo.state('status')).toHaveText('disconnected')
    const again = await startLogin(demo, latchServer, email, blocked ? async () => {} : undefined)
    await expect(demo.modal.getByText(`Enter the code we sent to ${email}`)).toBeVisible()
    await enterCode(demo, codeOf(again))
    await expect(demo.state('status')).toHaveText('connected')
    await expect(demo.state('address')).toHaveText(address)
  },
)

test(
  'a social login’s popup (Google) and Telegram’s way back connect, and the account signs',
  {
    tag: '@cross-site',
  },
  async ({ demo, page }, testInfo) => {
    test.setTimeout(120_000)
    const blocked = noStorage(testInfo.project.name)
    await demo.goto('&accountType=eoa')

    // Google: the page's popup, the issuer's login; its callback hands the outcome to the frame.
    await demo.connectButton.click()
    const opened = page.waitForEvent('popup')
    await demo.modal.getByRole('button', { name: /^(Log in with )?Google$/ }).click()
    const popup = await opened
    if (blocked) await openWalletWindow(page)
    await popup.getByPlaceholder('Enter any login').fill(freshUser('g'))
    await popup.getByPlaceholder('and password').fill('any password')
    const closed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: 'Sign-in' }).click()
    await closed
    await expect(demo.state('status')).toHaveText('connected')
    const address = (await demo.state('address').textContent()) as `0x${string}`
    const signature = await signDemoMessage(page)
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(await verifyMessage({ address, message: demoMessage, signature })).toBe(true)
    await demo.accountButton.click()
    await demo.modal.getByRole('button', { name: 'Disconnect' }).click()
    await expect(demo.state('status')).toHaveText('disconnected')

    // Telegram: the page goes to Telegram's login page and comes back; the frame trades the proof for the session.
    await demo.connectButton.click()
    const row = demo.modal.getByRole('group', { name: 'Log in with' })
    await row.getByRole('button', { name: 'More social logins' }).click()
    await row.getByRole('button', { name: 'Telegram', exact: true }).click()
    // Without storage the wallet's window keeps the device's secret the Telegram login is bound to.
    if (blocked) await openWalletWindow(page)
    await expect(page.getByRole('heading', { name: /^Log in to .* with Telegram$/ })).toBeVisible()
    const user = freshUser('tg')
    await page.getByPlaceholder('Enter any login').fill(user)
    await page.getByRole('button', { name: 'Log in' }).click()
    // Back on the page, whose frame starts with nothing: the wallet's window brings this device's secret, which
    // the Telegram login is bound to.
    if (blocked) await openWalletWindow(page)
    await expect(demo.state('status')).toHaveText('connected')
    await demo.accountButton.click()
    await expect(demo.modal.getByText(`Telegram · @${user}`)).toBeVisible()
  },
)
