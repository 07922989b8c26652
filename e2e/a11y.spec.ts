import type { Locator, Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe.ts'
import { type DemoPage, expect, test } from './support/fixtures.ts'
import { HOSTILE_ACCOUNT, hostileName, hostileToken, hostileWalletName } from './support/hostile.ts'
import { expectSoundLayout } from './support/layout.ts'
import { watchShakes } from './support/shake.ts'

const dialog = 'dialog.latch-dialog'

// Every view and state of the modal, audited twice: by axe (WCAG 2.x A/AA) and by the layout gate (nothing
// clipped, overflowing or too small at desktop and phone sizes; support/layout.ts), in both themes.
const auditor =
  (page: Page, theme: string) =>
  async (what: string, selector = dialog) => {
    await expectNoAxeViolations(page, `${what} (${theme})`, selector)
    await expectSoundLayout(page, `${what} (${theme})`)
  }

/** The demo page in `theme` (the page's own theme switch, as a visitor would use it). */
async function openInTheme(demo: DemoPage, theme: string, extra = '') {
  await demo.goto(extra)
  if (theme === 'light') await demo.page.getByRole('button', { name: 'Light theme' }).click()
}

for (const theme of ['dark', 'light'] as const) {
  test(`axe and the layout gate pass the Swap views, ${theme} theme`, async ({ demo, page }) => {
    test.setTimeout(180_000)
    const modal = demo.modal
    const audit = auditor(page, theme)
    await openInTheme(demo, theme, `&account=${HOSTILE_ACCOUNT}`)
    await demo.connectDevWallet()
    await demo.accountButton.click()
    await modal.getByRole('button', { name: 'Swap' }).click()
    await modal.getByRole('button', { name: 'Select token to receive' }).click()
    await expect(modal.getByRole('list', { name: 'Tokens to receive' })).toBeVisible()
    await audit('SwapSelectToken')
    await modal.getByRole('button', { name: /LUSD/ }).click()
    const pay = modal.getByRole('textbox', { name: 'You pay' })
    // 20 ETH in a pool of 100 moves its price by over 5 %: the impact shows as a warning.
    await pay.fill('20')
    await expect(modal.getByText(/^\d+\.\d\d % \(high\)$/)).toHaveClass('latch-swap-warning')
    await audit('Swap, a price impact warning')
    await pay.fill('0.01')
    await expect(modal.getByRole('button', { name: 'Review Swap' })).toBeEnabled()
    // One focus ring while typing: the box's, not the field's inside it too; none on the box around its token button.
    const outline = (element: Element) => getComputedStyle(element).outlineStyle
    const box = modal.locator('.latch-swap-box').first()
    await pay.focus()
    expect([await box.evaluate(outline), await pay.evaluate(outline)]).toEqual(['solid', 'none'])
    await box.getByRole('button').first().focus()
    expect(await box.evaluate(outline)).toBe('none')
    await audit('Swap, with a quote')
    await modal.getByRole('button', { name: 'Review Swap' }).click()
    await expect(modal.getByTestId('latch-swap-pay')).toContainText('0.01 ETH')
    await audit('SwapPreview')
  })
}

for (const theme of ['dark', 'light'] as const) {
  test(`axe and the layout gate pass the Solana account, its Activity and its Send view, ${theme} theme`, async ({
    demo,
    devnet,
    page,
  }) => {
    test.setTimeout(120_000)
    const modal = demo.modal
    const audit = auditor(page, theme)
    await openInTheme(demo, theme, `solana=${encodeURIComponent(devnet.solanaRpc)}&account=6&autoApprove=1`)
    await page.getByRole('button', { name: /switch network/ }).click()
    await audit('Networks, both namespaces')
    await modal.getByRole('button', { name: /Latch Solana Local/ }).click()
    await demo.connectButton.click()
    await audit('Connect, one row per wallet')
    await modal.getByRole('button', { name: /Latch Dev Wallet/ }).click()
    await expect(demo.state('caipAddress')).toHaveText(/^solana:/)
    await demo.accountButton.click()
    await expect(modal.getByRole('region', { name: 'Tokens' })).toContainText('LUSD-SOL')
    await audit('Account, a Solana account')
    await modal.getByRole('tab', { name: 'Activity' }).click()
    await expect(modal.getByRole('region', { name: 'Activity' })).toHaveAttribute('aria-busy', 'false')
    await audit('Activity, a Solana account')
    await modal.getByRole('button', { name: 'Send' }).click()
    await expect(
      modal.getByRole('button', { name: 'Please enter a valid amount and receiver address' }),
    ).toBeVisible()
    await audit('Send, Solana, missing values')
  })
}

for (const theme of ['dark', 'light'] as const) {
  test(`axe and the layout gate pass the Buy views, ${theme} theme`, async ({ demo, page }) => {
    test.setTimeout(180_000)
    const modal = demo.modal
    const audit = auditor(page, theme)
    await openInTheme(demo, theme, `&account=${HOSTILE_ACCOUNT}`)
    await demo.connectDevWallet()
    await demo.accountButton.click()
    await modal.getByRole('button', { name: 'Buy' }).click()
    await expect(modal.getByTestId('latch-buy-quote')).toContainText('Total')
    await audit('OnRampBuy, with a quote')
    await modal.getByRole('textbox', { name: 'You pay' }).fill('5')
    await expect(modal.getByRole('button', { name: 'Minimum is 10 USD' })).toBeDisabled()
    await audit('OnRampBuy, under the limit')
    await modal.getByRole('button', { name: 'Pay in USD. Change currency' }).click()
    await expect(modal.getByRole('list', { name: 'Currencies to pay in' })).toBeVisible()
    await audit('OnRampFiatSelect')
    await modal.getByRole('button', { name: 'Back' }).click()
    await modal.getByRole('button', { name: 'Receive ETH. Change token' }).click()
    await expect(modal.getByRole('list', { name: 'Tokens to buy' })).toBeVisible()
    await audit('OnRampTokenSelect')
    await modal.getByRole('button', { name: /LUSD/ }).click()
    await modal.getByRole('button', { name: 'What is Buy?' }).click()
    await expect(modal.getByRole('heading', { name: 'What is Buy?' })).toBeVisible()
    await audit('WhatIsABuy')
    await modal.getByRole('button', { name: 'Buy crypto' }).click()
    await modal.getByRole('button', { name: '250' }).click()
    await expect(modal.getByTestId('latch-buy-quote')).toContainText('247')
    const opened = page.waitForEvent('popup')
    await modal.getByRole('button', { name: 'Continue' }).click()
    const popup = await opened
    await expect(modal.getByText('Buy in progress', { exact: true })).toBeVisible()
    await audit('BuyInProgress')
    // Seen open by the modal (it looks twice a second), then closed by the visitor.
    await popup.waitForTimeout(1000)
    await popup.close()
    await expect(modal.getByRole('alert')).toContainText('Buy failed', { timeout: 20_000 })
    await audit('BuyInProgress, failed')
  })
}

for (const theme of ['dark', 'light'] as const) {
  test(`axe and the layout gate pass the wallet lists, ${theme} theme`, async ({ demo, page }) => {
    // Each view and state is audited by axe and measured at three sizes: minutes on a busy 2-core machine.
    test.setTimeout(180_000)
    const modal = demo.modal
    const audit = auditor(page, theme)

    await openInTheme(demo, theme)
    await expectNoAxeViolations(page, `the demo page and its Latch buttons (${theme})`, 'body')

    await demo.connectButton.click()
    await expect(modal.getByRole('button', { name: /Latch Dev Wallet/ })).toBeVisible()
    // The audit must see the theme it names.
    await expect(page.locator(dialog)).toHaveCSS(
      'background-color',
      theme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(20, 22, 28)',
    )
    await audit('Connect')

    await modal.getByRole('button', { name: 'All Wallets' }).click()
    await expect(
      modal.getByRole('list', { name: 'All wallets' }).getByRole('button', { name: 'Rainbow' }),
    ).toBeVisible()
    await audit('AllWallets')
    const search = modal.getByRole('searchbox', { name: 'Search wallets' })
    await search.fill('sixty character')
    await expect(modal.getByRole('button', { name: hostileWalletName })).toBeVisible()
    await audit('AllWallets, a 60-character wallet name')
    await modal.getByRole('button', { name: hostileWalletName }).click()
    await expect(modal.getByRole('heading', { name: hostileWalletName })).toBeVisible()
    await audit('ConnectingWalletConnect, a 60-character wallet name')
    await modal.getByRole('button', { name: 'Back' }).click()
    await search.fill('ledger')
    await modal.getByRole('button', { name: 'Ledger Live' }).click()
    await expect(modal.getByRole('img', { name: 'QR code to scan with Ledger Live' })).toBeVisible()
    await expect(modal.getByRole('link', { name: 'Open Ledger Live' })).toBeVisible()
    await audit('ConnectingWalletConnect, a directory wallet')
    await modal.getByRole('button', { name: 'Get Ledger Live' }).click()
    await expect(modal.getByRole('link', { name: 'Website' })).toBeVisible()
    await audit('ConnectingExternal, not installed')
    await modal.getByRole('button', { name: 'Back' }).click()
    await modal.getByRole('button', { name: 'Back' }).click()
    await search.fill('no such wallet')
    await expect(modal.getByText('No wallet found.')).toBeVisible()
    await audit('AllWallets, empty search')
  })

  test(`axe and the layout gate pass the connecting views, ${theme} theme`, async ({
    demo,
    page,
    context,
  }) => {
    test.setTimeout(180_000)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const modal = demo.modal
    const audit = auditor(page, theme)
    const snackbar = modal.locator('.latch-snackbar')
    await openInTheme(demo, theme)
    await demo.connectButton.click()

    await modal.getByRole('button', { name: 'WalletConnect QR Code' }).click()
    await expect(modal.getByRole('img', { name: "QR code to scan with your phone's wallet" })).toBeVisible()
    await modal.getByRole('button', { name: 'Copy link' }).click()
    await expect(snackbar).toHaveText('Link copied')
    // The snackbar covers the bottom of the view while it shows; audit what is under it once it has gone.
    await expect(snackbar).toBeHidden()
    await audit('ConnectingWalletConnect')
    await modal.getByRole('button', { name: 'Back' }).click()

    await modal.getByRole('button', { name: /Latch Dev Wallet/ }).click()
    await expect(demo.prompt).toBeVisible()
    await expect(modal.getByText('Continue in Latch Dev Wallet')).toBeVisible()
    await demo.setPromptAside(() => audit('ConnectingExternal, waiting'))
    await demo.prompt.getByRole('button', { name: 'Reject' }).click()
    await expect(modal.getByText('Connection declined')).toBeVisible()
    await audit('ConnectingExternal, declined')

    await modal.getByRole('button', { name: 'Try again' }).click()
    await demo.prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(modal).toBeHidden()
    await expectNoAxeViolations(page, `the page, connected (${theme})`, 'body')

    // An account without a name is offered one (the hostile account of the next test has one).
    await demo.accountButton.click()
    await expect(modal.getByTestId('latch-token').first()).toBeVisible()
    await audit('Account, an unnamed account')
    await modal.getByRole('button', { name: 'Choose a name' }).click()
    await modal.getByRole('textbox', { name: 'Name' }).fill('a')
    await expect(modal.getByText('The name must be at least 3 characters')).toBeVisible()
    await audit('RegisterName, a name too short')
    await modal.getByRole('textbox', { name: 'Name' }).fill(`free-name-${theme}`)
    await expect(modal.getByText(`free-name-${theme}.latch.id is available`)).toBeVisible()
    await audit('RegisterName, available')
  })

  test(`axe and the layout gate pass every account view, with data as long as it gets, ${theme} theme`, async ({
    demo,
    page,
    context,
  }) => {
    test.setTimeout(180_000)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const modal = demo.modal
    const audit = auditor(page, theme)
    const snackbar = modal.locator('.latch-snackbar')
    await openInTheme(demo, theme, `&account=${HOSTILE_ACCOUNT}`)
    await demo.connectDevWallet()

    await demo.accountButton.click()
    await expect(modal.getByTestId('latch-account-balance')).toContainText('ETH')
    await expect(modal.getByRole('button', { name: 'Disconnect' })).toBeVisible()
    await expect(modal.getByTestId('latch-token').filter({ hasText: hostileToken.name })).toBeVisible()
    await expect(modal.getByText(hostileName)).toBeVisible()
    await audit('Account')
    await modal.getByRole('tab', { name: 'Activity' }).click()
    await expect(modal.getByRole('region', { name: 'Activity' })).toHaveAttribute('aria-busy', 'false')
    await audit('Account, Activity tab')
    await modal.getByRole('tab', { name: 'Tokens' }).click()
    await modal.getByRole('button', { name: 'Receive' }).click()
    await expect(modal.getByRole('img', { name: 'QR code of your address' })).toBeVisible()
    await audit('WalletReceive')
    await modal.getByRole('button', { name: 'Back' }).click()
    await modal.getByRole('button', { name: 'Send' }).click()
    await modal.getByRole('textbox', { name: 'Amount' }).fill('0.01')
    await modal.getByRole('textbox', { name: 'To' }).fill('0x12')
    await expect(modal.getByRole('button', { name: 'Invalid Address' })).toBeDisabled()
    await audit('WalletSend, an invalid address')
    await modal.getByRole('textbox', { name: 'To' }).fill('0x000000000000000000000000000000000000dEaD')
    await modal.getByRole('button', { name: 'Preview Send' }).click()
    await expect(modal.getByTestId('latch-send-total')).toContainText('0.01 ETH')
    await audit('WalletSendPreview')
    await modal.getByRole('button', { name: 'Cancel' }).click()
    await modal.getByRole('button', { name: /Token: ETH/ }).click()
    await expect(modal.getByRole('list', { name: 'Your tokens' })).toBeVisible()
    await audit('WalletSendSelectToken')
    await modal.getByRole('button', { name: 'Back' }).click()
    await modal.getByRole('button', { name: 'Back' }).click()
    await modal.getByRole('button', { name: 'Copy address' }).click()
    await expect(snackbar).toHaveText('Address copied')
    await audit('the success snackbar', `${dialog} .latch-snackbar`)
    await expect(snackbar).toBeHidden()

    await modal.getByRole('button', { name: 'Latch Devnet A' }).click()
    await expect(modal.getByRole('list', { name: 'Networks' }).getByRole('button')).toHaveCount(6)
    await audit('Networks')
    // A network the dev wallet does not know: it asks to add it; declining shows the error snackbar.
    await modal.getByRole('button', { name: 'Ethereum' }).click()
    await demo.prompt.getByRole('button', { name: 'Reject' }).click()
    await expect(snackbar).toHaveText('Request declined in the wallet')
    await audit('the error snackbar', `${dialog} .latch-snackbar`)
    await modal.getByRole('button', { name: 'Close' }).click()
    await expect(modal).toBeHidden()

    const panel = await demo.walletSelectsNetwork(/Unsupported Devnet/)
    await expect(modal.getByRole('heading', { name: 'Switch Network' })).toBeVisible()
    await expect(modal.getByRole('list', { name: 'Networks' }).getByRole('button')).toHaveCount(6)
    // The wallet's panel is still open under the modal (inert). axe stacks the two top-layer dialogs by
    // z-index, where the panel's is higher, so it would see the modal as covered: close the panel first.
    await panel.evaluate((element: HTMLDialogElement) => element.close())
    await audit('UnsupportedChain')
  })
}

for (const theme of ['dark', 'light'] as const) {
  test(`axe finds no WCAG A/AA violation on the WalletConnect views, basic mode and a declined pairing, ${theme} theme`, async ({
    demo,
    page,
    context,
    wcWallet,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const modal = demo.modal
    const audit = auditor(page, theme)
    await openInTheme(demo, theme, '&devwallet=off&basic=1')

    await demo.connectButton.click()
    await expect(modal.getByRole('img', { name: "QR code to scan with your phone's wallet" })).toBeVisible()
    await expect(modal.getByRole('button', { name: 'All Wallets' })).toBeVisible()
    await audit('ConnectingWalletConnectBasic')

    wcWallet.setReject(true)
    await modal.getByRole('button', { name: 'Copy link' }).click()
    await wcWallet.pair(await page.evaluate(() => navigator.clipboard.readText()))
    await expect(modal.getByText('Connection declined')).toBeVisible()
    await expect(modal.locator('.latch-snackbar')).toBeHidden()
    await audit('ConnectingWalletConnectBasic, declined')
  })
}

for (const theme of ['dark', 'light'] as const) {
  test(`axe and the layout gate pass the sign-in view, ${theme} theme`, async ({ demo, page }) => {
    // The hostile account never signs in, so the view is always asked for.
    await openInTheme(demo, theme, `&siwx=required&account=${HOSTILE_ACCOUNT}`)
    await demo.connectDevWallet()
    await expect(
      demo.modal.getByRole('heading', { name: 'Latch demo needs to connect to your wallet' }),
    ).toBeVisible()
    // The app's and the wallet's pictures: 56 px, and a monogram (the demo has no icon) on a tile of its own, not the
    // bare letter on the modal's own colour.
    const images = demo.modal.locator('.latch-sign-in-images .latch-image')
    await expect(images).toHaveCount(2)
    for (const image of await images.all())
      expect(await image.boundingBox()).toMatchObject({ width: 56, height: 56 })
    const [tile, behind] = await demo.modal
      .locator('.latch-sign-in-images .latch-monogram')
      .first()
      .evaluate((monogram) => [
        getComputedStyle(monogram).backgroundColor,
        getComputedStyle(monogram.closest('dialog') as Element).backgroundColor,
      ])
    expect(tile).not.toBe(behind)
    await expectNoAxeViolations(page, `SIWXSignMessage (${theme})`, dialog)
    await expectSoundLayout(page, `SIWXSignMessage (${theme})`)
  })
}

test('the modal is a named dialog; Tab and Shift+Tab stay inside it; focus returns to the opener', async ({
  demo,
  page,
}) => {
  await demo.goto()
  await demo.connectButton.click()
  const dialogBox = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialogBox.getByRole('button', { name: /Latch Dev Wallet/ })).toBeVisible()

  const focusIsInside = () => dialogBox.evaluate((element) => element.contains(document.activeElement))
  const controls = dialogBox.getByRole('button')
  const first = controls.first()
  const last = controls.last()
  await last.focus()
  await page.keyboard.press('Tab')
  expect(await focusIsInside(), 'Tab from the last control stays in the dialog').toBe(true)
  await expect(first).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(last).toBeFocused()
  await first.focus()
  await page.keyboard.press('Shift+Tab')
  expect(await focusIsInside(), 'Shift+Tab from the first control stays in the dialog').toBe(true)
  await expect(last).toBeFocused()

  await dialogBox.getByRole('button', { name: 'Close' }).click()
  await expect(dialogBox).toBeHidden()
  await expect(demo.connectButton).toBeFocused()

  // Another opener, another way out: focus goes back to whichever control opened the modal.
  const networkButton = page.getByRole('button', { name: /^Network .*, switch network$/ })
  await networkButton.focus()
  await page.keyboard.press('Enter')
  const networks = page.getByRole('dialog', { name: 'Choose Network' })
  await expect(networks).toBeVisible()
  expect(await networks.evaluate((element) => element.matches(':modal'))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(networks).toBeHidden()
  await expect(networkButton).toBeFocused()
})

/** Animations running under `selector` (the dialog and everything in it), by animation name. */
const runningAnimations = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) =>
    element
      .getAnimations({ subtree: true })
      .filter((animation) => animation.playState === 'running')
      .map((animation) => (animation as CSSAnimation).animationName),
  )
