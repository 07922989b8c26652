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
})
