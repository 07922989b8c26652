import { anvilAddresses, anvilPrivateKeys } from '@latch/devnet'
import { revokeSessionMessage } from '@latch/server'
import type { Page } from '@playwright/test'
import { privateKeyToAccount } from 'viem/accounts'
import { expectNoAxeViolations } from './support/axe.ts'
import { expect, test } from './support/fixtures.ts'

// Sign-in against the worker's Latch server, with the dev wallet on anvil account 4: sessions live on
// the server, and each test's page starts with empty storage, so it signs in afresh.
const account = anvilAddresses[4]!
const key = privateKeyToAccount(anvilPrivateKeys[4]!)

/** Resolves when the page has read the account's sessions from the server (after a reconnect). */
const sessionsRead = (page: Page) =>
  page.waitForResponse((response) => response.url().includes(`/v1/sessions/${account}`))

test.describe('Sign in with the wallet (SIWX)', () => {
  test('required: sign after connecting; a reload keeps the session; a revoked session asks again', {
    tag: '@dev',
  }, async ({ demo, page, latchServer }) => {
    await demo.goto('&siwx=required&account=4')
    await demo.connectDevWallet()
    const modal = demo.modal
    await expect(
      modal.getByRole('heading', { name: 'Latch demo needs to connect to your wallet' }),
    ).toBeVisible()
    await expectNoAxeViolations(page, 'SIWXSignMessage', 'dialog.latch-dialog')
    // Required: Esc does not close it.
    await page.keyboard.press('Escape')
    await expect(modal).toBeVisible()

    await modal.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(demo.prompt).toContainText('wants you to sign in with your Ethereum account')
    await demo.prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(modal).toBeHidden()
    await expect(demo.state('status')).toHaveText('connected')

    // A reload reconnects and finds the session on the server: nothing to sign.
    const read = sessionsRead(page)
    await page.reload()
    expect((await read).status()).toBe(200)
    await expect(demo.state('status')).toHaveText('connected')
    await expect(modal).toBeHidden()
    await expect(demo.prompt).toBeHidden()

    // The account revokes the session (with its own signature, from anywhere): the next visit asks again.
    const token = await page.evaluate(
      (address) => JSON.parse(localStorage.getItem('@latch/siwx') ?? '{}')[address.toLowerCase()] as string,
      account,
    )
    const listed = await fetch(`${latchServer.url}/v1/sessions/${account}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const [session] = (await listed.json()).sessions as { id: string }[]
    const revoked = await fetch(`${latchServer.url}/v1/sessions/${account}/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        pci: session!.id,
        signature: await key.signMessage({ message: revokeSessionMessage(session!.id) }),
      }),
    })
    expect(revoked.status).toBe(200)

    const readAgain = sessionsRead(page)
    await page.reload()
    expect((await readAgain).status()).toBe(401)
    await expect(
      modal.getByRole('heading', { name: 'Latch demo needs to connect to your wallet' }),
    ).toBeVisible()
  })

  test('required: Cancel disconnects', async ({ demo }) => {
    await demo.goto('&siwx=required&account=4')
    await demo.connectDevWallet()
    const modal = demo.modal
    await expect(modal.getByText('Canceling will disconnect you.', { exact: false })).toBeVisible()
    await modal.getByRole('button', { name: 'Cancel' }).click()
    await expect(modal).toBeHidden()
    await expect(demo.state('status')).toHaveText('disconnected')
    await expect(demo.connectButton).toBeVisible()
  })

  test('optional: Cancel closes and the account stays connected', async ({ demo }) => {
    await demo.goto('&siwx=optional&account=4')
    await demo.connectDevWallet()
    const modal = demo.modal
    await expect(
      modal.getByRole('heading', { name: 'Latch demo needs to connect to your wallet' }),
    ).toBeVisible()
    await modal.getByRole('button', { name: 'Cancel' }).click()
    await expect(modal).toBeHidden()
    await expect(demo.state('status')).toHaveText('connected')
  })

  test('a declined signature says so and the view stays; signing then works', async ({ demo }) => {
    await demo.goto('&siwx=required&account=4')
    await demo.connectDevWallet()
    const modal = demo.modal
    await modal.getByRole('button', { name: 'Sign', exact: true }).click()
    await demo.prompt.getByRole('button', { name: 'Reject' }).click()
    await expect(modal.locator('.latch-snackbar')).toHaveText('Signature declined')
    await modal.getByRole('button', { name: 'Sign', exact: true }).click()
    await demo.prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(modal).toBeHidden()
  })
})