const animationName = (locator: Locator) =>
  locator.evaluate((element) => getComputedStyle(element).animationName)

test('with prefers-reduced-motion the dialog and its spinners do not animate', async ({ demo, page }) => {
  const modal = demo.modal
  const ring = modal.locator('.latch-ring')
  await demo.goto()

  // Without the preference the waiting ring spins (the probe sees animations when there are some).
  await demo.connectButton.click()
  await modal.getByRole('button', { name: /Latch Dev Wallet/ }).click()
  await expect(demo.prompt).toBeVisible()
  expect(await animationName(ring)).toBe('latch-spin')
  expect(await runningAnimations(page, dialog)).toContain('latch-spin')

  await page.emulateMedia({ reducedMotion: 'reduce' })
  expect(await animationName(ring)).toBe('none')
  expect(await runningAnimations(page, dialog)).toEqual([])

  // Declining shakes the modal, unless motion is reduced.
  const shook = await watchShakes(page)
  await demo.prompt.getByRole('button', { name: 'Reject' }).click()
  await expect(modal.getByText('Connection declined')).toBeVisible()
  await shook(1)
  expect(await runningAnimations(page, dialog)).toEqual([])
  await modal.getByRole('button', { name: 'Close' }).click()

  // Opening: no entrance animation.
  await demo.connectButton.click()
  await expect(modal).toBeVisible()
  expect(await animationName(page.locator(dialog))).toBe('none')
  expect(await runningAnimations(page, dialog)).toEqual([])

  // A pending network switch shows a spinner in its row.
  await modal.getByRole('button', { name: /Latch Dev Wallet/ }).click()
  await demo.prompt.getByRole('button', { name: 'Approve' }).click()
  await expect(modal).toBeHidden()
  // Once the account button shows the balance: its arrival widens the button and moves the network button beside
  // it, which a click at that moment misses (its press on the button, its release beside it).
  await expect(page.getByRole('button', { name: /^Account \S+ ETH / })).toBeVisible()
  await page.getByRole('button', { name: /^Network .*, switch network$/ }).click()
  await modal.getByRole('button', { name: 'Ethereum' }).click()
  await expect(demo.prompt).toBeVisible()
  const rowSpinner = modal.getByRole('button', { name: 'Ethereum' }).locator('.latch-spinner')
  await expect(rowSpinner).toBeVisible()
  expect(await animationName(rowSpinner)).toBe('none')
  expect(await runningAnimations(page, dialog)).toEqual([])
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  expect(await animationName(rowSpinner)).toBe('latch-spin')
})
