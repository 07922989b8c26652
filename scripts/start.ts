// `npm start`: the local chains, the Latch server (and its frame origin), a mail catcher, the WalletConnect relay
// and the demo, each in its own process under a supervisor (one that crashes is reported and restarted; the others
// keep running), and a WalletConnect test wallet reading pasted wc: URIs from this terminal. Ctrl-C stops everything.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { devFarcasterRelayKey } from '../packages/devnet/src/farcasterEnv.ts'
// The console alone (light): the wallet itself (WalletConnect's clients) loads while the services start.
import { localSocialEnv } from '../packages/devnet/src/oidcEnv.ts'
import { attachWcWalletConsole, wcWalletAccount } from '../packages/devnet/src/wcWalletConsole.ts'
import { createSupervisor, type ServiceSpec } from './supervise.ts'

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url))
const portOf = (url: string | undefined, fallback: number) => (url ? Number(new URL(url).port) : fallback)
// Read before anything starts, so a bad value stops nothing half-way. Default 1, beside the dev wallet's 0.
const wcAccount = wcWalletAccount(process.env.WC_ACCOUNT)
// A restarted devnet binds these same ports again (and redeploys the tokens at the same addresses).
const rpcA = `http://127.0.0.1:${portOf(process.env.LATCH_RPC_A, 8545)}`
const rpcB = `http://127.0.0.1:${portOf(process.env.LATCH_RPC_B, 8546)}`
const solanaRpc = `http://127.0.0.1:${portOf(process.env.LATCH_SOLANA_RPC, 8899)}`
// Each devnet chain's ERC-4337 bundler: internal, reached through the server's /v1/bundler/<chainId> only.
const bundlerA = `http://127.0.0.1:${portOf(process.env.LATCH_BUNDLER_A, 8791)}`
const bundlerB = `http://127.0.0.1:${portOf(process.env.LATCH_BUNDLER_B, 8792)}`
// The key the chains' paymaster trusts and the server signs sponsorships with: PAYMASTER_SIGNER_KEY, else one made
// once for this checkout, beside the server's data (never the devnet's public test key, which anyone can sign with).
const paymasterSignerKey =
  process.env.PAYMASTER_SIGNER_KEY ||
  devPaymasterSignerKey(
    join(
      dirname(resolve(process.env.LATCH_DATA_DIR?.replace(/^memory$/, '') || '.latch/data')),
      'paymaster.key',
    ),
  )
// Each service stops itself if this process is killed outright (it cannot stop them then).
const stopWithParent = ['--import', import.meta.resolve('./stopWithParent.mjs')]

/** A service of this repository run by Node: TypeScript through tsx, or plain JavaScript. */
const service = (
  name: string,
  args: readonly string[],
  ready: RegExp,
  env: Record<string, string> = {},
): ServiceSpec => ({
  name,
  command: process.execPath,
  args: [
    ...(args[0]?.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : []),
    ...stopWithParent,
    ...args,
  ],
  // LATCH_DATA_DIR, DATABASE_URL and the rest pass through from this process's environment.
  env: {
    LATCH_RPC_A: rpcA,
    LATCH_RPC_B: rpcB,
    LATCH_SOLANA_RPC: solanaRpc,
    LATCH_BUNDLER_A: bundlerA,
    LATCH_BUNDLER_B: bundlerB,
    PAYMASTER_SIGNER_KEY: paymasterSignerKey,
    ...env,
  },
  ready,
})

const supervisor = createSupervisor()
let stopping = false
let stopWallet: () => Promise<void> = async () => {}
const stop = async (code = 0) => {
  if (stopping) return
  stopping = true
  // The wallet first, so it leaves the relay before the relay goes (the services do not get the terminal's
  // Ctrl-C themselves: this process stops them, in order). A wallet that hangs does not hold the rest.
  await Promise.race([
    stopWallet().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, 2000)),
  ])
  await supervisor.stop()
  process.exit(code)
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop())
// The wallet lives in this process: its errors are reported, never the end of the services.
process.on('uncaughtException', (error) => console.error('npm start:', error))
process.on('unhandledRejection', (error) => console.error('npm start:', error))

