import { floorBalance } from '@latch/core'
import { anvilAddresses, anvilPrivateKeys, testTokenAddresses } from '@latch/devnet'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from './support/fixtures.ts'
import { expectFreshNumbers, FRESH_MS } from './support/fresh.ts'

// The server and the chains are the worker's, shared by every test it runs: flows that change what an account
// shows (a transfer, a name) use accounts of their own (the demo's `?account=`), so account 0 stays as other
// specs expect it.

test.describe('Account data from the Latch server on the devnet', () => {
  test('the dev wallet’s balance and test tokens show, the 0-decimal one too, amounts grouped by thousands', async ({
    demo,
  }) => {
    await demo.goto()
    await demo.connectDevWallet()
    await demo.accountButton.click()
    const tokens = demo.modal.getByRole('region', { name: 'Tokens' })
    const rows = tokens.getByTestId('latch-token')
    await expect(rows.filter({ hasText: 'LUSD' })).toContainText('Latch USD')
    await expect(rows.filter({ hasText: 'LTK' })).toContainText('Latch Token')
    await expect(rows.filter({ hasText: 'ETH' })).toBeVisible()
    // Anvil funds each account with 10,000 of every test token. LPT has 0 decimals: listed, as Activity lists it.
    await expect(rows.filter({ hasText: 'LUSD' })).toContainText('10,000')
    await expect(rows.filter({ hasText: 'LPT' })).toContainText('10,000')
    await expect(rows).toHaveCount(4)
    // The balance reads as Activity's amounts do: thousands grouped, in the header and in the Account view.
    await expect(demo.modal.getByTestId('latch-account-balance')).toHaveText(/^\d{1,3}(,\d{3})+(\.\d+)? ETH$/)
    await expect(demo.accountButton).toContainText(/\d,\d{3}/)
  })

  test('a transfer made on chain appears in Activity at the next refresh (30 s), under the current month', async ({
    demo,
    devnet,
  }) => {
    test.setTimeout(90_000)
    await demo.goto('&account=8')
    await demo.connectDevWallet()

    // The Activity tab is open when the transfer happens: it shows up without the visitor doing anything.
    await demo.accountButton.click()
    await demo.modal.getByRole('tab', { name: 'Activity' }).click()
    const activity = demo.modal.getByRole('region', { name: 'Activity' })
    await expect(activity).toHaveAttribute('aria-busy', 'false')
    // Anvil account 3 sends the dev wallet (account 8) 1.5 LUSD on Devnet A, outside the modal.
    const chain = defineChain({
      id: 31337,
      name: 'Latch Devnet A',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [devnet.rpcA] } },
    })
    const sender = createWalletClient({
      account: privateKeyToAccount(anvilPrivateKeys[3]!),
      chain,
      transport: http(),
    })
    const hash = await sender.writeContract({
      address: testTokenAddresses.LUSD,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [anvilAddresses[8], parseUnits('1.5', 6)],
    })
    // And 0.5 ETH: the header's balance, which nothing else reads again within its 30 s, must follow.
    await sender.sendTransaction({ to: anvilAddresses[8]!, value: parseEther('0.5') })
    const reader = createPublicClient({ chain, transport: http() })

    const month = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(new Date())
    const row = activity.getByRole('region', { name: month }).locator(`[data-hash="${hash}"]`)
    // Nothing the visitor sent is pending, so the list is asked again when the 30 s portfolio cache expires.
    await expect(row).toBeVisible({ timeout: 45_000 })
    await expect(row).toContainText('Received')
    await expect(row).toContainText('+1.5 LUSD')
    // What the indexer saw moves the balance and the tokens too, at once (not at their 30 s cache's end): the
    // readout's balance (the account state, which only a read of the chain changes) while Activity is still shown.
    await expect(activity.locator('[data-hash]').filter({ hasText: '+0.5 ETH' })).toBeVisible()
    await expect(demo.state('balance')).toHaveText(
      `${floorBalance(await reader.getBalance({ address: anvilAddresses[8]! }), 18)} ETH`,
      { timeout: FRESH_MS },
    )
    await demo.modal.getByRole('tab', { name: 'Tokens' }).click()
    const held = await reader.readContract({
      address: testTokenAddresses.LUSD,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [anvilAddresses[8]!],
    })
    await expectFreshNumbers(
      demo,
      { value: await reader.getBalance({ address: anvilAddresses[8]! }), decimals: 18, symbol: 'ETH' },
      { LUSD: { value: held, decimals: 6 } },
    )
  })

  test('the wallet features under the balance follow walletFeaturesOrder', async ({ demo }) => {
    await demo.goto()
    await demo.connectDevWallet()
    await demo.accountButton.click()
    const features = demo.modal.locator('.latch-features').getByRole('button')
    // SPEC §1's order (onramp, swaps, receive, send): Devnet A is an on-ramp chain (eip155) and swaps.
    await expect(features).toHaveText(['Buy', 'Swap', 'Receive', 'Send'])

    // The app's own order; the wallet reconnects on the new page.
    await demo.goto('&walletFeatures=send,receive')
    await demo.accountButton.click()
    await expect(features).toHaveText(['Send', 'Receive'])
    await features.filter({ hasText: 'Receive' }).click()
    await expect(demo.modal.locator('.latch-modal')).toHaveAttribute('data-view', 'WalletReceive')
  })

  test('network images come from the Latch server (/public/getAssetImage/eip155-<chain id>)', async ({
    demo,
  }) => {
    await demo.goto()
    await demo.connectDevWallet()
    await demo.accountButton.click()
    await demo.modal.getByRole('button', { name: 'Latch Devnet A' }).click()
    const images = demo.modal.getByRole('list', { name: 'Networks' }).locator('img')
    await expect(images).toHaveCount(6)
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('src', /\/public\/getAssetImage\/eip155-\d+$/)
      // Loaded, not broken: the server has every one of the demo's networks.
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0)
    }
  })

  test('a registered name replaces the shortened address', async ({ demo }) => {
    const label = `e2e-${Date.now().toString(36)}${test.info().workerIndex}`
    await demo.goto('&account=9')
    await demo.connectDevWallet()
    await expect(demo.accountButton).toContainText('0xa0Ee…9720')
    await demo.accountButton.click()
    await demo.modal.getByRole('button', { name: 'Choose a name' }).click()
    await demo.modal.getByRole('textbox', { name: 'Name' }).fill(label)
    await expect(demo.modal.getByText(`${label}.latch.id is available`)).toBeVisible()
    await demo.modal.getByRole('button', { name: 'Register' }).click()
    // The dev wallet asks before it signs the registration message.
    await demo.prompt.getByRole('button', { name: 'Approve' }).click()

    await expect(demo.modal.getByTestId('latch-account-address')).toHaveText(`${label}.latch.id`)
    await expect(demo.accountButton).toContainText(`${label}.latch.id`)
    await expect(demo.accountButton).not.toContainText('0xa0Ee…9720')
    // Still there after a reload: the name comes from the server.
    await demo.page.reload()
    await expect(demo.accountButton).toContainText(`${label}.latch.id`)
  })
})
