import { createServer } from 'node:net'
import {
  createFarcasterClient,
  devFarcasterRelayKey,
  type FarcasterClient,
  localIssuerClient,
  localIssuerNames,
  localSocialEnv,
  localTelegramBotToken,
  type MailCatcher,
  type OidcIssuers,
  startDevnet,
  startMailCatcher,
  startOidcIssuers,
  startSolanaChain,
  startWcWallet,
  type WcWallet,
} from '@latch/devnet'
import { type Relay, startRelay } from '@latch/relay'
import {
  defaultRateLimits,
  defaultSnapshot,
  devnetBlockchainConfig,
  type Storage,
  socialProvidersFromEnv,
  startServer,
  syntheticSnapshot,
} from '@latch/server'
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test'
import type { Address } from 'viem'
import {
  hostileAddress,
  hostileName,
  hostileToken,
  hostileWalletName,
  seedHostileAccount,
} from './hostile.ts'

export interface Devnet {
  rpcA: string
  rpcB: string
  /** The chains' ERC-4337 bundlers (alto), which the worker's server proxies: the e-mail account's Safe sends there. */
  bundlerA: string
  bundlerB: string
  /** The worker's local Solana chain (a demo page offers Solana with `solana=` this URL). */
  solanaRpc: string
  /** The hostile account's token on Devnet A (support/hostile.ts). */
  hostileToken: Address
}

export interface LatchServer {
  url: string
  /** The embedded wallet's frame origin (e-mail login), whose mail goes to the worker's catcher. */
  frameUrl: string
  /** The worker's SMTP catcher: every login code and device link the server mails. */
  mail: MailCatcher
  /** The worker's local OAuth / OpenID issuers, the frame's social logins (test users: any name, any password). */
  issuers: OidcIssuers
  storage: Storage
}