// The embedded wallet's page, which the server serves on the frame origin: built first (about a second). Vite's
// build sets NODE_ENV=production in this process when it is unset, which the services would inherit (the server then
// asks for production's settings): it is put back as it was.
const nodeEnv = process.env.NODE_ENV
await import('vite').then(({ build }) =>
  build({
    root: root('packages/frame'),
    configFile: root('packages/frame/vite.config.ts'),
    logLevel: 'warn',
  }),
)
if (nodeEnv === undefined) delete process.env.NODE_ENV
else process.env.NODE_ENV = nodeEnv

// Every service starts at once; the server's indexer waits for the chains by itself.
const chainsStarted = supervisor.start(
  service('chains', [root('packages/devnet/src/cli.ts')], /^chain 31338\s+(\S+)/),
)
const solanaStarted = supervisor.start(
  service('solana', [root('packages/devnet/src/solanaCli.ts')], /^solana: (\S+)/),
)
const relayStarted = supervisor.start(
  service('relay', [root('packages/relay/src/cli.ts')], /^relay: (\S+)/, {
    RELAY_PORT: process.env.RELAY_PORT ?? '8788',
  }),
)
// Login codes go to a local SMTP catcher that prints them here, unless SMTP_URL names a real mail server.
const mailPort = process.env.MAIL_PORT ?? '2525'
const smtpUrl = process.env.SMTP_URL ?? `smtp://127.0.0.1:${mailPort}`
const mailStarted = process.env.SMTP_URL
  ? Promise.resolve({ url: smtpUrl })
  : supervisor.start(
      service('mail', [root('packages/devnet/src/mailCli.ts')], /^mail: (\S+)/, { MAIL_PORT: mailPort }),
    )
// PGlite in .latch/data (LATCH_DATA_DIR) by default; DATABASE_URL puts the server on PostgreSQL. The embedded
// wallet's frame is its own origin, on FRAME_PORT.
const framePort = process.env.FRAME_PORT ?? '8789'
// Social logins go to local OAuth / OpenID issuers (any name, any password), unless the server's environment names a
// real provider's client (LATCH_OAUTH_<NAME>_CLIENT_ID): then none are started, and that one is used.
const oidcPort = process.env.OIDC_PORT ?? '8790'
const realSocial = Object.keys(process.env).some((name) => /^LATCH_OAUTH_\w+_CLIENT_ID$/.test(name))
const oidcStarted = realSocial
  ? Promise.resolve({ url: 'the providers configured' })
  : supervisor.start(
      service('oidc', [root('packages/devnet/src/oidcCli.ts')], /^issuers: (\S+)/, {
        OIDC_PORT: oidcPort,
        FRAME_URL: `http://127.0.0.1:${framePort}`,
      }),
    )
const serverStarted = supervisor.start(
  service('server', [root('packages/server/src/cli.ts'), 'serve'], /Latch server listening on (\S+)/, {
    PORT: process.env.PORT ?? '8787',
    FRAME_PORT: framePort,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...(realSocial ? {} : localSocialEnv(`http://127.0.0.1:${oidcPort}`)),
    // Farcaster's logins: the ID registry the devnet puts on chain A, and the server's own relay, whose key the
    // test Farcaster client below knows.
    LATCH_FARCASTER_RPC_URL: rpcA,
    LATCH_FARCASTER_RELAY_KEY: devFarcasterRelayKey,
  }),
)
const demoStarted = supervisor.start(service('demo', [root('scripts/demo.mjs')], /^demo: (\S+)/))

