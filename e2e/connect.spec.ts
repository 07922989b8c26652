import { floorBalance, groupDigits } from '@latch/core'
import { anvilAddresses } from '@latch/devnet'
import { createPublicClient, http, parseEther } from 'viem'
import { expectNoAxeViolations } from './support/axe.ts'
import { expect, test } from './support/fixtures.ts'
import { expectSoundLayout } from './support/layout.ts'

const [account0] = anvilAddresses

async function balanceOf(rpcUrl: string) {
  const client = createPublicClient({ transport: http(rpcUrl) })
  return floorBalance(await client.getBalance({ address: account0 }), 18)
}

test('connect, switch networks, unsupported chain, reload, disconnect', { tag: ['@csp', '@dev'] }, async ({
  demo,
  page,
  devnet,
}) => {
  // Make the balance something only a real chain read can show: spend an odd amount from account 0.
  // anvil answers eth_sendTransaction once the transaction is in its pool and mines it just after, so
  // wait for the receipt before reading the balance.
  const chainA = createPublicClient({ transport: http(devnet.rpcA), pollingInterval: 50 })
  const hash = await chainA.request({
    method: 'eth_sendTransaction' as never,
    params: [
      {
        from: account0,
        to: '0x000000000000000000000000000000000000dEaD',
        value: `0x${parseEther('1.23456').toString(16)}`,
      },
    ] as never,
  })
  await chainA.waitForTransactionReceipt({ hash: hash as `0x${string}` })
  const expectedA = await balanceOf(devnet.rpcA)
  expect(expectedA).toMatch(/^99\d\d\.\d+$/)

  await demo.goto()
  await demo.connectButton.click()
  const modal = demo.modal
  await expect(modal).toBeVisible()
  await expect(modal.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()
  const walletRow = modal.getByRole('button', { name: /Latch Dev Wallet/ })
  await expect(walletRow).toBeVisible()

  await walletRow.click()
  await expect(modal.getByText('Continue in Latch Dev Wallet')).toBeVisible()
  await demo.prompt.getByRole('button', { name: 'Approve' }).click()
  await expect(modal).toBeHidden()
  await expect(demo.state('status')).toHaveText('connected')
  await expect(demo.state('address')).toHaveText(account0)
  await expect(demo.state('caipAddress')).toHaveText(`eip155:31337:${account0}`)

  // Account view: shortened address and the real balance, floored to 3 decimals.
  await demo.accountButton.click()
  await expect(modal.getByTestId('latch-account-address')).toHaveText('0xf39F…2266')
  await expect(modal.getByTestId('latch-account-balance')).toHaveText(`${groupDigits(expectedA)} ETH`)
  await expect(demo.accountButton).toContainText(`${groupDigits(expectedA)} ETH`)

  // Switch to chain B from the Account view; the wallet follows.
  await modal.getByRole('button', { name: 'Latch Devnet A' }).click()
  await expect(modal.getByRole('heading', { name: 'Choose Network' })).toBeVisible()
  await modal.getByRole('button', { name: 'Latch Devnet B' }).click()
  await expect(demo.state('network')).toHaveText('eip155:31338')
  await expect.poll(() => demo.walletChainId()).toBe('0x7a6a')
  await expect(modal.getByTestId('latch-account-balance')).toHaveText(
    `${groupDigits(await balanceOf(devnet.rpcB))} ETH`,
  )
  await modal.getByRole('button', { name: 'Close' }).click()
  await expect(modal).toBeHidden()

  // The wallet moves itself to a chain the app does not support.
  // The app's modal opens on top of the wallet's panel as soon as the wallet reports the new chain.
  const panel = await demo.walletSelectsNetwork(/Unsupported Devnet/)
  await expect(modal).toBeVisible()
  await expect(modal.getByRole('heading', { name: 'Switch Network' })).toBeVisible()
  await expect(modal.getByRole('button', { name: 'Back' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /Unsupported chain/ })).toBeVisible()
  await expect(demo.state('network')).toHaveText('unsupported')

  // Switch back from the UnsupportedChain view.
  await modal.getByRole('button', { name: 'Latch Devnet A' }).click()
  await expect(modal).toBeHidden()
  await expect(demo.state('network')).toHaveText('eip155:31337')
  await expect.poll(() => demo.walletChainId()).toBe('0x7a69')
  await panel.getByRole('button', { name: 'Close' }).click()

  // Reload: the connection comes back without a prompt.
  await page.reload()
  await expect(demo.state('status')).toHaveText('connected')
  await expect(demo.state('address')).toHaveText(account0)
  await expect(demo.accountButton).toContainText(`${groupDigits(expectedA)} ETH`)
  await expect(demo.prompt).toHaveCount(0)

  // Disconnect returns to Connect.
  await demo.accountButton.click()
  await modal.getByRole('button', { name: 'Disconnect' }).click()
  await expect(demo.state('status')).toHaveText('disconnected')
  await expect(demo.connectButton).toBeVisible()
  await demo.connectButton.click()
  await expect(modal.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()
})

test('a declined connect shows the declined state, and retry connects', async ({ demo }) => {
  await demo.goto()
  await demo.connectButton.click()
  await demo.modal.getByRole('button', { name: /Latch Dev Wallet/ }).click()
  await demo.prompt.getByRole('button', { name: 'Reject' }).click()
  await expect(demo.modal.getByText('Connection declined')).toBeVisible()
  await expect(demo.state('status')).toHaveText('disconnected')

  await demo.modal.getByRole('button', { name: 'Try again' }).click()
  await demo.prompt.getByRole('button', { name: 'Approve' }).click()
  await expect(demo.state('status')).toHaveText('connected')
  await expect(demo.modal).toBeHidden()
})

test('keyboard only: Tab reaches every control, Esc closes, focus returns to the button', async ({
  demo,
  page,
}) => {
  await demo.goto()
  await demo.connectButton.focus()
  await page.keyboard.press('Enter')
  await expect(demo.modal).toBeVisible()
  await expect(demo.modal.getByRole('button', { name: /Latch Dev Wallet/ })).toBeVisible()
  // The directory's rows have arrived too (the All Wallets row shows its count): the list is complete.
  await expect(demo.modal.getByRole('button', { name: /^All Wallets \d+$/ })).toBeVisible()

  // Tab cycles inside the dialog and reaches each of its controls.
  const controls = await demo.modal.locator('button:not([disabled]), a[href], input').count()
  const reached = new Set<string>()
  for (let i = 0; i < controls + 2; i++) {
    await page.keyboard.press('Tab')
    const inside = await demo.modal.evaluate((dialog) => dialog.contains(document.activeElement))
    if (inside)
      reached.add(
        await page.evaluate(
          () =>
            document.activeElement?.textContent || document.activeElement?.getAttribute('aria-label') || '',
        ),
      )
  }
  for (const name of ['Close', 'Latch Dev Wallet', 'All Wallets']) {
    expect(
      [...reached].some((text) => text.includes(name)),
      `Tab reaches ${name}`,
    ).toBe(true)
  }

  await page.keyboard.press('Escape')
  await expect(demo.modal).toBeHidden()
  await expect(demo.connectButton).toBeFocused()

  // Keyboard-only connect.
  await page.keyboard.press('Enter')
  await expect(demo.modal).toBeVisible()
  const row = demo.modal.getByRole('button', { name: /Latch Dev Wallet/ })
  await row.focus()
  await page.keyboard.press('Enter')
  await demo.prompt.getByRole('button', { name: 'Approve' }).focus()
  await page.keyboard.press('Enter')
  await expect(demo.state('status')).toHaveText('connected')
})

test('legalCheckbox: no wallet can be chosen before the terms are agreed to; agreed stays agreed', async ({
  demo,
  page,
}) => {
  // The checkbox is its own chunk: when its request fails, the view offers to try again and shows no wallet that
  // could be chosen without the terms. (Chromium 150 keeps a module whose fetch failed failed for the page's life, so
  // Try again cannot fetch it again: the test goes on from a new page load.)
  const legalChunk = /\/assets\/LegalCheckbox-[^/]+\.js$/
  await page.route(legalChunk, (route) => route.abort())
  await demo.goto('&legal=1')
  await demo.connectButton.click()
  const modal = demo.modal
  await expect(modal.getByRole('button', { name: 'Try again' })).toBeVisible()
  await expect(modal.getByRole('button', { name: /Latch Dev Wallet/ })).toHaveCount(0)
  await page.unroute(legalChunk)
  await page.reload()
  await demo.connectButton.click()

  const agree = modal.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' })
  await expect(agree).not.toBeChecked()
  const origin = new URL(page.url()).origin
  await expect(modal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'href',
    `${origin}/terms`,
  )
  await expect(modal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    `${origin}/privacy`,
  )
  const devWallet = modal.getByRole('button', { name: /Latch Dev Wallet/ })
  await expect(devWallet).toBeDisabled()
  await expect(modal.getByRole('button', { name: /^All Wallets/ })).toBeDisabled()
  for (const theme of ['dark', 'light']) {
    if (theme === 'light') {
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'Light theme' }).click()
      await demo.connectButton.click()
    }
    await expectNoAxeViolations(page, `Connect with legalCheckbox (${theme})`, 'dialog.latch-dialog')
    await expectSoundLayout(page, `Connect with legalCheckbox (${theme})`)
  }

  await agree.check()
  await devWallet.click()
  await demo.prompt.getByRole('button', { name: 'Approve' }).click()
  await expect(demo.state('status')).toHaveText('connected')

  // Agreed once, agreed while the page lives.
  await demo.accountButton.click()
  await modal.getByRole('button', { name: 'Disconnect' }).click()
  await expect(demo.state('status')).toHaveText('disconnected')
  await demo.connectButton.click()
  await expect(agree).toBeChecked()
  await expect(devWallet).toBeEnabled()
})