/** A port free now (the frame's: the issuers must know its callbacks before it listens). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** The worker's WalletConnect relay, which every demo page of the worker pairs through (`?relay=`). */
export interface LatchRelay {
  /** `ws://127.0.0.1:<port>`: the same for the worker's life, restarts included. */
  readonly url: string
  /** Connections, topics and messages the relay holds now. */
  stats: Relay['stats']
  /**
   * Stops the relay (every socket dropped, every message and subscription forgotten) and starts a new one on
   * the same port, as a redeployed relay would come back; `whileDown` runs in between. The relay is up again
   * when this settles, even if `whileDown` throws, so the worker's next test finds it.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>
}

/** Wallets the e2e server holds beside the default dataset, so that All Wallets has several pages. */
export const SYNTHETIC_WALLETS = 300
/** A project whose allowed origins do not include the demo's: its analytics answer 403. */
export const LOCKED_PROJECT = 'latch-locked'

export interface LatchTestOptions {
  /** The Content-Security-Policy the demo's server must send (the `csp` project); pages are checked for it. */
  contentSecurityPolicy: string | undefined
}

/** A report of something the page's Content-Security-Policy blocked. */
export interface CspViolation {
  directive: string
  blocked: string
  source: string
}

/**
 * Every worker gets its own two anvil chains and WalletConnect relay on free ports (parallel-safe); every test
 * gets a fresh browser context, so the dev wallet's storage starts empty. Every test fails if the page reports a
 * CSP violation.
 */
export const test = base.extend<
  LatchTestOptions & {
    demo: DemoPage
    cspViolations: CspViolation[]
    wcWallet: WcWallet
    /** A test Farcaster user (its own fid) that answers the codes the modal shows. */
    farcaster: FarcasterClient
  },
  {
    devnet: Devnet
    latchServer: LatchServer
    relay: LatchRelay
    /** The worker's chains and server, started together (`devnet` and `latchServer` are its halves). */
    stack: { devnet: Devnet; latchServer: LatchServer }
  }
>({
  contentSecurityPolicy: [undefined, { option: true }],
  cspViolations: [
    async ({ page }, use) => {
      const violations: CspViolation[] = []
      await page.exposeFunction('__latchCspViolation', (violation: CspViolation) => {
        violations.push(violation)
      })
      await page.addInitScript(() => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) => {
            const report = (window as unknown as { __latchCspViolation(v: CspViolation): void })
              .__latchCspViolation
            report({
              directive: event.effectiveDirective,
              blocked: event.blockedURI,
              source: `${event.sourceFile}:${event.lineNumber}`,
            })
          },
          { capture: true },
        )
      })
      page.on('console', (message) => {
        if (/Content[- ]Security[- ]Policy/i.test(message.text()))
          violations.push({ directive: 'console', blocked: message.text(), source: message.location().url })
      })
      await use(violations)
      expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
  devnet: [async ({ stack }, use) => use(stack.devnet), { scope: 'worker' }],
  latchServer: [async ({ stack }, use) => use(stack.latchServer), { scope: 'worker' }],
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      // Each service started is stopped at the end, or as soon as the set-up fails: a worker that could not start
      // leaves no chain, bundler or server behind. The server goes first (its indexers read the chains).
      const stops: (() => Promise<unknown>)[] = []
      const started = <T>(service: Promise<T>, stop: (running: T) => Promise<unknown>) =>
        service.then((running) => {
          stops.unshift(() => stop(running))
          return running
        })
      try {
        // What does not wait for another starts at once: a worker's start is paid at every project's first test.
        const framePort = await freePort()
        const starting = [
          started(
            startDevnet({
              chains: [
                { chainId: 31337, port: 0 },
                { chainId: 31338, port: 0 },
              ],
              bundler: true,
            }),
            (devnet) => devnet.stop(),
          ),
          started(startSolanaChain({ port: 0 }), (solana) => solana.stop()),
          started(startMailCatcher({ port: 0 }), (mail) => mail.close()),
          started(
            startOidcIssuers({
              port: 0,
              issuers: localIssuerNames,
              client: (name) => localIssuerClient(name, `http://127.0.0.1:${framePort}`),
            }),
            (issuers) => issuers.close(),
          ),
        ] as const
        // Every start settled before one's failure is thrown, so that the others are stopped too.
        await Promise.allSettled(starting)
        const [devnet, solana, mail, issuers] = await Promise.all(starting)
        const [a, b] = devnet.chains
        const chains: Devnet = {
          rpcA: a!.rpcUrl,
          rpcB: b!.rpcUrl,
          bundlerA: a!.bundlerUrl!,
          bundlerB: b!.bundlerUrl!,
          solanaRpc: solana.rpcUrl,
          hostileToken: await seedHostileAccount(a!.rpcUrl),
        }
        // In-memory PGlite, the default dataset plus synthetic wallets, one server per worker, reading (and
        // indexing) the worker's own devnet, where the hostile account's token is listed too.
        const blockchain = devnetBlockchainConfig(chains)
        blockchain.chains[0]!.tokens.push({ ...hostileToken, address: chains.hostileToken })
        // Devnet B stands for a network swaps are not offered on (LATCH_SWAP_NETWORKS without it): no Swap entry there.
        blockchain.swaps = {
          ...blockchain.swaps!,
          networks: blockchain.swaps!.networks.filter((id) => id !== 31338),
        }
        const server = await started(
          startServer({
            port: 0,
            dataDir: 'memory',
            logger: false,
            frame: {
              port: framePort,
              smtpUrl: mail.url,
              social: socialProvidersFromEnv(localSocialEnv(issuers.url)),
              // Telegram's login page: the issuers' stand-in, signing for the devnet's test bot.
              telegram: { botToken: localTelegramBotToken, url: `${issuers.url}/telegram` },
            },
            // Farcaster's logins read the ID registry the devnet puts on chain A; the server is their relay.
            farcaster: { rpcUrl: chains.rpcA, relayKey: devFarcasterRelayKey },
            blockchain,
            // A worker is one address doing the work of many visitors: its limits are ten times the defaults.
            rateLimits: Object.fromEntries(
              Object.entries(defaultRateLimits).map(([name, limit]) => [name, limit * 10]),
            ),
          }),
          (server) => server.close(),
        )
        const [base, synthetic] = [await defaultSnapshot(), syntheticSnapshot(SYNTHETIC_WALLETS)]
        const [first, ...others] = synthetic.wallets
        await server.storage.replaceDirectory({
          wallets: [...base.wallets, { ...first!, name: hostileWalletName }, ...others],
          images: [...base.images, ...synthetic.images],
        })
        await server.storage.upsertProject({
          id: LOCKED_PROJECT,
          name: 'Locked',
          allowedOrigins: ['https://locked.example'],
          analyticsEnabled: true,
        })
        await server.storage.names.register({
          name: hostileName,
          zone: 'latch.id',
          address: hostileAddress.toLowerCase(),
          coinType: 60,
          attributes: {},
          messageHash: 'e2e-hostile-name',
        })
        await use({
          devnet: chains,
          latchServer: {
            url: server.url,
            frameUrl: server.frame?.url ?? '',
            mail,
            issuers,
            storage: server.storage,
          },
        })
      } finally {
        const [first, ...others] = stops
        await first?.()
        await Promise.all(others.map((stop) => stop()))
      }
    },
    { scope: 'worker' },
  ],
  relay: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      let relay = await startRelay({ port: 0 })
      const { port, url } = relay
      await use({
        url,
        stats: () => relay.stats(),
        async restart(whileDown) {
          await relay.close()
          try {
            await whileDown?.()
          } finally {
            relay = await startRelay({ port })
          }
        },
      })
      await relay.close()
    },
    { scope: 'worker' },
  ],
  farcaster: async ({ devnet, latchServer }, use) => {
    // A Farcaster user no other test (or retry) is: its own fid on the worker's registry.
    await use(
      await createFarcasterClient({
        relay: `${latchServer.url}/farcaster`,
        relayKey: devFarcasterRelayKey,
        rpcUrl: devnet.rpcA,
        username: `fc${Date.now() % 1e8}${Math.random().toString(36).slice(2, 6)}`,
      }),
    )
  },
  wcWallet: async ({ devnet, relay }, use) => {
    // Anvil account 5, not the dev wallet's 0, so a page can hold both. send.spec also sends from 5 (to fresh
    // receivers); a spec that reads this wallet's balance or activity compares, not expects a fixed value.
    const wallet = await startWcWallet({
      relayUrl: relay.url,
      accountIndex: 5,
      chains: { 31337: devnet.rpcA, 31338: devnet.rpcB },
    })
    await use(wallet)
    // Ending its sessions tells a page still open that they are over, rather than leaving it a silent peer.
    // Bounded: after a relay restart a publish waits for the wallet's socket to come back.
    const ended = wallet.disconnectAll().catch(() => undefined)
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5_000))])
    await wallet.stop()
  },
  demo: async ({ page, devnet, latchServer, relay, contentSecurityPolicy }, use) => {
    await use(
      new DemoPage(page, devnet, latchServer.url, relay.url, latchServer.frameUrl, contentSecurityPolicy),
    )
  },
})

