import { dirname, join } from 'node:path'
import type { FastifyServerOptions } from 'fastify'
import { Redis } from 'ioredis'
import { type CreateAppOptions, createApp, type LatchApp, listeningUrl } from './app.ts'
import { createIdRegistry } from './auth/farcaster/idRegistry.ts'
import { createMailer, type Mailer } from './auth/mail.ts'
import { type AuthSecrets, devAuthSecrets, generateAuthSecrets } from './auth/secrets.ts'
import type { SocialProviderSetup } from './auth/social/providers.ts'
import { devnetBlockchainConfig } from './chains/defaults.ts'
import type { BlockchainConfig } from './chains/types.ts'
import { admitsAnyLocalPort } from './cors.ts'
import { ensureDefaults } from './defaults.ts'
import { type CreateFrameAppOptions, createFrameApp } from './frameApp.ts'
import { createIndexer, type Indexer } from './jobs/indexer.ts'
import { loginBudgets } from './routes/auth.ts'
import { defaultDataDir, openStorage } from './storage/openStorage.ts'
import type { ProjectInput, Storage } from './storage/types.ts'

export interface StartServerOptions {
  /** Default 8787; 0 picks a free port. */
  port?: number
  /**
   * Production (`NODE_ENV=production` sets it): no demo project (`latch-demo`, every local port) is created, and a
   * project in the database that admits every local port stops the start, naming it.
   */
  production?: boolean
  /** Default 127.0.0.1. */
  host?: string
  /** PostgreSQL URL; without it the server runs on PGlite. */
  databaseUrl?: string
  /** PGlite's data directory (default `.latch/data` under the working directory) or `memory`. */
  dataDir?: string
  /** Fastify's logger (pino): false for none (the default here), true or `{ level }`. */
  logger?: FastifyServerOptions['logger']
  /** Base URL of the API's links (image_url…), when clients reach the server by another address (a proxy). */
  publicUrl?: string
  /** Host names the server answers for (others get 421); default any. */
  allowedHosts?: readonly string[]
  /** Rate limits per route class (false: none); default `defaultRateLimits`. */
  rateLimits?: CreateAppOptions['rateLimits']
  /** The e-mail logins' hourly mail budgets over `loginBudgets` (development: a requester's ten times as large). */
  loginBudgets?: CreateFrameAppOptions['loginBudgets']
  /** Redis (`redis://…`) to count rate limits in, shared by every instance; default in process. */
  redisUrl?: string
  /** Proxies whose `X-Forwarded-For` names the client (true: any). */
  trustProxy?: CreateAppOptions['trustProxy']
  /** The longest a sign-in session lasts (default 30 days). */
  maxSessionMs?: number
  /** The blockchain API's chains, tokens and prices; default: the local devnet (8545 and 8546). */
  blockchain?: BlockchainConfig
  /**
   * Index the chains' history into the database (default true). Run one indexing instance per database; other
   * instances behind the same load balancer set this to false and only serve reads.
   */
  index?: boolean
  /** Projects written as given at every start (the configuration file's); others in the database stay. */
  projects?: readonly ProjectInput[]
  /** The embedded wallet's origin (e-mail login) on a listener of its own; not served without it. */
  frame?: FrameOptions
  /**
   * Sign In With Farcaster for the embedded wallet (with the frame), and the auth relay its channels are on, served
   * at `/farcaster` unless `relayUrl` names another.
   */
  farcaster?: {
    /** An RPC URL of the chain Farcaster's ID registry is on (OP Mainnet; a devnet chain in development). */
    rpcUrl: string
    /** The relay the logins use (its base, e.g. `https://relay.farcaster.xyz`); default this server's own. */
    relayUrl?: string
    /** The key Farcaster apps present to this server's relay; without it the relay takes no sign-ins. */
    relayKey?: string
  }
}

