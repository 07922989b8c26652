import { expect, test } from './support/fixtures.ts'

test.describe('Account data from the Latch server on the devnet (issue 5)', () => {
  test('the dev wallet’s balance and test tokens show; the 0-decimal token does not', async ({ demo }) => {
    await demo.goto()
    await demo.connectDevWallet()
    await demo.accountButton.click()
    const tokens = demo.modal.getByRole('region', { name: 'Tokens' })
    const rows = tokens.getByTestId('latch-token')
    await expect(rows.filter({ hasText: 'LUSD' })).toContainText('Latch USD')
    await expect(rows.filter({ hasText: 'LTK' })).toContainText('Latch Token')
    await expect(rows.filter({ hasText: 'ETH' })).toBeVisible()
    // Anvil funds each account with 10,000 of every test token; LPT has 0 decimals (SPEC §5: not listed).
    await expect(rows.filter({ hasText: 'LUSD' })).toContainText('10000')
    await expect(tokens.getByText('LPT')).toHaveCount(0)
    await expect(rows).toHaveCount(3)
  })

  test('a registered name replaces the shortened address', async ({ demo }) => {
    const label = `e2e-${Date.now().toString(36)}${test.info().workerIndex}`
    await demo.goto()
    await demo.connectDevWallet()
    await expect(demo.accountButton).toContainText('0xf39F…2266')
    await demo.accountButton.click()
    await demo.modal.getByRole('button', { name: 'Choose a name' }).click()
    await demo.modal.getByRole('textbox', { name: 'Name' }).fill(label)
    await expect(demo.modal.getByText(`${label}.latch.id is available`)).toBeVisible()
    await demo.modal.getByRole('button', { name: 'Register' }).click()
    // The dev wallet asks before it signs the registration message.
    await demo.prompt.getByRole('button', { name: 'Approve' }).click()

    await expect(demo.modal.getByTestId('latch-account-address')).toHaveText(`${label}.latch.id`)
    await expect(demo.accountButton).toContainText(`${label}.latch.id`)
    await expect(demo.accountButton).not.toContainText('0xf39F…2266')
    // Still there after a reload: the name comes from the server.
    await demo.page.reload()
    await expect(demo.accountButton).toContainText(`${label}.latch.id`)
  })
})