export { expect }

export class DemoPage {
  constructor(
    readonly page: Page,
    public devnet: Devnet,
    readonly apiUrl: string,
    readonly relayUrl: string,
    readonly frameUrl: string,
    readonly contentSecurityPolicy?: string,
  ) {}

  /** The same demo (chains, server, relay, frame, policy) in a page of another browser context: another visitor. */
  async inContext(context: BrowserContext): Promise<DemoPage> {
    return new DemoPage(
      await context.newPage(),
      this.devnet,
      this.apiUrl,
      this.relayUrl,
      this.frameUrl,
      this.contentSecurityPolicy,
    )
  }

  /** The demo on the worker's chains, server and relay; `extra` (`&relay=off`, `&account=3`…) adds or overrides. */
  url(extra = '', path = '/') {
    const params = new URLSearchParams({
      rpcA: this.devnet.rpcA,
      rpcB: this.devnet.rpcB,
      api: this.apiUrl,
      relay: this.relayUrl,
      frame: this.frameUrl,
    })
    for (const [key, value] of new URLSearchParams(extra)) params.set(key, value)
    return `${path}?${params}`
  }

  /** Loads a demo page, checking that it came with the project's Content-Security-Policy (if any). */
  async open(extra = '', path = '/') {
    const response = await this.page.goto(this.url(extra, path))
    expect(response?.ok(), `${path} loads`).toBe(true)
    expect(response?.headers()['content-security-policy'], 'the page is served with the CSP under test').toBe(
      this.contentSecurityPolicy,
    )
    return response!
  }

  async goto(extra = '') {
    await this.open(extra)
    await expect(this.connectButton.or(this.accountButton)).toBeVisible()
  }

  get connectButton() {
    return this.page.getByRole('button', { name: 'Connect Wallet' })
  }
  get accountButton() {
    return this.page.getByRole('button', { name: /^Account / })
  }
  get modal() {
    return this.page.getByRole('dialog', { name: /.+/ }).filter({ has: this.page.locator('.latch-modal') })
  }
  get prompt() {
    return this.page.getByTestId('devwallet-prompt')
  }
  state(key: string) {
    return this.page.getByTestId(`state-${key}`)
  }

  /** Opens the modal and connects the dev wallet, approving in its prompt. */
  async connectDevWallet() {
    await this.connectButton.click()
    await this.modal.getByRole('button', { name: /Latch Dev Wallet/ }).click()
    await this.prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(this.state('status')).toHaveText('connected')
  }

  /**
   * Runs `during` with the dev wallet's open prompt out of the top layer, unanswered. A real extension asks
   * in its own window; the dev wallet's prompt is a modal `<dialog>` in the page, which makes the app's
   * modal inert (and invisible to axe) while it is open.
   */
  async setPromptAside(during: () => Promise<void>) {
    await this.prompt.evaluate((prompt: HTMLDialogElement) => {
      // The wallet reads any close as "Reject"; this one is not an answer.
      prompt.addEventListener('close', (event) => event.stopImmediatePropagation(), {
        capture: true,
        once: true,
      })
      prompt.close()
    })
    await expect(this.prompt).toBeHidden()
    await during()
    await this.prompt.evaluate((prompt: HTMLDialogElement) => prompt.showModal())
  }

  /**
   * Moves the dev wallet itself to one of its networks from its panel, as a visitor would in an extension.
   * Returns the panel, which stays open (under the app's modal when the app reacts with one).
   */
  async walletSelectsNetwork(name: RegExp) {
    await this.page.getByRole('button', { name: 'Dev Wallet' }).click()
    const panel = this.page.getByTestId('devwallet-panel')
    const label = await panel.getByRole('option', { name }).textContent()
    await panel.getByLabel('Network').selectOption({ label: label! })
    return panel
  }

  /** The dev wallet's own chain, asked over EIP-6963 like any dapp would. */
  walletChainId() {
    return this.page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          window.addEventListener('eip6963:announceProvider', (event) => {
            const { info, provider } = (event as CustomEvent).detail
            if (info.rdns === 'dev.latch.wallet')
              void provider.request({ method: 'eth_chainId' }).then(resolve)
          })
          window.dispatchEvent(new Event('eip6963:requestProvider'))
        }),
    )
  }
}
