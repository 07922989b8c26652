import { exchangeAddresses, testTokenAddresses } from '@latch/devnet'
import type { Page } from '@playwright/test'
import { createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { expect, test } from './support/fixtures.ts'
import { expectFreshNumbers } from './support/fresh.ts'

// Swaps on the worker's devnet exchange (Uniswap V2), signed by the dev wallet's account 3, which no other spec
// signs with in the modal. Balances are compared before and after, so the chain's earlier history does not matter.

const lusdOf = (token: `0x${string}`, rpc: string, owner: `0x${string}`) =>
  createPublicClient({ transport: http(rpc), cacheTime: 0 }).readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

/** The amount the quote shows in the Swap view, once it is in. */
async function quoted(page: Page): Promise<number> {
  const receive = page.getByTestId('latch-swap-receive')
  await expect(receive).toHaveText(/^\d[\d.]*$/)
  await expect(receive).not.toHaveText('0')
  return Number(await receive.textContent())
}

test.describe('Swap from the Account view', () => {
  test('ETH → LUSD, then LUSD → LTK with an approval first; the balances move by the quotes; Activity shows them', {
    tag: '@dev',
  }, async ({ demo, devnet }) => {
    test.setTimeout(120_000)
    await demo.goto('&account=3')
    await demo.connectDevWallet()
    const address = (await demo.state('address').textContent()) as `0x${string}`
    await demo.accountButton.click()
    const modal = demo.modal

    // ETH, chosen to pay with by default, into LUSD.
    await modal.getByRole('button', { name: 'Swap' }).click()
    await expect(modal.getByRole('heading', { name: 'Swap' })).toBeVisible()
    await expect(modal.getByRole('button', { name: /Pay with ETH/ })).toBeVisible()
    await modal.getByRole('textbox', { name: 'You pay' }).fill('0.5')
    await modal.getByRole('button', { name: 'Select token to receive' }).click()
    await expect(modal.getByRole('heading', { name: 'Select Token' })).toBeVisible()
    await modal.getByRole('list', { name: 'Tokens to receive' }).getByRole('button', { name: /LUSD/ }).click()
    const lusdQuote = await quoted(demo.page)
    // 0.5 ETH at 3,000 USD in a pool of 100 ETH: about 1,490 LUSD.
    expect(lusdQuote).toBeGreaterThan(1400)
    const details = modal.getByTestId('latch-swap-details')
    await expect(details).toContainText('1 ETH =')
    await expect(details).toContainText('Minimum received')
    await expect(details).toContainText('Network fee')
    const lusdBefore = await lusdOf(testTokenAddresses.LUSD, devnet.rpcA, address)
    await modal.getByRole('button', { name: 'Review Swap' }).click()
    await expect(modal.getByRole('heading', { name: 'Review Swap' })).toBeVisible()
    await expect(modal.getByTestId('latch-swap-pay')).toContainText('0.5 ETH')
    await modal.getByRole('button', { name: 'Swap', exact: true }).click()
    await demo.prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(demo.page.getByText(/^Swapped 0.5 ETH to [\d.]+ LUSD$/)).toBeVisible()
    await expect(modal.getByRole('heading', { name: 'Account' })).toBeVisible()
    await expect
      .poll(
        async () => Number(await lusdOf(testTokenAddresses.LUSD, devnet.rpcA, address)) - Number(lusdBefore),
      )
      .toBeGreaterThan(0)
    const gotLusd = Number((await lusdOf(testTokenAddresses.LUSD, devnet.rpcA, address)) - lusdBefore) / 1e6
    expect(Math.abs(gotLusd - lusdQuote) / lusdQuote).toBeLessThan(0.01)
    // The balance and both rows show the swap's outcome at once.
    const chain = createPublicClient({ transport: http(devnet.rpcA), cacheTime: 0 })
    await expectFreshNumbers(
      demo,
      { value: await chain.getBalance({ address }), decimals: 18, symbol: 'ETH' },
      { LUSD: { value: await lusdOf(testTokenAddresses.LUSD, devnet.rpcA, address), decimals: 6 } },
    )

    // LUSD into LTK: the router may not move LUSD yet, so the wallet approves first, then swaps.
    await modal.getByRole('button', { name: 'Swap' }).click()
    await modal.getByRole('button', { name: /Pay with ETH/ }).click()
    await modal
      .getByRole('list', { name: 'Tokens to pay with' })
      .getByRole('button', { name: /LUSD/ })
      .click()
    await modal.getByRole('textbox', { name: 'You pay' }).fill('100')
    // LUSD was the token received: choosing it to pay with switches the two.
    await modal.getByRole('button', { name: /Receive ETH/ }).click()
    await modal.getByRole('list', { name: 'Tokens to receive' }).getByRole('button', { name: /LTK/ }).click()
    const ltkQuote = await quoted(demo.page)
    const ltkBefore = await lusdOf(testTokenAddresses.LTK, devnet.rpcA, address)
    await modal.getByRole('button', { name: 'Review Swap' }).click()
    await modal.getByRole('button', { name: 'Swap', exact: true }).click()
    await expect(demo.page.getByText('Approve limit increase in your wallet')).toBeVisible()
    await demo.prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(demo.page.getByText('Confirm transaction in your wallet')).toBeVisible()
    await demo.prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(demo.page.getByText(/^Swapped 100 LUSD to [\d.]+ LTK$/)).toBeVisible()
    await expect
      .poll(async () => (await lusdOf(testTokenAddresses.LTK, devnet.rpcA, address)) > ltkBefore)
      .toBe(true)
    const gotLtk = Number((await lusdOf(testTokenAddresses.LTK, devnet.rpcA, address)) - ltkBefore) / 1e18
    expect(Math.abs(gotLtk - ltkQuote) / ltkQuote).toBeLessThan(0.01)

    // Both swaps in Activity, as swaps.
    await modal.getByRole('tab', { name: 'Activity' }).click()
    const activity = modal.getByRole('region', { name: 'Activity' })
    await expect(activity.getByText('Swapped')).toHaveCount(2, { timeout: 45_000 })
    await expect(activity).toContainText('LTK')
  })

  test('a decline, an amount above the balance and one above the pool: each says so and nothing is sent', {
    tag: '@csp',
  }, async ({ demo, devnet }) => {
    await demo.goto('&account=3')
    await demo.connectDevWallet()
    const address = (await demo.state('address').textContent()) as `0x${string}`
    await demo.accountButton.click()
    const modal = demo.modal
    await modal.getByRole('button', { name: 'Swap' }).click()
    await modal.getByRole('button', { name: 'Select token to receive' }).click()
    await modal.getByRole('button', { name: /LUSD/ }).click()

    // More ETH than the account holds (10,000), then more than the pool can give for.
    const pay = modal.getByRole('textbox', { name: 'You pay' })
    await pay.fill('20000')
    await expect(modal.getByRole('button', { name: 'Insufficient balance' })).toBeDisabled()
    await pay.fill('1.2.3')
    await expect(modal.getByRole('button', { name: 'Incorrect amount' })).toBeDisabled()
    await pay.fill('150')
    await expect(modal.getByRole('button', { name: 'Insufficient liquidity' })).toBeDisabled()
    // Within the pool but moving its price far: refused too.
    await pay.fill('90')
    await expect(modal.getByRole('button', { name: 'Price impact too high' })).toBeDisabled()

    // Declined in the wallet: the review says so, and offers to try again.
    await pay.fill('0.1')
    await quoted(demo.page)
    const before = await lusdOf(testTokenAddresses.LUSD, devnet.rpcA, address)
    await modal.getByRole('button', { name: 'Review Swap' }).click()
    await modal.getByRole('button', { name: 'Swap', exact: true }).click()
    await demo.prompt.getByRole('button', { name: 'Reject' }).click()
    await expect(modal.getByRole('alert')).toHaveText('Transaction declined')
    await expect(modal.getByRole('button', { name: 'Try again' })).toBeEnabled()
    expect(await lusdOf(testTokenAddresses.LUSD, devnet.rpcA, address)).toBe(before)
    await expect(demo.prompt).toBeHidden()

    // LUSD into LTK, declined at the approval: nothing approved, nothing swapped.
    await modal.getByRole('button', { name: 'Cancel' }).click()
    await modal.getByRole('button', { name: /Pay with ETH/ }).click()
    await modal
      .getByRole('list', { name: 'Tokens to pay with' })
      .getByRole('button', { name: /LUSD/ })
      .click()
    await modal.getByRole('button', { name: /Receive ETH/ }).click()
    await modal.getByRole('list', { name: 'Tokens to receive' }).getByRole('button', { name: /LTK/ }).click()
    await pay.fill('1')
    await quoted(demo.page)
    await modal.getByRole('button', { name: 'Review Swap' }).click()
    await modal.getByRole('button', { name: 'Swap', exact: true }).click()
    await expect(demo.page.getByText('Approve limit increase in your wallet')).toBeVisible()
    await demo.prompt.getByRole('button', { name: 'Reject' }).click()
    await expect(modal.getByRole('alert')).toHaveText('Transaction declined')
    const allowance = createPublicClient({ transport: http(devnet.rpcA), cacheTime: 0 }).readContract({
      address: testTokenAddresses.LUSD,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [address, exchangeAddresses.router],
    })
    expect(await allowance).toBe(0n)
    expect(await lusdOf(testTokenAddresses.LUSD, devnet.rpcA, address)).toBe(before)
  })

  test('no Swap on a network swaps are not offered on; the API answers as SPEC §8 says', async ({
    demo,
    latchServer,
  }) => {
    await demo.goto()
    await demo.connectDevWallet()
    await demo.accountButton.click()
    const modal = demo.modal
    await expect(modal.getByRole('button', { name: 'Swap' })).toBeVisible()
    // The Account view asks the server for the network's swap tokens: none on Devnet B.
    const asked = demo.page.waitForResponse((response) =>
      /\/v1\/convert\/tokens\?.*eip155%3A31338/.test(response.url()),
    )
    await modal.getByRole('button', { name: 'Latch Devnet A' }).click()
    await modal.getByRole('button', { name: 'Latch Devnet B' }).click()
    await expect(modal.getByRole('heading', { name: 'Account' })).toBeVisible()
    expect(await (await asked).json()).toEqual({ tokens: [] })
    await expect(modal.getByRole('button', { name: 'Send' })).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Swap' })).toHaveCount(0)

    const off = 'eip155:31338'
    const ask = (path: string) => demo.page.request.get(`${latchServer.url}/v1/convert/${path}`)
    expect(await (await ask(`tokens?chainId=${off}`)).json()).toEqual({ tokens: [] })
    expect(
      await (
        await ask(
          `allowance?tokenAddress=${off}:${testTokenAddresses.LUSD}&userAddress=${off}:${testTokenAddresses.LUSD}`,
        )
      ).json(),
    ).toEqual({ allowance: '0' })
    const gas = await ask(`gas-price?chainId=${off}`)
    expect(gas.status()).toBe(400)
    expect((await gas.json()).reasons[0].description).toBe('Network not supported for Gas Price')
    const amount = parseUnits('1', 18)
    const quotes = await ask(
      `quotes?amount=${amount}&from=${off}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee&to=${off}:${testTokenAddresses.LUSD}`,
    )
    expect(await quotes.json()).toEqual({ quotes: [] })
  })
})

test.describe('in a restricted time zone', () => {
  test.use({ timezoneId: 'Asia/Shanghai' })

  test('no Swap entry, Send and Receive as always', async ({ demo }) => {
    await demo.goto()
    await demo.connectDevWallet()
    await demo.accountButton.click()
    const modal = demo.modal
    await expect(modal.getByRole('button', { name: 'Send' })).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Receive' })).toBeVisible()
    expect(await demo.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      'Asia/Shanghai',
    )
    await expect(modal.getByRole('button', { name: 'Swap' })).toHaveCount(0)
  })
})
