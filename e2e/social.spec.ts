import { codeOf } from '@latch/devnet'
import type { Page } from '@playwright/test'
import { createPublicClient, http } from 'viem'
import { proxyCreationCodeCall, safeAddress } from '../packages/frame/src/safe.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { demoMessage, enterCode, signDemoMessage, startLogin } from './support/email.ts'
import { type DemoPage, expect, test } from './support/fixtures.ts'
import { expectSoundLayout } from './support/layout.ts'

// Social logins through the modal, as a visitor does them: a click on a provider opens the popup, the worker's local
// issuer (oidc-provider, Google as an OpenID provider, the others' OAuth 2 shapes) shows its login form, the server's
// callback hands the outcome to the embedded wallet's frame, and the account connects. Test users are any name.

/** A test user no other test (or retry) has logged in as. */
const freshUser = (name: string) => `${name}-${Date.now() % 1e8}-${Math.random().toString(36).slice(2, 6)}`

/** Clicks `provider` (a named button, or one of the marks behind More) and answers the popup it opens. */
async function pick(demo: DemoPage, provider: string) {
  const opened = demo.page.waitForEvent('popup')
  const more = demo.modal.getByRole('button', { name: 'More social logins' })
  const shown = demo.modal.getByRole('button', { name: new RegExp(`^(Log in with )?${provider}$`) })
  if (!(await shown.isVisible())) await more.click()
  await shown.click()
  return opened
}

/** The issuer's login form in the popup: any name, any password. */
async function logIn(popup: Page, user: string) {
  await popup.getByPlaceholder('Enter any login').fill(user)
  await popup.getByPlaceholder('and password').fill('any password')
  await popup.getByRole('button', { name: 'Sign-in' }).click()
}

/** Connect, a provider, the test user's login: connected, the modal closed; the account's address. */
async function connectWith(demo: DemoPage, provider: string, user: string) {
  await demo.connectButton.click()
  const popup = await pick(demo, provider)
  await expect(demo.modal.getByRole('heading', { name: `Log in with ${provider}` })).toBeVisible()
  // The callback's page hands the outcome to the frame, then closes itself 300 ms later: waited for from before
  // the login, as a busy test process may hear of the close only after it happened.
  const closed = popup.waitForEvent('close')
  await logIn(popup, user)
  await closed
  await expect(demo.state('status')).toHaveText('connected')
  await expect(demo.modal).toBeHidden()
  return (await demo.state('address').textContent()) ?? ''
}

test('defaultAccountTypes eoa: a social login’s account is its key’s own address; the default is that key’s Safe', async ({
  demo,
  devnet,
  page,
}) => {
  test.setTimeout(90_000)
  await demo.goto('&accountType=eoa')
  const owner = (await connectWith(demo, 'Google', freshUser('eoa'))) as `0x${string}`
  await expect(demo.state('accountType')).toHaveText('eoa')

  // The same login on a page whose app keeps SPEC §3's default: the Safe that key owns, counterfactual on Devnet A.
  await demo.goto()
  await expect(demo.state('status')).toHaveText('connected')
  await expect(demo.state('accountType')).toHaveText('smartAccount')
  const chain = createPublicClient({ transport: http(devnet.rpcA) })
  const { data: code } = await chain.call(proxyCreationCodeCall)
  await expect(demo.state('address')).toHaveText(safeAddress(owner, code!))
  await expect(demo.state('smartAccountDeployed')).toHaveText('false')
  expect(await page.evaluate(() => localStorage.getItem('@latch/socialProvider'))).toBe('"google"')
})

