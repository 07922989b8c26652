import { anvilAddresses, testTokenAddresses } from '@latch/devnet'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from './support/fixtures.ts'
import { expectFreshNumbers, FRESH_MS } from './support/fresh.ts'

// Each test sends from a dev-wallet account of its own (`?account=`), so the worker's shared chain keeps what
// other specs expect of accounts 0, 8 and 9. Receivers are fresh addresses: their balances change by exactly
// what was sent.

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

test.describe('Send from the Account view', () => {
  test('sends ETH, then LUSD; the receiver’s on-chain balances change by exactly the amounts', {
    tag: '@dev',
  }, async ({ demo, devnet }) => {
    const chain = createPublicClient({ transport: http(devnet.rpcA), cacheTime: 0 })
    const receiver = freshAddress()
    await demo.goto('&account=5')
    await demo.connectDevWallet()
    await demo.accountButton.click()
    const modal = demo.modal

    // ETH: chosen by default.
    await modal.getByRole('button', { name: 'Send' }).click()
    await expect(modal.getByRole('heading', { name: 'Send' })).toBeVisible()
    await expect(modal.getByRole('button', { name: /Token: ETH/ })).toBeVisible()
    await modal.getByRole('textbox', { name: 'Amount' }).fill('1.25')
    await expect(modal.getByRole('button', { name: 'Add Address' })).toBeDisabled()
    await modal.getByRole('textbox', { name: 'To' }).fill(receiver)
    await modal.getByRole('button', { name: 'Preview Send' }).click()
    await expect(modal.getByTestId('latch-send-total')).toContainText('1.25 ETH')
    await modal.getByRole('button', { name: 'Send', exact: true }).click()
    await demo.prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(demo.page.getByText('Transaction started')).toBeVisible()
    await expect(modal.getByRole('heading', { name: 'Account' })).toBeVisible()
    await expect.poll(() => chain.getBalance({ address: receiver })).toBe(parseEther('1.25'))
    // Within a second or two of its receipt the balance and the token rows are the chain's, not the 30 s cache's.
    const sender = anvilAddresses[5]!
    const eth = () => chain.getBalance({ address: sender })
    await expectFreshNumbers(demo, { value: await eth(), decimals: 18, symbol: 'ETH' })

    // LUSD: picked from the token list.
    await modal.getByRole('button', { name: 'Send' }).click()
    await modal.getByRole('button', { name: /Token: ETH/ }).click()
    await expect(modal.getByRole('heading', { name: 'Select Token' })).toBeVisible()
    await modal.getByRole('searchbox', { name: 'Search tokens' }).fill('usd')
    await expect(modal.getByRole('list', { name: 'Your tokens' }).getByRole('button')).toHaveCount(1)
    await modal.getByRole('button', { name: /LUSD/ }).click()
    await expect(modal.getByRole('button', { name: /Token: LUSD/ })).toBeVisible()
    await modal.getByRole('textbox', { name: 'Amount' }).fill('12.345678')
    await modal.getByRole('textbox', { name: 'To' }).fill(receiver)
    await modal.getByRole('button', { name: 'Preview Send' }).click()
    await modal.getByRole('button', { name: 'Send', exact: true }).click()
    await demo.prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(demo.page.getByText('Transaction started')).toBeVisible()
    const lusd = () =>
      chain.readContract({
        address: testTokenAddresses.LUSD,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [receiver],
      })
    await expect.poll(lusd).toBe(parseUnits('12.345678', 6))
    const sent = await chain.readContract({
      address: testTokenAddresses.LUSD,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [sender],
    })
    await expectFreshNumbers(
      demo,
      { value: await eth(), decimals: 18, symbol: 'ETH' },
      { LUSD: { value: sent, decimals: 6 } },
    )
    // And Activity lists both, mined (the indexer's), as soon as it is opened.
    await modal.getByRole('tab', { name: 'Activity' }).click()
    const month = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(new Date())
    const mined = modal.getByRole('region', { name: 'Activity' }).getByRole('region', { name: month })
    await expect(mined.locator('[data-hash]').filter({ hasText: '-12.345 LUSD' })).toBeVisible({
      timeout: FRESH_MS,
    })
    await expect(mined.locator('[data-hash]').filter({ hasText: '-1.25 ETH' })).toBeVisible()
  })

  test('a declined signature shows the declined state; trying again sends', async ({ demo, devnet }) => {
    const chain = createPublicClient({ transport: http(devnet.rpcA), cacheTime: 0 })
    const receiver = freshAddress()
    await demo.goto('&account=6')
    await demo.connectDevWallet()
    await demo.accountButton.click()
    const modal = demo.modal
    await modal.getByRole('button', { name: 'Send' }).click()
    await modal.getByRole('textbox', { name: 'Amount' }).fill('0.5')
    await modal.getByRole('textbox', { name: 'To' }).fill(receiver)
    await modal.getByRole('button', { name: 'Preview Send' }).click()
    await modal.getByRole('button', { name: 'Send', exact: true }).click()
    await demo.prompt.getByRole('button', { name: 'Reject' }).click()
    await expect(modal.getByRole('alert')).toHaveText('Transaction declined')
    expect(await chain.getBalance({ address: receiver })).toBe(0n)

    await modal.getByRole('button', { name: 'Try again' }).click()
    await demo.prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(demo.page.getByText('Transaction started')).toBeVisible()
    await expect.poll(() => chain.getBalance({ address: receiver })).toBe(parseEther('0.5'))
  })

  test('an account without ETH for gas is stopped before anything is signed', async ({ demo, devnet }) => {
    const chain = createPublicClient({ transport: http(devnet.rpcA), cacheTime: 0 })
    // Account 7 keeps its LUSD but has no ETH left to pay for gas.
    await chain.request({ method: 'anvil_setBalance' as never, params: [anvilAddresses[7], '0x0'] as never })
    await demo.goto('&account=7')
    await demo.connectDevWallet()
    await demo.accountButton.click()
    const modal = demo.modal
    await modal.getByRole('button', { name: 'Send' }).click()
    // With no ETH, the account's token list has none to choose by default.
    await modal.getByRole('button', { name: 'Select token', exact: true }).click()
    await modal.getByRole('button', { name: /LUSD/ }).click()
    await modal.getByRole('textbox', { name: 'Amount' }).fill('1')
    await modal.getByRole('textbox', { name: 'To' }).fill(freshAddress())
    const blocked = modal.getByRole('button', { name: 'Not enough ETH for gas' })
    await expect(blocked).toBeVisible()
    await expect(blocked).toBeDisabled()
    await expect(demo.prompt).toBeHidden()
  })
})
