import { readKey } from './auth/secrets.ts'
import { socialProvidersFromEnv } from './auth/social/providers.ts'
import { TELEGRAM_BOT_TOKEN } from './auth/telegram.ts'
import { devnetBlockchainConfig } from './chains/defaults.ts'
import type { OnrampConfig, SponsorshipPolicy, SwapsConfig } from './chains/types.ts'
import { loadConfigFile } from './configFile.ts'
import { admitsAnyLocalPort } from './cors.ts'
import { defaultRateLimits, type RateLimits } from './limits.ts'
import { onrampProvidersFromEnv } from './onramp/fromEnv.ts'
import type { OnrampProvider } from './onramp/types.ts'
import type { FrameOptions, StartServerOptions } from './startServer.ts'
import { aggregatorSwapProvider } from './swaps/aggregator.ts'
import { specSwapNetworks } from './swaps/types.ts'

/**
 * Server options from the environment: PORT (8787), HOST (127.0.0.1), DATABASE_URL (PostgreSQL; else PGlite),
 * LATCH_DATA_DIR (PGlite's directory, default `.latch/data`; `memory` for in-memory), PUBLIC_URL (base of
 * image_url), LOG_LEVEL (info); the chains, tokens, prices and projects from the file LATCH_CONFIG (`configFile.ts`), its chains else the devnet at
 * LATCH_RPC_A / LATCH_RPC_B / LATCH_SOLANA_RPC (startServer's default is the devnet on 8545, 8546 and 8899); LATCH_ENS_RPC (an Ethereum
 * mainnet RPC URL for ENS identities); LATCH_INDEX (`on`, the default, or `off`: whether this instance indexes
 * the chains' history); REDIS_URL (rate limits shared by every instance); TRUST_PROXY (`true` for one proxy in front,
 * a number of proxies, or the proxies' addresses, comma-separated: whose X-Forwarded-For entries name the client); ALLOWED_HOSTS (comma-separated host names
 * the server answers for); LATCH_RATE_LIMITS (`off`, or `class=n,…` over `defaultRateLimits`);
 * LATCH_SESSION_MAX_DAYS (default 30). With NODE_ENV=production, PUBLIC_URL is required and requests for other
 * hosts than its own (and ALLOWED_HOSTS) are refused. Throws on a malformed value, naming the variable.
 *
 * @example
 * await startServer(readConfig(process.env))
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): StartServerOptions {
  const options: StartServerOptions = {}
  if (env.PORT !== undefined && env.PORT !== '') {
    const port = Number(env.PORT)
    if (!/^\d+$/.test(env.PORT) || port > 65535)
      throw new Error(`PORT must be a port number, not ${env.PORT}`)
    options.port = port
  }
  if (env.HOST) options.host = env.HOST
  if (env.DATABASE_URL) {
    if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
      throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL')
    }
    options.databaseUrl = env.DATABASE_URL
  }
  if (env.LATCH_DATA_DIR) options.dataDir = env.LATCH_DATA_DIR
  if (env.PUBLIC_URL) {
    if (!/^https?:\/\/[^\s]+$/.test(env.PUBLIC_URL)) throw new Error('PUBLIC_URL must be an http(s) URL')
    options.publicUrl = env.PUBLIC_URL
  }
  const hosts = env.ALLOWED_HOSTS?.split(',')
    .map((host) => host.trim())
    .filter(Boolean)
  if (hosts?.some((host) => !/^[a-z0-9.[\]:-]+$/i.test(host)))
    throw new Error('ALLOWED_HOSTS must be host names (host or host:port), comma-separated')
  if (env.NODE_ENV === 'production') {
    // Links must not be built from whatever Host a client sends, nor answered for hosts the operator never named.
    if (!options.publicUrl) throw new Error('PUBLIC_URL is required when NODE_ENV is production')
    options.allowedHosts = [new URL(options.publicUrl).host, ...(hosts ?? [])]
  } else if (hosts?.length) options.allowedHosts = hosts
  if (env.REDIS_URL) {
    if (!/^rediss?:\/\/[^\s]+$/.test(env.REDIS_URL)) throw new Error('REDIS_URL must be a redis:// URL')
    options.redisUrl = env.REDIS_URL
  }
  if (env.TRUST_PROXY) {
    const value = env.TRUST_PROXY
    if (value === 'true') options.trustProxy = 1
    else if (/^\d{1,2}$/.test(value)) options.trustProxy = Number(value)
    else {
      const addresses = value.split(',').map((address) => address.trim())
      if (addresses.some((address) => !/^[0-9a-f:.]+(\/\d{1,3})?$/i.test(address)))
        throw new Error(
          'TRUST_PROXY must be true, a number of proxies, or the proxies’ addresses (comma-separated)',
        )
      options.trustProxy = addresses
    }
  }
  if (env.LATCH_RATE_LIMITS) options.rateLimits = readRateLimits(env.LATCH_RATE_LIMITS)
  if (env.LATCH_SESSION_MAX_DAYS) {
    const days = Number(env.LATCH_SESSION_MAX_DAYS)
    if (!Number.isFinite(days) || days <= 0 || days > 365)
      throw new Error('LATCH_SESSION_MAX_DAYS must be a number of days from 0 to 365')
    options.maxSessionMs = days * 24 * 60 * 60_000
  }
  let ensRpcUrl: string | undefined
  let policiesOfFile: Record<string, SponsorshipPolicy> | undefined
  let configuredChains = false
  if (env.LATCH_CONFIG) {
    try {
      const file = loadConfigFile(env.LATCH_CONFIG)
      if (file.blockchain) options.blockchain = file.blockchain
      configuredChains = file.blockchain !== undefined
      ensRpcUrl = file.ensRpcUrl
      options.projects = file.projects
      policiesOfFile = file.policies
    } catch (error) {
      throw new Error(`LATCH_CONFIG: ${(error as Error).message}`, { cause: error })
    }
  }
  const signerKey = env.PAYMASTER_SIGNER_KEY || undefined
  if (signerKey !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(signerKey))
    throw new Error('PAYMASTER_SIGNER_KEY must be a private key (0x and 64 hex digits)')
  const filePolicies = Object.keys(policiesOfFile ?? {}).length > 0
  const devnetUrls = [
    'LATCH_RPC_A',
    'LATCH_RPC_B',
    'LATCH_SOLANA_RPC',
    'LATCH_BUNDLER_A',
    'LATCH_BUNDLER_B',
  ] as const
  if (options.blockchain) {
    // The file's chains: sponsored only with the operator's key, and only for the projects with a policy.
    const policies = policiesOfFile ?? {}
    if (filePolicies && !signerKey)
      throw new Error('PAYMASTER_SIGNER_KEY is required: LATCH_CONFIG gives projects a sponsorship')
    if (signerKey)
      options.blockchain = {
        ...options.blockchain,
        sponsorship: { signerKey: signerKey as `0x${string}`, policies },
      }
  } else if (signerKey || filePolicies || devnetUrls.some((name) => env[name])) {
    for (const name of devnetUrls) {
      const url = env[name]
      if (url && !/^https?:\/\/[^\s]+$/.test(url)) throw new Error(`${name} must be an http(s) URL`)
    }
    options.blockchain = devnetBlockchainConfig({
      ...(env.LATCH_RPC_A ? { rpcA: env.LATCH_RPC_A } : {}),
      ...(env.LATCH_RPC_B ? { rpcB: env.LATCH_RPC_B } : {}),
      ...(env.LATCH_SOLANA_RPC ? { solanaRpc: env.LATCH_SOLANA_RPC } : {}),
      ...(env.LATCH_BUNDLER_A ? { bundlerA: env.LATCH_BUNDLER_A } : {}),
      ...(env.LATCH_BUNDLER_B ? { bundlerB: env.LATCH_BUNDLER_B } : {}),
      ...(signerKey ? { paymasterSignerKey: signerKey as `0x${string}` } : {}),
    })
  }
  if (filePolicies && options.blockchain?.sponsorship && !configuredChains) {
    // The devnet's chains with the file's projects: their policies beside (or over) the devnet's own.
    const { sponsorship } = options.blockchain
    options.blockchain = {
      ...options.blockchain,
      sponsorship: { ...sponsorship, policies: { ...sponsorship.policies, ...policiesOfFile } },
    }
  }
  if (env.PAYMASTER_LOGS_RANGE) {
    if (!/^[1-9]\d{0,5}$/.test(env.PAYMASTER_LOGS_RANGE))
      throw new Error('PAYMASTER_LOGS_RANGE must be a whole number of blocks from 1 to 999999')
    const sponsorship = options.blockchain?.sponsorship
    if (options.blockchain && sponsorship)
      options.blockchain = {
        ...options.blockchain,
        sponsorship: { ...sponsorship, logsRange: Number(env.PAYMASTER_LOGS_RANGE) },
      }
  }
  if (env.LATCH_ENS_RPC) {
    if (!/^https?:\/\/[^\s]+$/.test(env.LATCH_ENS_RPC))
      throw new Error('LATCH_ENS_RPC must be an http(s) URL')
    ensRpcUrl = env.LATCH_ENS_RPC
  }
  if (ensRpcUrl) options.blockchain = { ...(options.blockchain ?? devnetBlockchainConfig()), ensRpcUrl }
  if (env.LATCH_SWAP_API_URL || env.LATCH_SWAP_API_KEY || env.LATCH_SWAP_NETWORKS) {
    const blockchain = options.blockchain ?? devnetBlockchainConfig()
    options.blockchain = { ...blockchain, swaps: readSwaps(env, blockchain.swaps) }
  }
  const onramp = onrampProvidersFromEnv(env)
  if (onramp.length || env.LATCH_ONRAMP_SANDBOX_KEY) {
    const blockchain = options.blockchain ?? devnetBlockchainConfig()
    options.blockchain = {
      ...blockchain,
      onramp: readOnramp(env.LATCH_ONRAMP_SANDBOX_KEY, onramp, blockchain.onramp),
    }
  }
  if (env.LATCH_INDEX !== undefined && env.LATCH_INDEX !== '') {
    if (env.LATCH_INDEX !== 'on' && env.LATCH_INDEX !== 'off')
      throw new Error('LATCH_INDEX must be on or off')
    // One indexing instance per database: the others serve reads only.
    options.index = env.LATCH_INDEX === 'on'
  }
  const frame = readFrame(env, options.host)
  if (frame) options.frame = frame
  const farcaster = readFarcaster(env)
  if (farcaster) options.farcaster = farcaster
  if (env.NODE_ENV === 'production') {
    refuseDevelopmentDefaults(env, options, configuredChains)
    options.production = true
  }
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
  const level = env.LOG_LEVEL || 'info'
  if (!levels.includes(level)) throw new Error(`LOG_LEVEL must be one of ${levels.join(', ')}`)
  options.logger = { level }
  return options
}

/** The devnet's public Telegram test bot (`@latch/devnet`'s `localTelegramBotToken`): its secret is in this repository. */
export const devnetTelegramBotToken = '7000000001:latch-devnet-test-bot-secret-0123456789'
/** The key the devnet's test Farcaster client presents to the relay (`@latch/devnet`'s `devFarcasterRelayKey`). */
export const devnetFarcasterRelayKey = 'latch-dev-farcaster-relay-key'

