import { devnetBlockchainConfig, type LatchServer, meldOnrampProvider, startServer } from '@latch/server'
import type { Page } from '@playwright/test'
import { createPublicClient, http, parseEther } from 'viem'
import { expectNoAxeViolations } from './support/axe.ts'
import { type DemoPage, expect, test } from './support/fixtures.ts'
import { expectFreshNumbers } from './support/fresh.ts'

// Buying through the server's sandbox on-ramp, on the worker's devnet: its checkout page pays with a test card and
// the devnet's funded payer delivers for real. The dev wallet's account 1 buys; no other spec signs with it, and the
// balance is compared before and after.

const ACCOUNT = '&account=1'

/** Opens Buy from the Account view, its quote from the sandbox in. */
async function openBuy(demo: DemoPage, extra = ACCOUNT) {
  await demo.goto(extra)
  await demo.connectDevWallet()
  await demo.accountButton.click()
  await demo.modal.getByRole('button', { name: 'Buy' }).click()
  await expect(demo.modal.getByRole('heading', { name: 'Buy' })).toBeVisible()
}

/** What the checkout's own Content-Security-Policy blocked, as Chromium reports it: nothing, or the test fails. */
const checkoutViolations: string[] = []
test.afterEach(() => {
  expect(checkoutViolations, 'the checkout page’s CSP violations').toEqual([])
  checkoutViolations.length = 0
})

/** Continue, and the checkout's window it opens (its CSP watched). */
async function continueToCheckout(page: Page, modal: DemoPage['modal']) {
  const opened = page.waitForEvent('popup')
  await modal.getByRole('button', { name: 'Continue' }).click()
  const popup = await opened
  popup.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) checkoutViolations.push(message.text())
  })
  await expect(popup.getByRole('heading', { name: /^Buy / })).toBeVisible()
  // Served under its own policy: no script, its style sheet by hash, forms posted to itself only.
  const policy = (await popup.request.get(popup.url())).headers()['content-security-policy']
  expect(policy).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; img-src 'self'; form-action 'self'/)
  return popup
}

/** The checkout's card form, filled and paid. */
async function pay(popup: Page, card: string) {
  await popup.getByRole('textbox', { name: 'Card number' }).fill(card)
  await popup.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/40')
  await popup.getByRole('textbox', { name: 'Security code' }).fill('123')
  await popup.getByRole('button', { name: /^Pay / }).click()
}

