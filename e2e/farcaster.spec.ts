import { expectNoAxeViolations } from './support/axe.ts'
import { type DemoPage, expect, test } from './support/fixtures.ts'
import { expectSoundLayout } from './support/layout.ts'

// Sign In With Farcaster through the modal, as a visitor does it: Farcaster in the social row shows a code (a QR
// code and a farcaster://connect link); the devnet's test Farcaster client, registered on the worker's ID registry,
// signs it with its custody key and hands it to the server's relay; the frame's poll finds it checked and connects.

/** Connect, More, Farcaster: the code shown; its link. */
async function showCode(demo: DemoPage) {
  await demo.connectButton.click()
  const row = demo.modal.getByRole('group', { name: 'Log in with' })
  await row.getByRole('button', { name: 'More social logins' }).click()
  await row.getByRole('button', { name: 'Farcaster', exact: true }).click()
  return codeOf(demo)
}

/** The farcaster://connect link ConnectingFarcaster shows, once its QR code is drawn. */
async function codeOf(demo: DemoPage) {
  await expect(demo.modal.getByRole('img', { name: 'QR code to scan with Farcaster' })).toBeVisible()
  const link = demo.modal.getByRole('link', { name: 'Open Farcaster' })
  await expect(link).toHaveAttribute('href', /^farcaster:\/\/connect\?/)
  return (await link.getAttribute('href')) ?? ''
}

test('Farcaster: the code, the test client approves, connected; the account says @handle; a reload stays connected', {
  tag: '@csp',
}, async ({ demo, farcaster, page }) => {
  test.setTimeout(60_000)
  await demo.goto()
  const uri = await showCode(demo)
  expect(new URL(uri).searchParams.get('domain')).toBe(new URL(demo.frameUrl).host)
  await farcaster.approve(uri)
  await expect(demo.state('status')).toHaveText('connected')
  await expect(demo.modal).toBeHidden()
  const address = await demo.state('address').textContent()
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  await demo.accountButton.click()
  await expect(demo.modal.getByText(`Farcaster · @${farcaster.username}`)).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('@latch/socialProvider'))).toBe('"farcaster"')
  await demo.modal.getByRole('button', { name: 'Close' }).click()
  await page.reload()
  await expect(demo.state('status')).toHaveText('connected')
  await expect(demo.state('address')).toHaveText(address ?? '')
})

test('an expired code is renewed by itself (fake clock), and the new one connects; the same fid is the same account', async ({
  demo,
  farcaster,
  page,
}) => {
  test.setTimeout(90_000)
  await page.clock.install()
  await demo.goto()
  const first = await showCode(demo)
  // 4 minutes, less the 10 s a code counts as expired before its end (SPEC §4): a new code replaces it.
  await page.clock.runFor(4 * 60_000 - 9_000)
  await expect(demo.modal.getByRole('link', { name: 'Open Farcaster' })).not.toHaveAttribute('href', first)
  const second = await codeOf(demo)
  await farcaster.approve(second)
  await expect(demo.state('status')).toHaveText('connected')
  const address = await demo.state('address').textContent()

  await demo.accountButton.click()
  await demo.modal.getByRole('button', { name: 'Disconnect' }).click()
  await expect(demo.state('status')).toHaveText('disconnected')
  expect(await page.evaluate(() => localStorage.getItem('@latch/socialProvider'))).toBeNull()
  await farcaster.approve(await showCode(demo))
  await expect(demo.state('status')).toHaveText('connected')
  await expect(demo.state('address')).toHaveText(address ?? '')
})

test('an answer the server refuses (not signed by the fid’s custody key) fails with Try again, which connects', async ({
  demo,
  farcaster,
}) => {
  test.setTimeout(60_000)
  await demo.goto()
  await farcaster.forge(await showCode(demo))
  await expect(demo.modal.getByRole('alert')).toContainText('Farcaster’s answer was refused')
  await expect(demo.modal.getByRole('alert')).toContainText(`does not own fid ${farcaster.fid}`)
  await demo.modal.getByRole('button', { name: 'Try again' }).click()
  await farcaster.approve(await codeOf(demo))
  await expect(demo.state('status')).toHaveText('connected')
})

for (const theme of ['dark', 'light'] as const) {
  test(`axe and the layout gate pass ConnectingFarcaster, its failure and a Farcaster account, ${theme} theme`, async ({
    demo,
    farcaster,
    page,
  }) => {
    test.setTimeout(60_000)
    const audit = async (what: string) => {
      await expectNoAxeViolations(page, `${what} (${theme})`, 'dialog.latch-dialog')
      await expectSoundLayout(page, `${what} (${theme})`)
    }
    await demo.goto()
    if (theme === 'light') await page.getByRole('button', { name: 'Light theme' }).click()
    await farcaster.forge(await showCode(demo))
    await expect(demo.modal.getByRole('button', { name: 'Try again' })).toBeVisible()
    await audit('ConnectingFarcaster, refused')
    await demo.modal.getByRole('button', { name: 'Try again' }).click()
    const uri = await codeOf(demo)
    await audit('ConnectingFarcaster')
    await farcaster.approve(uri)
    await expect(demo.state('status')).toHaveText('connected')
    await demo.accountButton.click()
    await expect(demo.modal.getByText(/^Farcaster · @/)).toBeVisible()
    await audit('Account of a Farcaster login')
  })
}