/**
 * What only development may run with, refused when NODE_ENV is production, each naming its setting: the devnet's
 * chains (public test keys for the paymaster's signer and the on-ramp's payer, a policy sponsoring every caller, alto
 * bundlers listening on every interface), a bundler URL naming every interface, a sponsorship for any origin without
 * LATCH_SPONSOR_EVERYONE=on, a project or policy admitting every local port, and the devnet's public Telegram bot and
 * Farcaster relay key. (Projects already in the database are checked when the server starts: startServer.)
 */
function refuseDevelopmentDefaults(
  env: NodeJS.ProcessEnv,
  options: StartServerOptions,
  configuredChains: boolean,
): void {
  const refuse = (what: string) => {
    throw new Error(`${what}: not when NODE_ENV is production`)
  }
  if (!configuredChains)
    refuse(
      'The devnet’s chains (no chains in LATCH_CONFIG: public test keys, a policy sponsoring every caller, bundlers listening on every interface)',
    )
  for (const chain of options.blockchain?.chains ?? []) {
    const host = chain.bundlerUrl && new URL(chain.bundlerUrl).hostname
    if (host === '0.0.0.0' || host === '[::]')
      refuse(`LATCH_CONFIG: chain ${chain.chainId}’s bundlerUrl ${chain.bundlerUrl} names every interface`)
  }
  for (const [project, policy] of Object.entries(options.blockchain?.sponsorship?.policies ?? {})) {
    if (policy.origins?.includes('*') && env.LATCH_SPONSOR_EVERYONE !== 'on')
      refuse(
        `LATCH_CONFIG: project ${project}’s sponsorship has origins ["*"], every caller and script (LATCH_SPONSOR_EVERYONE=on allows it)`,
      )
    const local = policy.origins?.find(admitsAnyLocalPort)
    if (local) refuse(`LATCH_CONFIG: project ${project}’s sponsorship admits ${local}, every local app`)
  }
  for (const project of options.projects ?? []) {
    const local = project.allowedOrigins.find(admitsAnyLocalPort)
    if (local) refuse(`LATCH_CONFIG: project ${project.id} admits ${local}, every local app`)
  }
  if (options.frame?.telegram?.botToken === devnetTelegramBotToken)
    refuse('TELEGRAM_BOT_TOKEN is the devnet’s public test bot')
  if (options.farcaster?.relayKey === devnetFarcasterRelayKey)
    refuse('LATCH_FARCASTER_RELAY_KEY is the devnet’s public test key')
}