export interface FrameOptions {
  /** Default 8789; 0 picks a free port. */
  port?: number
  /** Default: the server's host. */
  host?: string
  /** The http(s) URL the frame is reached at (its own origin; device links point at it); default where it listens. */
  publicUrl?: string
  /** Host names the frame answers for (others get 421); default any. */
  allowedHosts?: readonly string[]
  /** `smtp://…` or `smtps://…`: where login codes are mailed from; without it e-mail logins are refused (503). */
  smtpUrl?: string
  /** The mails' From (default `Latch <login@localhost>`). */
  mailFrom?: string
  /**
   * The key-encryption keys. Default: a keys file made on first start (`keysFile`, for development), or fresh keys
   * in memory when the database is (`dataDir: 'memory'`).
   */
  secrets?: AuthSecrets
  /** The development keys file, default `keys.json` beside the PGlite directory (`.latch/keys.json`), never in it. */
  keysFile?: string
  /** The frame's build (index.html, assets/); default the one shipped with the server (tests give their own). */
  frameAssets?: string
  /** The social logins offered (each provider's OAuth client); default none. */
  social?: readonly SocialProviderSetup[]
  /** Telegram logins: the bot's token and Telegram's login page (a stand-in's in development); default off. */
  telegram?: { botToken: string; url: string }
}

export interface LatchServer {
  /** `http://host:port` the server listens on. */
  url: string
  app: LatchApp
  /** The embedded wallet's origin, when served: its public URL and its app. */
  frame?: { url: string; app: LatchApp }
  storage: Storage
  /** One per configured chain when indexing (else empty). */
  indexers: Indexer[]
  /** Stops the indexers and accepting connections, finishes requests in flight, flushes counters, closes the database. */
  close(): Promise<void>
}

/**
 * Opens the database (migrating it), creates the default project and dataset on first start, writes the
 * configured projects, and listens.
 *
 * @example
 * const server = await startServer({ port: 0, dataDir: 'memory' })
 * await fetch(`${server.url}/getWallets?entries=4`)
 * await server.close()
 */
export async function startServer(options: StartServerOptions = {}): Promise<LatchServer> {
  const storage = await openStorage({
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  })
  let app: LatchApp | undefined
  let frame: { url: string; app: LatchApp } | undefined
  let mailer: Mailer | undefined
  const blockchain = options.blockchain ?? devnetBlockchainConfig()
  const { farcaster } = options
  const registry = farcaster && createIdRegistry(farcaster.rpcUrl)
  // Commands wait while Redis is away rather than fail at once; the rate limiter lets requests through meanwhile.
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined
  redis?.on('error', (error) => app?.log.warn({ err: error }, 'Redis is not answering'))
  try {
    await ensureDefaults(storage, { demoProject: !options.production })
    for (const project of options.projects ?? []) await storage.upsertProject(project)
    if (options.production) {
      for (const project of await storage.listProjects()) {
        const local = project.allowedOrigins.find(admitsAnyLocalPort)
        if (local)
          throw new Error(
            `Project ${project.id} admits ${local}, every local app: not when NODE_ENV is production (latch-server projects add ${project.id} --origins <its origins>)`,
          )
      }
    }
    app = await createApp({
      storage,
      logger: options.logger ?? false,
      ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
      ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
      ...(options.rateLimits !== undefined ? { rateLimits: options.rateLimits } : {}),
      ...(redis ? { redis } : {}),
      ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
      ...(options.maxSessionMs ? { sessions: { maxSessionMs: options.maxSessionMs } } : {}),
      // The social logins the frame serves, told to the modal (none without the frame).
      socials: options.frame
        ? [
            ...(options.frame.social?.map((setup) => setup.provider) ?? []),
            ...(farcaster ? ['farcaster'] : []),
            ...(options.frame.telegram ? ['telegram'] : []),
          ]
        : [],
      ...(farcaster && !farcaster.relayUrl
        ? { farcasterRelay: { registry, ...(farcaster.relayKey ? { key: farcaster.relayKey } : {}) } }
        : {}),
      blockchain,
    })
    await app.listen({ port: options.port ?? 8787, host: options.host ?? '127.0.0.1' })
    if (options.frame) {
      mailer = options.frame.smtpUrl
        ? createMailer(options.frame.smtpUrl, options.frame.mailFrom ?? 'Latch <login@localhost>')
        : undefined
      const api = options.publicUrl?.replace(/\/+$/, '') ?? urlOf(app)
      frame = await startFrame(options, options.frame, storage, redis, mailer, blockchain, {
        ...(registry
          ? { farcaster: { registry, relayUrl: () => farcaster?.relayUrl ?? `${api}/farcaster` } }
          : {}),
      })
    }
  } catch (error) {
    await frame?.app.close()
    mailer?.close()
    await app?.close()
    await storage.close()
    redis?.disconnect()
    throw error
  }
  let closing: Promise<void> | undefined
  const started = app
  const indexers =
    options.index === false
      ? []
      : blockchain.chains.map((chain) => createIndexer({ chain, storage, log: started.log }))
  for (const indexer of indexers) indexer.start()
  return {
    url: urlOf(started),
    app: started,
    ...(frame ? { frame } : {}),
    storage,
    indexers,
    close: () => {
      closing ??= Promise.all(indexers.map((indexer) => indexer.stop()))
        .then(() => Promise.all([started.close(), frame?.app.close()]))
        .then(() => undefined)
        .finally(() => {
          mailer?.close()
          redis?.disconnect()
          return storage.close()
        })
      return closing
    },
  }
}

