// Fresh numbers after an action that moves funds: within a second or two of its receipt, the account's native balance
// (the readout's, from the account state, and the Account view's) and its token rows are what the chain holds.
import { floorBalance, floorDecimal } from '@latch/core'
import { formatUnits } from 'viem'
import { type DemoPage, expect } from './fixtures.ts'

/** How long after a receipt the modal may take to show the new amounts. */
export const FRESH_MS = 3000

/** The numbers as the modal shows them, without digit grouping. */
const plain = (text: string | null) => (text ?? '').replace(/,/g, '').trim()

/**
 * Expects the Account view (open, on Tokens) to show `native` (base units, the network's coin of `decimals`) as the
 * balance, and it and each of `tokens` (base units and decimals, by symbol) in its row (none for nothing held), within
 * {@link FRESH_MS}.
 */
export async function expectFreshNumbers(
  demo: DemoPage,
  native: { value: bigint; decimals: number; symbol: string },
  tokens: Record<string, { value: bigint; decimals: number }> = {},
) {
  const balance = `${floorBalance(native.value, native.decimals)} ${native.symbol}`
  await expect
    .poll(async () => plain(await demo.state('balance').textContent()), { timeout: FRESH_MS })
    .toBe(balance)
  const shown = demo.modal.getByTestId('latch-account-balance')
  await expect.poll(async () => plain(await shown.textContent()), { timeout: FRESH_MS }).toBe(balance)
  const rows = demo.modal.getByRole('region', { name: 'Tokens' }).getByTestId('latch-token')
  for (const [symbol, { value, decimals }] of Object.entries({
    [native.symbol]: native,
    ...tokens,
  })) {
    const row = rows.filter({ has: demo.page.getByText(symbol, { exact: true }) })
    // The server lists what the account holds: nothing of it, no row.
    if (value === 0n) {
      await expect(row).toHaveCount(0)
      continue
    }
    const amount = row.locator('.latch-token-amounts > span').first()
    await expect
      .poll(async () => plain(await amount.textContent()), { timeout: FRESH_MS, message: `${symbol} row` })
      .toBe(floorDecimal(formatUnits(value, decimals)))
  }
}
