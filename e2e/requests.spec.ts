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
    // Give late starters (a reconnect, a wallet's own start-up, the prefetch on idle) time to show up.
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(1_000)

    const beforeAction = requests.length
    const foreign = requests.filter((url) => !ownAsset(url, origin)).map(String)
    expect(foreign, 'requests before the user acts that are not the app’s own static files').toEqual([])
    if (devWallet === 'off') {
      // Besides what the document references, only the modal's own code, fetched once the page is idle so that
      // the first click renders at once: its shell, the view it opens on and the chain adapter. Nothing a click
      // may never need: not the WalletConnect client, the server API's code, sign-in or the actions.
      const lazy = requests
        .filter((url) => url.pathname !== '/' && !documentAssets.has(url.pathname))
        .map((url) => url.pathname)
      for (const chunk of [/\/Modal-[^/]+\.js$/, /\/ConnectView-[^/]+\.js$/, /\/adapter-[^/]+\.js$/])
        expect(
          lazy.some((path) => chunk.test(path)),
          `${chunk} fetched while the page was idle`,
        ).toBe(true)
      // Nor the embedded wallet's session, its account's chunk (smart account state), the account-type switch or
      // EIP-5792's calls: they load once a visitor logs in or sends.
      const unwanted = lazy.filter((path) =>
        /\/(client|api|siwx|actions|AllWallets\w*|session|account|AccountType|calls)-[^/]+\.js$/.test(path),
      )
      expect(unwanted, 'chunks a first click does not need, fetched before the user acts').toEqual([])
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
    // The modal's code came while the page was idle; the click asks for what acting needs (the actions' code).
    expect(afterClick.some((url) => /\/assets\/Modal-[^/]+\.js$/.test(url.pathname))).toBe(false)
    expect(afterClick.some((url) => /\/assets\/actions-[^/]+\.js$/.test(url.pathname))).toBe(true)
  })
}