test('Google: the popup, the issuer’s login, connected; the same test user on a second browser has the same account', {
  tag: ['@csp', '@dev'],
}, async ({ demo, browser, devnet, page }) => {
  test.setTimeout(90_000)
  await demo.goto()
  const user = freshUser('ada')
  const address = await connectWith(demo, 'Google', user)
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  await expect(demo.state('wallet')).toHaveText('Google')
  // The account says how it was logged in: the provider, and what it knows of the user.
  await demo.accountButton.click()
  await expect(demo.modal.getByText(`Google · ${user}@latch.test`)).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('@latch/socialProvider'))).toBe('"google"')
  await demo.modal.getByRole('button', { name: 'Close' }).click()

  // A reload reconnects from the frame's session, without the popup.
  await page.reload()
  await expect(demo.state('status')).toHaveText('connected')
  await expect(demo.state('address')).toHaveText(address)

  // The frame asks for the visitor's approval in the modal; approved, the account signs (as its Safe, ERC-6492
  // before the Safe's deployment: the chain's verifier accepts it).
  const signature = await signDemoMessage(page)
  const chain = createPublicClient({ transport: http(devnet.rpcA) })
  expect(
    await chain.verifyMessage({ address: address as `0x${string}`, message: demoMessage, signature }),
  ).toBe(true)
  await expect(demo.modal).toBeHidden()

  const other = await browser.newContext()
  try {
    const second = await demo.inContext(other)
    await second.goto()
    expect(await connectWith(second, 'Google', user)).toBe(address)
  } finally {
    await other.close()
  }

  // Disconnect signs out and forgets the provider (SPEC §4).
  await demo.accountButton.click()
  await demo.modal.getByRole('button', { name: 'Disconnect' }).click()
  await expect(demo.state('status')).toHaveText('disconnected')
  expect(await page.evaluate(() => localStorage.getItem('@latch/socialProvider'))).toBeNull()
})

test('Discord and GitHub (their OAuth 2 shapes) connect accounts; the same verified e-mail is the same account', async ({
  demo,
}) => {
  test.setTimeout(90_000)
  await demo.goto()
  const user = freshUser('bob')
  const discord = await connectWith(demo, 'Discord', user)
  await demo.accountButton.click()
  await expect(demo.modal.getByText(`Discord · ${user}`)).toBeVisible()
  await demo.modal.getByRole('button', { name: 'Disconnect' }).click()
  await expect(demo.state('status')).toHaveText('disconnected')
  // GitHub sits behind More; its verified e-mail is the Discord account's.
  expect(await connectWith(demo, 'GitHub', user)).toBe(discord)
  // The remembered provider is shown first, until disconnect.
  await demo.page.reload()
  await expect(demo.state('status')).toHaveText('connected')
  await demo.accountButton.click()
  await demo.modal.getByRole('button', { name: 'Disconnect' }).click()
  await expect(demo.state('status')).toHaveText('disconnected')
  await demo.page.evaluate(() => localStorage.setItem('@latch/socialProvider', '"github"'))
  await demo.connectButton.click()
  await expect(demo.modal.getByRole('group', { name: 'Log in with' }).getByRole('button').first()).toHaveText(
    /GitHub/,
  )
})

test('a Google login whose e-mail has an account is refused in words on a device that account never approved', async ({
  demo,
  latchServer,
  browser,
}) => {
  test.setTimeout(90_000)
  const user = freshUser('eve')
  // The e-mail's account, made by its code in another browser: another device.
  const other = await browser.newContext()
  try {
    const owner = await demo.inContext(other)
    await owner.goto()
    await enterCode(owner, codeOf(await startLogin(owner, latchServer, `${user}@latch.test`)))
    await expect(owner.state('status')).toHaveText('connected')
  } finally {
    await other.close()
  }
  // Here Google vouches for that e-mail, yet the account never approved this device: nothing joins it.
  await demo.goto()
  await demo.connectButton.click()
  const popup = await pick(demo, 'Google')
  const closed = popup.waitForEvent('close')
  await logIn(popup, user)
  await closed
  await expect(demo.modal.getByRole('alert')).toHaveText(
    "Your Google e-mail has an account here, which has not approved this device: log in with that e-mail's code on this device first, then Google joins it",
  )
  await expect(demo.modal.getByRole('button', { name: 'Try again' })).toBeVisible()
  await expect(demo.state('status')).toHaveText('disconnected')
  await expectNoAxeViolations(demo.page, 'ConnectingSocial, the refused link', 'dialog.latch-dialog')
  await expectSoundLayout(demo.page, 'ConnectingSocial, the refused link')
})