/** Listens with the frame's app (`frameApp.ts`); its public URL defaults to the address it listens on. */
async function startFrame(
  options: StartServerOptions,
  frame: FrameOptions,
  storage: Storage,
  redis: Redis | undefined,
  mailer: Mailer | undefined,
  blockchain: BlockchainConfig,
  logins: Pick<CreateFrameAppOptions, 'farcaster'>,
): Promise<{ url: string; app: LatchApp }> {
  const secrets =
    frame.secrets ??
    (options.dataDir === 'memory'
      ? generateAuthSecrets()
      : devAuthSecrets(frame.keysFile ?? join(dirname(options.dataDir ?? defaultDataDir), 'keys.json')))
  let publicUrl = frame.publicUrl?.replace(/\/+$/, '')
  const app = await createFrameApp({
    storage,
    secrets,
    ...(mailer ? { mailer } : {}),
    publicUrl: () => publicUrl ?? 'http://localhost',
    // Only what is meant to be public: a chain without a publicRpcUrl is not served by the frame.
    ...(frame.frameAssets ? { frameAssets: frame.frameAssets } : {}),
    ...(frame.social ? { social: frame.social } : {}),
    ...(frame.telegram ? { telegram: frame.telegram } : {}),
    ...logins,
    chains: blockchain.chains.flatMap(({ chainId, name, publicRpcUrl, nativeCurrency }) =>
      publicRpcUrl ? [{ chainId, name, rpcUrl: publicRpcUrl, nativeCurrency }] : [],
    ),
    userOperations: blockchain,
    logger: options.logger ?? false,
    ...(frame.allowedHosts ? { allowedHosts: frame.allowedHosts } : {}),
    ...(options.rateLimits !== undefined ? { rateLimits: options.rateLimits } : {}),
    // In development one address (the developer's, the tests') logs in all day: ten times a requester's mails.
    loginBudgets: {
      ...(options.production ? {} : { mailsPerRequester: loginBudgets.mailsPerRequester * 10 }),
      ...options.loginBudgets,
    },
    ...(redis ? { redis } : {}),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
  })
  try {
    await app.listen({ port: frame.port ?? 8789, host: frame.host ?? options.host ?? '127.0.0.1' })
  } catch (error) {
    await app.close()
    throw error
  }
  publicUrl ??= urlOf(app)
  return { url: publicUrl, app }
}

/** Where a listening app is reached. */
function urlOf(app: LatchApp): string {
  const url = listeningUrl(app)
  if (!url) throw new Error('The server is not listening')
  return url
}
