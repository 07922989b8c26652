import { expect, test } from './support/fixtures.ts'

/** The app's own static files: its document and what the build put under /assets/. */
const ownAsset = (url: URL, origin: string) =>
  url.origin === origin && (url.pathname === '/' || url.pathname.startsWith('/assets/'))

for (const devWallet of ['off', 'on'] as const) {
  test(`no request leaves the page before the user acts (dev wallet ${devWallet})`, async ({
    demo,
    page,
    baseURL,
    latchServer,
  }) => {
    const origin = new URL(baseURL!).origin
    const requests: URL[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      // data: URLs (the favicon, the wallet's icon) never reach a network.
      if (url.protocol !== 'data:') requests.push(url)
    })
    page.on('websocket', (socket) => requests.push(new URL(socket.url())))

    const response = await demo.open(devWallet === 'off' ? '&devwallet=off' : '')
    const html = await response.text()
    /** Files the document itself references: what a page that only shows the buttons should load. */
    const documentAssets = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]))
    expect(documentAssets.size, 'the built page references its entry script').toBeGreaterThan(0)

    await expect(demo.connectButton).toBeVisible()
    if (devWallet === 'on') await expect(page.getByRole('button', { name: 'Dev Wallet' })).toBeVisible()
    // Give late starters (a reconnect, a wallet's own start-up, a prefetch on idle) time to show up.
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(1_000)

    const beforeAction = requests.length
    const foreign = requests.filter((url) => !ownAsset(url, origin)).map(String)
    expect(foreign, 'requests before the user acts that are not the app’s own static files').toEqual([])
    if (devWallet === 'off') {
      // Without the wallet extension stand-in, only what the document references: no lazy chunk yet.
      const lazy = requests.filter((url) => url.pathname !== '/' && !documentAssets.has(url.pathname))
      expect(lazy.map(String), 'lazy chunks fetched before the user acts').toEqual([])
    }

    await demo.connectButton.click()
    await expect(demo.modal.getByRole('button', { name: 'All Wallets' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    const afterClick = requests.slice(beforeAction)
    // The user has acted: the wallet directory (and analytics) of the app's own Latch server may answer now.
    const server = new URL(latchServer.url).origin
    expect(
      afterClick.filter((url) => !ownAsset(url, origin) && url.origin !== server).map(String),
      'requests after Connect other than the app’s own lazy chunks and its Latch server',
    ).toEqual([])
    // The modal's code arrives now, so the recorder is seeing requests.
    expect(afterClick.some((url) => /\/assets\/Modal-[^/]+\.js$/.test(url.pathname))).toBe(true)
  })
}