// The same wallet as `latch-wc-wallet`, on anvil account WC_ACCOUNT. It lives in this process (it reads the
// terminal); its WalletConnect client reconnects by itself when the relay restarts.
const walletStarted = relayStarted.then(async (relay) => {
  const { startWcWallet } = await import('../packages/devnet/src/wcWallet.ts')
  const wallet = await startWcWallet({
    relayUrl: relay.url,
    accountIndex: wcAccount,
    chains: { 31337: rpcA, 31338: rpcB },
  })
  // A pasted farcaster:// URI signs in as @alice, a test Farcaster user on chain A (registered on first use).
  const alice = serverStarted.then(async (server) => {
    const { createFarcasterClient } = await import('../packages/devnet/src/farcasterClient.ts')
    return createFarcasterClient({
      relay: `${server.url}/farcaster`,
      relayKey: devFarcasterRelayKey,
      rpcUrl: rpcA,
    })
  })
  alice.catch(() => undefined)
  const wcConsole = attachWcWalletConsole(wallet, {
    input: process.stdin,
    farcaster: async (uri) => {
      const client = await alice
      await client.approve(uri)
      return `approved the Farcaster sign-in as @${client.username} (fid ${client.fid})`
    },
  })
  stopWallet = async () => {
    wcConsole.close()
    await wallet.stop()
  }
  return wallet
})
// A failed relay is reported below, with the other services.
walletStarted.catch(() => undefined)

try {
  // The first service that cannot start stops everything, whichever one it is.
  const [, , relay, server, demo, mail, oidc] = await Promise.all([
    chainsStarted,
    solanaStarted,
    relayStarted,
    serverStarted,
    demoStarted,
    mailStarted,
    oidcStarted,
  ])
  console.log(
    [
      `chain 31337 ${rpcA}`,
      `chain 31338 ${rpcB}`,
      `bundlers    ${bundlerA}, ${bundlerB} (internal: the server's /v1/bundler/<chainId> is the way in)`,
      `paymaster   /v1/paymaster/<chainId> on the server (ERC-7677; the default project sponsors every caller)`,
      `solana      ${solanaRpc}`,
      `server      ${server.url}`,
      `frame       http://127.0.0.1:${framePort}`,
      `mail        ${mail.url}${process.env.SMTP_URL ? '' : ' (login codes are printed here)'}`,
      `socials     ${oidc.url}${realSocial ? '' : ' (local issuers: log in with any name and password)'}`,
      `relay       ${relay.url}`,
    ].join('\n'),
  )
  const params = new URLSearchParams()
  if (rpcA !== 'http://127.0.0.1:8545') params.set('rpcA', rpcA)
  if (rpcB !== 'http://127.0.0.1:8546') params.set('rpcB', rpcB)
  if (server.url !== 'http://127.0.0.1:8787') params.set('api', server.url)
  if (relay.url !== 'ws://127.0.0.1:8788') params.set('relay', relay.url)
  const query = params.size > 0 ? `?${params}` : ''
  const solana = new URLSearchParams(params)
  solana.set('solana', solanaRpc === 'http://127.0.0.1:8899' ? '1' : solanaRpc)
  console.log(`\nLatch demo: ${demo.url}${query}\n  with Solana: ${demo.url}?${solana}\n`)
} catch (error) {
  console.error(`npm start: ${(error as Error).message}`)
  await stop(1)
}
try {
  const wallet = await walletStarted
  console.log(
    `WalletConnect test wallet ${wallet.address} (account ${wcAccount}): paste a wc: URI here to pair ` +
      '(WalletConnect → Copy link in the modal); `reject`, `approve`, `disconnect`. Paste a farcaster:// URI ' +
      '(Farcaster → Copy link) to sign in as the test Farcaster user @alice.\n',
  )
} catch (error) {
  // The services run on without it.
  console.error(`npm start: the WalletConnect test wallet could not start: ${(error as Error).message}`)
}

/**
 * The development paymaster signer's key in `path`, made there (readable by this user only) on first use. A file
 * that holds something else is an error naming it: the chains' paymaster would trust a key the server cannot use.
 */
function devPaymasterSignerKey(path: string): string {
  if (existsSync(path)) {
    const key = readFileSync(path, 'utf8').trim()
    if (!/^0x[0-9a-fA-F]{64}$/.test(key))
      throw new Error(`${path} must hold a private key (0x and 64 hex digits): delete it to make a new one`)
    return key
  }
  const key = `0x${randomBytes(32).toString('hex')}`
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, `${key}\n`, { mode: 0o600 })
  return key
}