/**
 * The swap networks (LATCH_SWAP_NETWORKS over the configured ones, else SPEC §9's) and providers: the configured
 * ones (the devnet's exchange) first, then the swap API at LATCH_SWAP_API_URL for every other network.
 */
function readSwaps(env: NodeJS.ProcessEnv, configured: SwapsConfig | undefined): SwapsConfig {
  let networks = configured?.networks ?? specSwapNetworks
  if (env.LATCH_SWAP_NETWORKS) {
    const ids = env.LATCH_SWAP_NETWORKS.split(',').map((id) => id.trim())
    if (ids.some((id) => !/^[1-9]\d{0,14}$/.test(id)))
      throw new Error('LATCH_SWAP_NETWORKS must be eip155 chain ids, comma-separated (1,8453,31337)')
    networks = ids.map(Number)
  }
  const providers = [...(configured?.providers ?? [])]
  if (env.LATCH_SWAP_API_KEY && !env.LATCH_SWAP_API_URL)
    throw new Error('LATCH_SWAP_API_KEY needs LATCH_SWAP_API_URL: the API it is the key of')
  if (env.LATCH_SWAP_API_URL) {
    if (!/^https?:\/\/[^\s]+$/.test(env.LATCH_SWAP_API_URL))
      throw new Error('LATCH_SWAP_API_URL must be an http(s) URL')
    providers.push(
      aggregatorSwapProvider({
        baseUrl: env.LATCH_SWAP_API_URL.replace(/\/+$/, ''),
        chains: networks,
        ...(env.LATCH_SWAP_API_KEY ? { apiKey: env.LATCH_SWAP_API_KEY } : {}),
      }),
    )
  }
  return { networks, providers }
}

