import { expectNoAxeViolations } from './support/axe.ts'
import { freshUser } from './support/email.ts'
import { type DemoPage, expect, test } from './support/fixtures.ts'

// Telegram logins through the modal, as a visitor does them: Telegram allows no popup, so the page itself goes to
// Telegram's login page (the worker's stand-in of oauth.telegram.org, signing for the devnet's test bot), comes back
// through the frame origin's return page, where the server checks the signed answer, and lands on the app's page
// again, whose reconnect hands the frame the proof and connects the account.

/** Connect, More, Telegram: the page goes to Telegram's login page; `login` logs in there. */
async function logInWithTelegram(demo: DemoPage, login: string) {
  await demo.connectButton.click()
  const row = demo.modal.getByRole('group', { name: 'Log in with' })
  await row.getByRole('button', { name: 'More social logins' }).click()
  await row.getByRole('button', { name: 'Telegram', exact: true }).click()
  await expect(demo.page.getByRole('heading', { name: /^Log in to .* with Telegram$/ })).toBeVisible()
  await demo.page.getByPlaceholder('Enter any login').fill(login)
  await demo.page.getByRole('button', { name: 'Log in' }).click()
}

test('Telegram: the page goes to Telegram, comes back, and the account connects; the address bar keeps no proof', {
  tag: ['@csp', '@dev'],
}, async ({ demo, page }) => {
  test.setTimeout(60_000)
  await demo.goto()
  const before = new URL(page.url())
  const user = freshUser('tg')
  await logInWithTelegram(demo, user)
  await expect(demo.state('status')).toHaveText('connected')
  const after = new URL(page.url())
  expect(`${after.origin}${after.pathname}${after.search}`).toBe(
    `${before.origin}${before.pathname}${before.search}`,
  )
  expect(after.hash).toBe('')
  await demo.accountButton.click()
  await expect(demo.modal.getByText(`Telegram · @${user}`)).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('@latch/socialProvider'))).toBe('"telegram"')
  const address = await demo.state('address').textContent()

  // Disconnected, the same Telegram user again: the same account.
  await demo.modal.getByRole('button', { name: 'Disconnect' }).click()
  await expect(demo.state('status')).toHaveText('disconnected')
  await logInWithTelegram(demo, user)
  await expect(demo.state('status')).toHaveText('connected')
  await expect(demo.state('address')).toHaveText(address ?? '')
})

for (const [kind, login, refusal] of [
  ['a tampered hash', 'tampered', 'Telegram’s answer is not signed for this bot. Try again in the app.'],
  ['data over a day old', 'stale', 'Telegram’s answer is more than a day old. Try again in the app.'],
] as const) {
  test(`Telegram’s answer with ${kind} is refused in words, with the way back; axe passes the page`, async ({
    demo,
    page,
  }) => {
    test.setTimeout(60_000)
    await demo.goto()
    const app = page.url()
    await logInWithTelegram(demo, freshUser(login))
    await expect(page.getByRole('heading', { name: 'Login failed' })).toBeVisible()
    await expect(page.getByText(refusal)).toBeVisible()
    expect(new URL(page.url()).search, 'the data left the address bar').toBe('')
    await expectNoAxeViolations(page, `Telegram refused (${kind})`, 'main')
    await page.getByRole('link', { name: 'Back to the app' }).click()
    await expect(page).toHaveURL(app)
    await expect(demo.state('status')).toHaveText('disconnected')
  })
}