test.describe('Buy from the Account view', () => {
  test('100 USD of ETH on Devnet A through the sandbox: checkout, test card, delivered for the quoted amount, in Activity', {
    tag: ['@csp', '@dev'],
  }, async ({ demo, devnet, page }) => {
    test.setTimeout(120_000)
    await openBuy(demo)
    const modal = demo.modal
    // 100 USD by default, ETH (sold on this network), the sandbox with its 1 % fee.
    await expect(modal.getByRole('button', { name: '100', pressed: true })).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Receive ETH. Change token' })).toBeVisible()
    await expect(modal.getByRole('radio', { name: 'Latch Sandbox' })).toBeChecked()
    await expect(modal.getByText('Fee 1.00 USD')).toBeVisible()
    const quote = modal.getByTestId('latch-buy-quote')
    await expect(quote).toContainText('Purchase amount0.03283333 ETH')
    await expect(quote).toContainText('Network fee0.50 USD')
    await expect(quote).toContainText('Total100.00 USD')
    await expect(modal.getByTestId('latch-buy-receive')).toHaveText('0.03283333')

    const address = (await demo.state('address').textContent()) as `0x${string}`
    const chain = createPublicClient({ transport: http(devnet.rpcA), cacheTime: 0 })
    const before = await chain.getBalance({ address })

    const popup = await continueToCheckout(page, modal)
    await expect(modal.getByRole('heading', { name: 'Buy in Progress' })).toBeVisible()
    await expect(modal.getByText('Buy in progress', { exact: true })).toBeVisible()
    // The checkout shows the order as quoted, and passes axe (a page of the server's, under its own CSP).
    for (const shown of ['100.00 USD', '1.00 USD', '0.50 USD', '0.03283333 ETH', 'Latch Devnet A', address])
      await expect(popup.locator('dl')).toContainText(shown)
    await expectNoAxeViolations(popup, 'the sandbox checkout', 'main')
    await pay(popup, '4242 4242 4242 4242')
    await expect(popup.getByRole('heading', { name: 'Purchase complete' })).toBeVisible({ timeout: 30_000 })

    // Followed in the on-ramp's history: done, the balances read afresh, back to Account.
    await expect(page.getByText('Bought 0.03283333 ETH')).toBeVisible({ timeout: 20_000 })
    await expect(modal.getByRole('heading', { name: 'Account' })).toBeVisible()
    expect((await chain.getBalance({ address })) - before).toBe(parseEther('0.03283333'))
    // The header's and the Account view's balance, and the ETH row, show what arrived at once.
    await expectFreshNumbers(demo, {
      value: await chain.getBalance({ address }),
      decimals: 18,
      symbol: 'ETH',
    })

    // The delivery is in Activity, as ETH received.
    await modal.getByRole('tab', { name: 'Activity' }).click()
    const activity = modal.getByRole('region', { name: 'Activity' })
    await expect(activity.getByRole('listitem').filter({ hasText: /Received\s*\+0\.032 ETH/ })).toBeVisible({
      timeout: 45_000,
    })
  })

  test('a declined card → Buy failed, with Try again and the link; the checkout closed before paying → Buy failed', async ({
    demo,
    page,
  }) => {
    test.setTimeout(120_000)
    await openBuy(demo)
    const modal = demo.modal
    const popup = await continueToCheckout(page, modal)
    await pay(popup, '4000 0000 0000 0002')
    await expect(popup.getByRole('alert')).toContainText('Your card was declined')
    await expect(modal.getByRole('alert')).toContainText('Buy failed', { timeout: 20_000 })
    await expect(modal.getByText('The payment failed')).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Copy link' })).toBeVisible()
    // The modal's title says so too (not 'Buy in Progress').
    await expect(modal.getByRole('heading', { name: 'Buy Failed' })).toBeVisible()

    // Try again: a new checkout, which the visitor closes without paying.
    const again = page.waitForEvent('popup')
    await modal.getByRole('button', { name: 'Try again' }).click()
    const second = await again
    await expect(second.getByRole('heading', { name: /^Buy / })).toBeVisible()
    await expect(modal.getByText('Buy in progress', { exact: true })).toBeVisible()
    await expect(modal.getByRole('heading', { name: 'Buy in Progress' })).toBeVisible()
    // The modal looks at the window twice a second: once it has seen it open, the visitor closes it.
    await second.waitForTimeout(1000)
    await second.close()
    await expect(modal.getByText('The checkout was closed before paying')).toBeVisible({ timeout: 20_000 })
    await expect(modal.getByRole('button', { name: 'Try again' })).toBeVisible()
  })

  test.describe('when no provider answers', () => {
    let server: LatchServer
    test.beforeAll(async ({ devnet }) => {
      // The sandbox off, and Meld's API where nothing listens: SPEC §8's sample options and mock quote.
      server = await startServer({
        port: 0,
        dataDir: 'memory',
        logger: false,
        index: false,
        blockchain: {
          ...devnetBlockchainConfig({ rpcA: devnet.rpcA, rpcB: devnet.rpcB }),
          onramp: {
            providers: [meldOnrampProvider({ apiKey: 'k', publicKey: 'p', apiUrl: 'http://127.0.0.1:9' })],
          },
        },
      })
    })
    test.afterAll(() => server?.close())

    test('the sample options and an estimate, shown as such; Continue says the provider could not open a checkout', async ({
      demo,
    }) => {
      await openBuy(demo, `${ACCOUNT}&api=${encodeURIComponent(server.url)}`)
      const modal = demo.modal
      await expect(modal.getByRole('note')).toHaveText('Estimates: no provider answered')
      await expect(modal.getByRole('radio', { name: 'Meld' })).toBeChecked()
      // Nothing of the sample is sold on Devnet A: every token is offered, USDC first.
      await expect(modal.getByRole('button', { name: 'Receive USDC. Change token' })).toBeVisible()
      await expect(modal.getByTestId('latch-buy-quote')).toContainText('Purchase amount100 USDC')
      await modal.getByRole('button', { name: 'Continue' }).click()
      await expect(modal.getByRole('alert')).toHaveText('Meld could not open a checkout. Try again.')
    })
  })
})