test('the popup closed is a cancel with Try again; 45 s without an answer is a timeout with Try again', async ({
  demo,
  page,
}) => {
  test.setTimeout(90_000)
  await page.clock.install()
  await demo.goto()
  await demo.connectButton.click()
  const popup = await pick(demo, 'Google')
  await expect(popup.getByPlaceholder('Enter any login')).toBeVisible()
  await popup.close()
  await page.clock.runFor(1000)
  await expect(demo.modal.getByRole('heading', { name: 'Login cancelled' })).toBeVisible()
  await expect(demo.modal.getByRole('alert')).toHaveText('You closed the login window')

  // Try again opens another popup; the visitor leaves it be: after 45 s the login times out, and the popup goes.
  const again = page.waitForEvent('popup')
  await demo.modal.getByRole('button', { name: 'Try again' }).click()
  const second = await again
  await expect(second.getByPlaceholder('Enter any login')).toBeVisible()
  await page.clock.runFor(46_000)
  await expect(demo.modal.getByRole('alert')).toHaveText(
    'The login timed out: nothing came back from the login window in 45 seconds',
  )
  await expect.poll(() => second.isClosed()).toBe(true)

  // And Try again logs in.
  const third = page.waitForEvent('popup')
  await demo.modal.getByRole('button', { name: 'Try again' }).click()
  await logIn(await third, freshUser('cy'))
  await expect(demo.state('status')).toHaveText('connected')
})

test('inside Telegram’s in-app browser on Android, X and Facebook are not offered (SPEC §5)', async ({
  browser,
  demo,
}) => {
  const telegram = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 Telegram-Android/11.4.2',
  })
  try {
    const inside = await demo.inContext(telegram)
    await inside.goto()
    await inside.connectButton.click()
    const row = inside.modal.getByRole('group', { name: 'Log in with' })
    await row.getByRole('button', { name: 'More social logins' }).click()
    await expect
      .poll(() =>
        row
          .getByRole('button')
          .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent)),
      )
      .toEqual(['Google', 'Discord', 'Farcaster', 'GitHub', 'Apple', 'Telegram'])
  } finally {
    await telegram.close()
  }
})

for (const theme of ['dark', 'light'] as const) {
  test(`axe and the layout gate pass the social row, More, ConnectingSocial and its cancel, and a social account, ${theme} theme`, async ({
    demo,
    page,
  }) => {
    test.setTimeout(90_000)
    const audit = async (what: string) => {
      await expectNoAxeViolations(page, `${what} (${theme})`, 'dialog.latch-dialog')
      await expectSoundLayout(page, `${what} (${theme})`)
    }
    await demo.goto()
    if (theme === 'light') await page.getByRole('button', { name: 'Light theme' }).click()
    await demo.connectButton.click()
    await expect(demo.modal.getByRole('button', { name: 'Google', exact: true })).toBeVisible()
    await audit('Connect with the social row')
    // More shares the first row with the three logins named there; pressed, the others show their names too.
    const row = demo.modal.getByRole('group', { name: 'Log in with' })
    const tops = () =>
      row
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)))
    expect(new Set(await tops()).size).toBe(1)
    await demo.modal.getByRole('button', { name: 'More social logins' }).click()
    const names = await row
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => b.textContent?.trim()))
    expect(names).toEqual(expect.arrayContaining(['Google', 'Apple', 'Facebook', 'Telegram']))
    expect(names.filter((name) => !name)).toEqual([])
    // Three to a row.
    expect(new Set(await tops()).size).toBe(Math.ceil(names.length / 3))
    await audit('Connect with every social login')
    const popup = await pick(demo, 'Facebook')
    await expect(demo.modal.getByText('Continue in the login window')).toBeVisible()
    await audit('ConnectingSocial')
    await popup.close()
    await expect(demo.modal.getByRole('heading', { name: 'Login cancelled' })).toBeVisible()
    await audit('ConnectingSocial, cancelled')
    const again = page.waitForEvent('popup')
    await demo.modal.getByRole('button', { name: 'Try again' }).click()
    await logIn(await again, freshUser('dee'))
    await expect(demo.state('status')).toHaveText('connected')
    await demo.accountButton.click()
    await expect(demo.modal.getByText(/^Facebook · /)).toBeVisible()
    await audit('Account of a social login')
  })
}
