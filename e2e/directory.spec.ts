import { anvilAddresses } from '@latch/devnet'
import { expect, LOCKED_PROJECT, SYNTHETIC_WALLETS, test } from './support/fixtures.ts'

/** The wallets the e2e server lists: the shipped dataset (a few dozen) plus the synthetic ones. */
const atLeast = (n: number) => (text: string | null) => Number(text?.replace(/\D/g, '')) >= n

test('browse All Wallets: the count, pages of 40 as the list scrolls, images from the server', {
  tag: '@csp',
}, async ({ demo, page, latchServer }) => {
  const pagesRequested: number[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin === new URL(latchServer.url).origin && url.pathname === '/getWallets') {
      expect(url.searchParams.get('projectId')).toBe('latch-demo')
      expect(url.searchParams.get('st')).toBe('latch')
      expect(url.searchParams.get('sv')).toMatch(/^\d+\.\d+\.\d+/)
      if (!url.searchParams.get('search')) pagesRequested.push(Number(url.searchParams.get('page')))
    }
  })
  await demo.goto()
  await demo.connectButton.click()
  const allWallets = demo.modal.getByRole('button', { name: /All Wallets/ })
  await expect(allWallets).toBeVisible()
  // The row carries the directory's count once the first page has arrived.
  await expect.poll(async () => atLeast(SYNTHETIC_WALLETS)(await allWallets.textContent())).toBe(true)
  await allWallets.click()

  const grid = demo.modal.getByRole('list', { name: /wallets/i })
  await expect(grid.getByRole('button', { name: 'Rainbow' })).toBeVisible()
  // The installed wallet comes first and is listed once.
  await expect(grid.getByRole('button').first()).toHaveAccessibleName(/Latch Dev Wallet/)
  await expect(grid.getByRole('button', { name: /Latch Dev Wallet/ })).toHaveCount(1)
  // A virtualised grid: far fewer tiles in the page than wallets in the directory.
  expect(await grid.getByRole('button').count()).toBeLessThan(80)
  // The installed wallet shows the icon it announced; directory wallets show the server's image.
  const image = grid.getByRole('button', { name: 'Rainbow' }).locator('img')
  await expect(image).toHaveAttribute('src', new RegExp(`^${latchServer.url}/getWalletImage/`))

  // Scrolling to the end fetches the next pages.
  for (let i = 0; i < 4 && !pagesRequested.includes(3); i++) {
    await grid.evaluate((list) => {
      const scroller = list.closest('.latch-scroll') ?? list.parentElement!
      scroller.scrollTop = scroller.scrollHeight
    })
    await page.waitForTimeout(300)
  }
  expect(pagesRequested).toEqual(expect.arrayContaining([1, 2, 3]))
})

test('search All Wallets: trimmed, waits for the typing to stop, empty state', async ({ demo, page }) => {
  const searches: { text: string; at: number }[] = []
  page.on('request', (request) => {
    const search = new URL(request.url()).searchParams.get('search')
    if (search !== null) searches.push({ text: search, at: Date.now() })
  })
  await demo.goto()
  await demo.connectButton.click()
  await demo.modal.getByRole('button', { name: /All Wallets/ }).click()
  const box = demo.modal.getByRole('searchbox', { name: 'Search wallets' })
  // When each key landed, read in the page: a busy machine may space two keys further apart than the test asks.
  await box.evaluate((input: HTMLInputElement) => {
    const typed: { value: string; at: number }[] = []
    Object.assign(window, { __typed: typed })
    input.addEventListener('input', () => typed.push({ value: input.value, at: Date.now() }))
  })
  await box.pressSequentially('  rainbow ', { delay: 40 })
  const grid = demo.modal.getByRole('list', { name: /wallets/i })
  await expect(grid.getByRole('button', { name: 'Rainbow' })).toBeVisible()
  await expect(grid.getByRole('button')).toHaveCount(1)
  const typed = await page.evaluate(
    () => (window as unknown as { __typed: { value: string; at: number }[] }).__typed,
  )
  // One request for the whole word, trimmed, sent no sooner than 300 ms after the last key; a word typed so far is
  // asked for only after a pause of 300 ms (none when every key followed the last within 40 ms or so).
  const paused = typed
    .filter((key, i) => i < typed.length - 1 && typed[i + 1]!.at - key.at >= 300)
    .map((key) => key.value.trim())
  const asked = [...paused, 'rainbow'].filter((text, i, all) => text !== '' && text !== all[i - 1])
  expect(searches.map((s) => s.text)).toEqual(asked)
  expect(searches.at(-1)!.at - typed.at(-1)!.at).toBeGreaterThanOrEqual(300)

  await box.fill('no such wallet anywhere')
  await expect(demo.modal.getByText('No wallet found')).toBeVisible()
})

