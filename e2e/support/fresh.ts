// Fresh numbers after an action that moves funds: within a second or two of its receipt, the account's native balance
// (the readout's, from the account state, and the Account view's) and its token rows are what the chain holds.
import { floorBalance, floorDecimal, groupDigits } from '@latch/core'
import { formatUnits } from 'viem'
import { type DemoPage, expect } from './fixtures.ts'

/** How long after a receipt the modal may take to show the new amounts. */
export const FRESH_MS = 5000

const trimmed = (text: string | null) => (text ?? '').trim()

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
  // The readout prints the account state's balance as it is; the modal groups its digits, as Activity does.
  const balance = floorBalance(native.value, native.decimals)
  await expect
    .poll(async () => trimmed(await demo.state('balance').textContent()), { timeout: FRESH_MS })
    .toBe(`${balance} ${native.symbol}`)
  const shown = demo.modal.getByTestId('latch-account-balance')
  await expect
    .poll(async () => trimmed(await shown.textContent()), { timeout: FRESH_MS })
    .toBe(`${groupDigits(balance)} ${native.symbol}`)
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
      .poll(async () => trimmed(await amount.textContent()), { timeout: FRESH_MS, message: `${symbol} row` })
      .toBe(floorDecimal(formatUnits(value, decimals)))
  }
}