/**
 * The on-ramp: the configured providers, then those the environment's keys set (LATCH_COINBASE_ONRAMP_*,
 * LATCH_MELD_*); LATCH_ONRAMP_SANDBOX_KEY `off` (no sandbox, even on the devnet) or the private key of the account the
 * sandbox delivers from (the sandbox then runs on any chains: a test network's).
 */
function readOnramp(
  sandboxKey: string | undefined,
  external: readonly OnrampProvider[],
  configured: OnrampConfig = {},
): OnrampConfig {
  const { sandbox, providers = [] } = configured
  const onramp: OnrampConfig = { providers: [...providers, ...external] }
  if (sandboxKey === undefined || sandboxKey === '') return sandbox ? { ...onramp, sandbox } : onramp
  if (sandboxKey === 'off') return onramp
  if (!/^0x[0-9a-fA-F]{64}$/.test(sandboxKey))
    throw new Error('LATCH_ONRAMP_SANDBOX_KEY must be off or a private key (0x and 64 hex digits)')
  return { ...onramp, sandbox: { payerKey: sandboxKey as `0x${string}` } }
}

/** `off`, or `read=1200,write=10` over the defaults. */
function readRateLimits(text: string): Partial<RateLimits> | false {
  if (text === 'off') return false
  const limits: Partial<RateLimits> = {}
  for (const part of text.split(',')) {
    const [name, value] = part.split('=').map((piece) => piece.trim())
    if (!name || !(name in defaultRateLimits) || !/^\d{1,9}$/.test(value ?? ''))
      throw new Error(
        `LATCH_RATE_LIMITS must be off or name=number pairs over ${Object.keys(defaultRateLimits).join(', ')}`,
      )
    limits[name as keyof RateLimits] = Number(value)
  }
  return limits
}

/** Farcaster's logins from LATCH_FARCASTER_RPC_URL (required for the others), _RELAY_URL and _RELAY_KEY. */
function readFarcaster(env: NodeJS.ProcessEnv): StartServerOptions['farcaster'] {
  const { LATCH_FARCASTER_RPC_URL: rpcUrl, LATCH_FARCASTER_RELAY_URL: relayUrl } = env
  const relayKey = env.LATCH_FARCASTER_RELAY_KEY
  if (!rpcUrl) {
    if (relayUrl || relayKey)
      throw new Error('LATCH_FARCASTER_RPC_URL is required with LATCH_FARCASTER_RELAY_URL or _RELAY_KEY')
    return undefined
  }
  if (!/^https?:\/\/[^\s]+$/.test(rpcUrl)) throw new Error('LATCH_FARCASTER_RPC_URL must be an http(s) URL')
  if (relayUrl && !/^https?:\/\/[^\s]+$/.test(relayUrl))
    throw new Error('LATCH_FARCASTER_RELAY_URL must be an http(s) URL')
  if (relayKey !== undefined && relayKey.length < 16)
    throw new Error('LATCH_FARCASTER_RELAY_KEY must be at least 16 characters')
  return {
    rpcUrl,
    ...(relayUrl ? { relayUrl: relayUrl.replace(/\/+$/, '') } : {}),
    ...(relayKey ? { relayKey } : {}),
  }
}