test('pick from All Wallets: a wallet that is not installed pairs over WalletConnect and shows where to get it; the installed one connects', async ({
  demo,
}) => {
  await demo.goto()
  await demo.connectButton.click()
  await demo.modal.getByRole('button', { name: /All Wallets/ }).click()
  await demo.modal.getByRole('searchbox', { name: 'Search wallets' }).fill('rainbow')
  await demo.modal.getByRole('button', { name: 'Rainbow' }).click()
  await expect(demo.modal.getByRole('img', { name: 'QR code to scan with Rainbow' })).toBeVisible()
  await demo.modal.getByRole('button', { name: 'Get Rainbow' }).click()
  await expect(demo.modal.getByText(/Not installed/)).toBeVisible()
  await expect(demo.modal.getByRole('link', { name: 'App Store' })).toHaveAttribute(
    'href',
    /^https:\/\/apps\.apple\.com\//,
  )
  await expect(demo.modal.getByRole('link', { name: 'Website' })).toHaveAttribute('href', /rainbow/)

  await demo.modal.getByRole('button', { name: 'Back' }).click()
  await demo.modal.getByRole('button', { name: 'Back' }).click()
  await demo.modal.getByRole('searchbox', { name: 'Search wallets' }).fill('')
  await demo.modal.getByRole('button', { name: /Latch Dev Wallet/ }).click()
  await demo.prompt.getByRole('button', { name: 'Approve' }).click()
  await expect(demo.state('status')).toHaveText('connected')
  await expect(demo.state('address')).toHaveText(anvilAddresses[0]!)
})

test('analytics reach the server for an allowed origin', async ({ demo, latchServer }) => {
  const before = (await latchServer.storage.eventSummary('latch-demo')).total
  await demo.goto()
  await demo.connectButton.click()
  await expect(demo.modal).toBeVisible()
  await expect
    .poll(async () => (await latchServer.storage.eventSummary('latch-demo')).total, { timeout: 10_000 })
    .toBeGreaterThan(before)
})

test('analytics from an origin the project does not allow: Invalid App Configuration', async ({ demo }) => {
  await demo.goto(`&project=${LOCKED_PROJECT}`)
  await demo.connectButton.click()
  await expect(demo.modal.getByText('Invalid App Configuration')).toBeVisible()
  // The directory still answers: the wallet list is public.
  await expect(demo.modal.getByRole('button', { name: /All Wallets/ })).toBeVisible()
})

test('collapseWallets: the Connect view lists WalletConnect, the installed wallet and All Wallets, nothing from the directory', async ({
  demo,
}) => {
  const wallets = demo.modal.getByRole('list', { name: 'Wallets' }).getByRole('button')
  // Without it, the directory's featured and recommended wallets have rows.
  await demo.goto()
  await demo.connectButton.click()
  await expect(wallets.filter({ hasText: 'MetaMask' })).toBeVisible()
  await expect(wallets.filter({ hasText: 'All Wallets' })).toContainText(/\d+/)

  await demo.goto('&collapse=1')
  await demo.connectButton.click()
  await expect(wallets.filter({ hasText: 'All Wallets' })).toContainText(/\d+/)
  await expect(wallets).toHaveText([/WalletConnect/, /Latch Dev Wallet/, /All Wallets/])
  // All Wallets still has the whole directory.
  await wallets.filter({ hasText: 'All Wallets' }).click()
  await expect(
    demo.modal.getByRole('list', { name: 'All wallets' }).getByRole('button', { name: 'MetaMask' }),
  ).toBeVisible()
})