/**
 * The frame's listener from FRAME_PORT (8789, or off), FRAME_PUBLIC_URL, SMTP_URL, MAIL_FROM, the social logins'
 * clients (LATCH_OAUTH_<NAME>_…) and the two KEKs, which
 * are required (with FRAME_PUBLIC_URL) in production: a development keys file is no place for them.
 */
function readFrame(env: NodeJS.ProcessEnv, host: string | undefined): FrameOptions | undefined {
  if (env.FRAME_PORT === 'off') return undefined
  const frame: FrameOptions = { port: 8789 }
  if (env.FRAME_PORT !== undefined && env.FRAME_PORT !== '') {
    const port = Number(env.FRAME_PORT)
    if (!/^\d+$/.test(env.FRAME_PORT) || port > 65535)
      throw new Error(`FRAME_PORT must be a port number or off, not ${env.FRAME_PORT}`)
    frame.port = port
  }
  if (host) frame.host = host
  if (env.FRAME_PUBLIC_URL) {
    if (!/^https?:\/\/[^\s/]+\/?$/.test(env.FRAME_PUBLIC_URL))
      throw new Error('FRAME_PUBLIC_URL must be an http(s) origin (no path)')
    frame.publicUrl = env.FRAME_PUBLIC_URL
  }
  if (env.SMTP_URL) {
    if (!/^smtps?:\/\/[^\s]+$/.test(env.SMTP_URL))
      throw new Error('SMTP_URL must be an smtp:// or smtps:// URL')
    frame.smtpUrl = env.SMTP_URL
  }
  if (env.MAIL_FROM) frame.mailFrom = env.MAIL_FROM
  const social = socialProvidersFromEnv(env)
  if (social.length) frame.social = social
  if (env.TELEGRAM_BOT_TOKEN) {
    if (!TELEGRAM_BOT_TOKEN.test(env.TELEGRAM_BOT_TOKEN))
      throw new Error('TELEGRAM_BOT_TOKEN must be a bot token as BotFather gives it (<bot id>:<secret>)')
    const url = env.LATCH_TELEGRAM_URL ?? 'https://oauth.telegram.org'
    if (!/^https?:\/\/[^\s]+$/.test(url)) throw new Error('LATCH_TELEGRAM_URL must be an http(s) URL')
    frame.telegram = { botToken: env.TELEGRAM_BOT_TOKEN, url }
  } else if (env.LATCH_TELEGRAM_URL) throw new Error('LATCH_TELEGRAM_URL goes with TELEGRAM_BOT_TOKEN')
  if (Boolean(env.LATCH_KEK) !== Boolean(env.LATCH_RECOVERY_KEK))
    throw new Error('LATCH_KEK and LATCH_RECOVERY_KEK go together: give both or neither')
  if (env.LATCH_KEK && env.LATCH_RECOVERY_KEK) {
    const secrets = {
      kek: readKey('LATCH_KEK', env.LATCH_KEK),
      recoveryKek: readKey('LATCH_RECOVERY_KEK', env.LATCH_RECOVERY_KEK),
    }
    if (Buffer.from(secrets.kek).equals(Buffer.from(secrets.recoveryKek)))
      throw new Error('LATCH_RECOVERY_KEK must differ from LATCH_KEK')
    frame.secrets = secrets
  }
  if (env.NODE_ENV === 'production') {
    if (!frame.publicUrl)
      throw new Error('FRAME_PUBLIC_URL is required when NODE_ENV is production (or FRAME_PORT=off)')
    if (!frame.secrets)
      throw new Error(
        'LATCH_KEK and LATCH_RECOVERY_KEK are required when NODE_ENV is production (or FRAME_PORT=off)',
      )
    frame.allowedHosts = [new URL(frame.publicUrl).host]
    // A stand-in's e-mails join accounts: in production only over https.
    if (frame.telegram?.url.startsWith('http://'))
      throw new Error('LATCH_TELEGRAM_URL must be https when NODE_ENV is production')
    const plain = frame.social?.find((setup) => setup.url?.startsWith('http://'))
    if (plain)
      throw new Error(
        `LATCH_OAUTH_${plain.provider.toUpperCase()}_URL must be https when NODE_ENV is production`,
      )
  }
  return frame
}
