import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { devFarcasterRelayKey, localTelegramBotToken } from '@latch/devnet'
import { describe, expect, test } from 'vitest'
import { devnetFarcasterRelayKey, devnetTelegramBotToken, readConfig } from './config.ts'

/** The production example (`examples/latch.config.yaml`): real chains, one project of https origins. */
const example = fileURLToPath(new URL('../examples/latch.config.yaml', import.meta.url))

test('reads the environment', () => {
  expect(
    readConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://latch@db/latch',
      LATCH_DATA_DIR: 'memory',
      PUBLIC_URL: 'https://directory.example.com',
      LOG_LEVEL: 'warn',
    }),
  ).toEqual({
    port: 9000,
    host: '0.0.0.0',
    databaseUrl: 'postgres://latch@db/latch',
    dataDir: 'memory',
    publicUrl: 'https://directory.example.com',
    logger: { level: 'warn' },
    frame: { port: 8789, host: '0.0.0.0' },
  })
  expect(readConfig({})).toEqual({ logger: { level: 'info' }, frame: { port: 8789 } })
  expect(readConfig({ FRAME_PORT: 'off' })).toEqual({ logger: { level: 'info' } })
})

test('the frame: its port, public URL, SMTP server, From and the two KEKs', () => {
  const kek = Buffer.alloc(32, 1).toString('base64')
  const recoveryKek = Buffer.alloc(32, 2).toString('hex')
  expect(
    readConfig({
      FRAME_PORT: '0',
      FRAME_PUBLIC_URL: 'https://wallet.example.com',
      SMTP_URL: 'smtps://login:secret@mail.example.com:465',
      MAIL_FROM: 'Example <login@example.com>',
      LATCH_KEK: kek,
      LATCH_RECOVERY_KEK: recoveryKek,
    }).frame,
  ).toEqual({
    port: 0,
    publicUrl: 'https://wallet.example.com',
    smtpUrl: 'smtps://login:secret@mail.example.com:465',
    mailFrom: 'Example <login@example.com>',
    secrets: { kek: new Uint8Array(32).fill(1), recoveryKek: new Uint8Array(32).fill(2) },
  })
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://latch.example.com',
    LATCH_CONFIG: example,
  }
  expect(() => readConfig(production)).toThrow(
    'FRAME_PUBLIC_URL is required when NODE_ENV is production (or FRAME_PORT=off)',
  )
  expect(() => readConfig({ ...production, FRAME_PUBLIC_URL: 'https://wallet.example.com' })).toThrow(
    'LATCH_KEK and LATCH_RECOVERY_KEK are required when NODE_ENV is production (or FRAME_PORT=off)',
  )
  expect(
    readConfig({
      ...production,
      FRAME_PUBLIC_URL: 'https://wallet.example.com',
      LATCH_KEK: kek,
      LATCH_RECOVERY_KEK: recoveryKek,
    }).frame?.allowedHosts,
  ).toEqual(['wallet.example.com'])
  expect(readConfig({ ...production, FRAME_PORT: 'off' }).frame).toBeUndefined()
})

test.each([
  [{ FRAME_PORT: 'on' }, 'FRAME_PORT must be a port number or off, not on'],
  [
    { FRAME_PUBLIC_URL: 'https://wallet.example.com/frame' },
    'FRAME_PUBLIC_URL must be an http(s) origin (no path)',
  ],
  [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
  [{ LATCH_KEK: Buffer.alloc(32).toString('base64') }, 'LATCH_KEK and LATCH_RECOVERY_KEK go together'],
  [{ LATCH_KEK: 'short', LATCH_RECOVERY_KEK: 'short' }, 'LATCH_KEK must be 32 bytes as base64 or hex'],
  [
    { LATCH_KEK: Buffer.alloc(32).toString('base64'), LATCH_RECOVERY_KEK: Buffer.alloc(32).toString('hex') },
    'LATCH_RECOVERY_KEK must differ from LATCH_KEK',
  ],
])('%j is refused: %s', (env, message) => {
  expect(() => readConfig(env)).toThrow(message)
})

test.each([
  [{ PORT: 'http' }, 'PORT'],
  [{ PORT: '70000' }, 'PORT'],
  [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
  [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
  [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  [{ LATCH_RPC_A: 'localhost:8545' }, 'LATCH_RPC_A'],
  [{ LATCH_RPC_B: 'ws://127.0.0.1:8546' }, 'LATCH_RPC_B'],
  [{ LATCH_CONFIG: '/nonexistent/latch.json' }, 'LATCH_CONFIG: /nonexistent/latch.json'],
])('%j is refused naming %s', (env, name) => {
  expect(() => readConfig(env)).toThrow(name)
})

test('LATCH_RPC_A and LATCH_RPC_B move the devnet chains', () => {
  const { blockchain } = readConfig({ LATCH_RPC_B: 'http://devnet-b:8546' })
  expect(blockchain?.chains.map((chain) => [chain.caipNetworkId, chain.rpcUrl])).toEqual([
    ['eip155:31337', 'http://127.0.0.1:8545'],
    ['eip155:31338', 'http://devnet-b:8546'],
  ])
})

test('LATCH_ENS_RPC adds ENS identities to the chains in use', () => {
  const { blockchain } = readConfig({
    LATCH_RPC_A: 'http://devnet-a:8545',
    LATCH_ENS_RPC: 'https://eth.example',
  })
  expect(blockchain?.ensRpcUrl).toBe('https://eth.example')
  expect(blockchain?.chains[0]?.rpcUrl).toBe('http://devnet-a:8545')
  expect(() => readConfig({ LATCH_ENS_RPC: 'ftp://x' })).toThrow('LATCH_ENS_RPC must be an http(s) URL')
})

test('LATCH_SWAP_*: a swap API for the networks the devnet does not serve, and the networks swaps are offered on', async () => {
  const plain = readConfig({})
  expect(plain.blockchain).toBeUndefined()
  const { blockchain } = readConfig({
    LATCH_SWAP_API_URL: 'https://swap.example/',
    LATCH_SWAP_API_KEY: 'k',
    LATCH_SWAP_NETWORKS: '1, 8453,31337',
  })
  expect(blockchain!.swaps!.networks).toEqual([1, 8453, 31337])
  const [devnet, aggregator] = blockchain!.swaps!.providers
  expect(devnet!.chains).toEqual([31337, 31338])
  expect(aggregator!.chains).toEqual([1, 8453, 31337])
  expect(readConfig({ LATCH_SWAP_NETWORKS: '31337' }).blockchain!.swaps!.networks).toEqual([31337])
  expect(() => readConfig({ LATCH_SWAP_NETWORKS: '1,eth' })).toThrow(
    'LATCH_SWAP_NETWORKS must be eip155 chain ids',
  )
  expect(() => readConfig({ LATCH_SWAP_API_URL: 'swap.example' })).toThrow(
    'LATCH_SWAP_API_URL must be an http(s) URL',
  )
  expect(() => readConfig({ LATCH_SWAP_API_KEY: 'k' })).toThrow('LATCH_SWAP_API_KEY needs LATCH_SWAP_API_URL')
})

test('LATCH_INDEX turns the indexers off on instances that only serve reads', () => {
  expect(readConfig({}).index).toBeUndefined()
  expect(readConfig({ LATCH_INDEX: 'off' }).index).toBe(false)
  expect(readConfig({ LATCH_INDEX: 'on' }).index).toBe(true)
  expect(() => readConfig({ LATCH_INDEX: 'no' })).toThrow('LATCH_INDEX must be on or off')
})

test('limits and proxies: REDIS_URL, TRUST_PROXY, ALLOWED_HOSTS, LATCH_RATE_LIMITS, LATCH_SESSION_MAX_DAYS', () => {
  expect(
    readConfig({
      REDIS_URL: 'redis://cache:6379',
      TRUST_PROXY: '10.0.0.1, 10.0.0.2',
      ALLOWED_HOSTS: 'latch.example.com,latch.internal:8787',
      LATCH_RATE_LIMITS: 'read=1200,write=10',
      LATCH_SESSION_MAX_DAYS: '7',
    }),
  ).toMatchObject({
    redisUrl: 'redis://cache:6379',
    trustProxy: ['10.0.0.1', '10.0.0.2'],
    allowedHosts: ['latch.example.com', 'latch.internal:8787'],
    rateLimits: { read: 1200, write: 10 },
    maxSessionMs: 7 * 24 * 60 * 60_000,
  })
  expect(readConfig({ TRUST_PROXY: 'true', LATCH_RATE_LIMITS: 'off' })).toMatchObject({
    trustProxy: 1,
    rateLimits: false,
  })
  expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
})

test('in production PUBLIC_URL is required and names the host the server answers for', () => {
  expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(
    'PUBLIC_URL is required when NODE_ENV is production',
  )
  expect(
    readConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://latch.example.com',
      ALLOWED_HOSTS: 'internal:8787',
      FRAME_PORT: 'off',
      LATCH_CONFIG: example,
    }).allowedHosts,
  ).toEqual(['latch.example.com', 'internal:8787'])
})

test.each([
  [{ REDIS_URL: 'http://cache' }, 'REDIS_URL'],
  [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY'],
  [{ ALLOWED_HOSTS: 'a b' }, 'ALLOWED_HOSTS'],
  [{ LATCH_RATE_LIMITS: 'reads=5' }, 'LATCH_RATE_LIMITS'],
  [{ LATCH_RATE_LIMITS: 'read=-1' }, 'LATCH_RATE_LIMITS'],
  [{ LATCH_SESSION_MAX_DAYS: '0' }, 'LATCH_SESSION_MAX_DAYS'],
])('%j is refused naming %s', (env, name) => {
  expect(() => readConfig(env)).toThrow(name)
})

test('LATCH_CONFIG gives the chains and the projects; without chains in it the devnet serves, as LATCH_RPC_* say', () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-readconfig-'))
  const projectsOnly = join(dir, 'projects.json')
  writeFileSync(
    projectsOnly,
    JSON.stringify({ projects: [{ id: 'shop', origins: ['https://shop.example'] }] }),
  )
  const devnet = readConfig({ LATCH_CONFIG: projectsOnly, LATCH_RPC_A: 'http://devnet-a:8545' })
  expect(devnet.projects?.map((project) => project.id)).toEqual(['shop'])
  expect(devnet.blockchain?.chains[0]?.rpcUrl).toBe('http://devnet-a:8545')

  const production = readConfig({
    LATCH_CONFIG: fileURLToPath(new URL('../examples/latch.config.yaml', import.meta.url)),
    LATCH_RPC_A: 'http://devnet-a:8545',
  })
  expect(production.blockchain?.chains.map((chain) => chain.name)).toEqual(['Ethereum', 'Base'])
  expect(production.blockchain?.ensRpcUrl).toBe('https://ethereum-rpc.publicnode.com')
  expect(production.projects?.map((project) => project.allowedOrigins)).toEqual([
    ['https://app.example.com', 'https://*.app.example.com'],
  ])
})

test('PAYMASTER_SIGNER_KEY and LATCH_BUNDLER_A/B: the devnet’s sponsorship with the key given, its bundlers moved', () => {
  const key = `0x${'cd'.repeat(32)}`
  const { blockchain } = readConfig({ PAYMASTER_SIGNER_KEY: key, LATCH_BUNDLER_B: 'http://127.0.0.1:9792' })
  expect(blockchain!.sponsorship!.signerKey).toBe(key)
  expect(Object.keys(blockchain!.sponsorship!.policies)).toEqual(['latch-demo'])
  expect(blockchain!.chains.map((chain) => chain.bundlerUrl)).toEqual([
    'http://127.0.0.1:8791',
    'http://127.0.0.1:9792',
  ])
  expect(() => readConfig({ PAYMASTER_SIGNER_KEY: '0x12' })).toThrow(
    'PAYMASTER_SIGNER_KEY must be a private key (0x and 64 hex digits)',
  )
  // A provider that answers eth_getLogs over 10 blocks at most: the paymaster searches 10 at a time.
  expect(
    readConfig({ PAYMASTER_SIGNER_KEY: key, PAYMASTER_LOGS_RANGE: '10' }).blockchain?.sponsorship,
  ).toMatchObject({ logsRange: 10 })
  for (const range of ['0', '1e3', '-5', '1000000'])
    expect(() => readConfig({ PAYMASTER_SIGNER_KEY: key, PAYMASTER_LOGS_RANGE: range })).toThrow(
      'PAYMASTER_LOGS_RANGE must be a whole number of blocks from 1 to 999999',
    )
  expect(() => readConfig({ LATCH_BUNDLER_A: 'bundler:3000' })).toThrow(
    'LATCH_BUNDLER_A must be an http(s) URL',
  )
})

/** A configuration file's chain with a paymaster, and a sponsorship of it. */
const sponsoredChain = {
  chainId: 8453,
  name: 'Base',
  rpcUrl: 'https://base.example',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  paymaster: '0x6D8da4B12D658a36909ec1C75F81E54B8DB4eBf9',
}
const sponsorship = { chains: [8453], maxGasPerOperation: 2e6, accountDailyCapWei: '1', dailyCapWei: '2' }

test('LATCH_CONFIG’s sponsorship needs PAYMASTER_SIGNER_KEY; with it the projects’ policies are the only ones', () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-sponsorship-'))
  const file = join(dir, 'latch.json')
  const chain = sponsoredChain
  writeFileSync(
    file,
    JSON.stringify({
      chains: [chain],
      prices: { fixed: {} },
      projects: [{ id: 'shop', origins: [], sponsorship }],
    }),
  )
  expect(() => readConfig({ LATCH_CONFIG: file })).toThrow(
    'PAYMASTER_SIGNER_KEY is required: LATCH_CONFIG gives projects a sponsorship',
  )
  const key = `0x${'cd'.repeat(32)}`
  const { blockchain } = readConfig({ LATCH_CONFIG: file, PAYMASTER_SIGNER_KEY: key })
  expect(blockchain!.sponsorship).toEqual({
    signerKey: key,
    policies: {
      shop: {
        chains: [8453],
        maxGasPerOperation: 2_000_000n,
        accountDailyCap: 1n,
        dailyCap: 2n,
        validForSeconds: 600,
      },
    },
  })
})

describe('in production the server refuses development defaults, naming the setting', () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-production-'))
  const chain = { ...sponsoredChain, bundlerUrl: 'http://bundler.internal:3000' }
  let files = 0
  /** A configuration file of the chain above and these projects. */
  const configWith = (projects: unknown[], chains: unknown[] = [chain]) => {
    const file = join(dir, `latch-${files++}.json`)
    writeFileSync(file, JSON.stringify({ chains, prices: { fixed: {} }, projects }))
    return file
  }
  const production = (config: string, env: NodeJS.ProcessEnv = {}) =>
    readConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://latch.example.com',
      FRAME_PORT: 'off',
      PAYMASTER_SIGNER_KEY: `0x${'cd'.repeat(32)}`,
      LATCH_CONFIG: config,
      ...env,
    })
  const shop = { id: 'shop', origins: ['https://shop.example'], sponsorship }

  test('the accepted case: chains, projects and a policy of their own', () => {
    expect(production(configWith([shop])).production).toBe(true)
    expect(readConfig({}).production).toBeUndefined()
  })

  test('the devnet’s chains (public test keys, a policy for every caller, bundlers on every interface)', () => {
    expect(() =>
      readConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://latch.example.com',
        FRAME_PORT: 'off',
        PAYMASTER_SIGNER_KEY: `0x${'cd'.repeat(32)}`,
      }),
    ).toThrow('The devnet’s chains (no chains in LATCH_CONFIG')
    // The same without production: the devnet, sponsoring every caller, as npm start runs it.
    expect(readConfig({ PAYMASTER_SIGNER_KEY: `0x${'cd'.repeat(32)}` }).blockchain?.chains).toHaveLength(2)
  })

  test('a bundler URL naming every interface', () => {
    const open = configWith([shop], [{ ...chain, bundlerUrl: 'http://0.0.0.0:4337' }])
    expect(() => production(open)).toThrow(
      'LATCH_CONFIG: chain 8453’s bundlerUrl http://0.0.0.0:4337 names every interface: not when NODE_ENV is production',
    )
    expect(readConfig({ LATCH_CONFIG: open, PAYMASTER_SIGNER_KEY: `0x${'cd'.repeat(32)}` })).toBeDefined()
  })

  test('a sponsorship of every origin, unless LATCH_SPONSOR_EVERYONE=on', () => {
    const everyone = configWith([{ ...shop, sponsorship: { ...sponsorship, origins: ['*'] } }])
    expect(() => production(everyone)).toThrow(
      'LATCH_CONFIG: project shop’s sponsorship has origins ["*"], every caller and script (LATCH_SPONSOR_EVERYONE=on allows it): not when NODE_ENV is production',
    )
    expect(
      production(everyone, { LATCH_SPONSOR_EVERYONE: 'on' }).blockchain?.sponsorship?.policies.shop,
    ).toMatchObject({ origins: ['*'] })
  })

  test('a project or a policy admitting every local port', () => {
    expect(() =>
      production(configWith([{ ...shop, origins: ['https://shop.example', 'http://localhost:*'] }])),
    ).toThrow(
      'LATCH_CONFIG: project shop admits http://localhost:*, every local app: not when NODE_ENV is production',
    )
    expect(() =>
      production(configWith([{ ...shop, sponsorship: { ...sponsorship, origins: ['http://127.0.0.1:*'] } }])),
    ).toThrow('LATCH_CONFIG: project shop’s sponsorship admits http://127.0.0.1:*, every local app')
    // One local port, named, is a choice the operator made.
    expect(production(configWith([{ ...shop, origins: ['http://localhost:3000'] }])).production).toBe(true)
  })

  test('the devnet’s public Telegram bot and Farcaster relay key', () => {
    const config = configWith([shop])
    const frame = {
      FRAME_PORT: '0',
      FRAME_PUBLIC_URL: 'https://wallet.example.com',
      LATCH_KEK: Buffer.alloc(32, 1).toString('base64'),
      LATCH_RECOVERY_KEK: Buffer.alloc(32, 2).toString('base64'),
    }
    expect(() => production(config, { ...frame, TELEGRAM_BOT_TOKEN: localTelegramBotToken })).toThrow(
      'TELEGRAM_BOT_TOKEN is the devnet’s public test bot: not when NODE_ENV is production',
    )
    expect(
      production(config, { ...frame, TELEGRAM_BOT_TOKEN: '7000000002:our-own-bot-secret-abcdefghijklmnopq' })
        .frame?.telegram,
    ).toBeDefined()
    const farcaster = { LATCH_FARCASTER_RPC_URL: 'https://optimism.example' }
    expect(() =>
      production(config, { ...farcaster, LATCH_FARCASTER_RELAY_KEY: devFarcasterRelayKey }),
    ).toThrow('LATCH_FARCASTER_RELAY_KEY is the devnet’s public test key: not when NODE_ENV is production')
    // The server's copies are the devnet's own values.
    expect([devnetTelegramBotToken, devnetFarcasterRelayKey]).toEqual([
      localTelegramBotToken,
      devFarcasterRelayKey,
    ])
  })
})

test('LATCH_ONRAMP_SANDBOX_KEY: the sandbox on-ramp off, or delivering from another account', () => {
  expect(readConfig({}).blockchain).toBeUndefined()
  const key = `0x${'ab'.repeat(32)}`
  expect(readConfig({ LATCH_ONRAMP_SANDBOX_KEY: key }).blockchain!.onramp).toEqual({
    providers: [],
    sandbox: { payerKey: key },
  })
  expect(readConfig({ LATCH_ONRAMP_SANDBOX_KEY: 'off' }).blockchain!.onramp).toEqual({ providers: [] })
  expect(() => readConfig({ LATCH_ONRAMP_SANDBOX_KEY: '0x12' })).toThrow(
    'LATCH_ONRAMP_SANDBOX_KEY must be off or a private key',
  )
})

test('LATCH_MELD_* and LATCH_COINBASE_ONRAMP_*: external on-ramp providers after the devnet’s sandbox', () => {
  const { blockchain } = readConfig({ LATCH_MELD_API_KEY: 'k', LATCH_MELD_PUBLIC_KEY: 'p' })
  expect(blockchain!.onramp!.sandbox).toBeDefined()
  expect(blockchain!.onramp!.providers!.map(({ id }) => id)).toEqual(['meld'])
  const off = readConfig({
    LATCH_MELD_API_KEY: 'k',
    LATCH_MELD_PUBLIC_KEY: 'p',
    LATCH_ONRAMP_SANDBOX_KEY: 'off',
  })
  expect(off.blockchain!.onramp).toEqual({ providers: [expect.objectContaining({ id: 'meld' })] })
  expect(() => readConfig({ LATCH_MELD_API_KEY: 'k' })).toThrow('LATCH_MELD_PUBLIC_KEY')
})

test('LATCH_FARCASTER_*: the ID registry’s chain offers Farcaster; the relay elsewhere, or ours with its key', () => {
  expect(readConfig({}).farcaster).toBeUndefined()
  expect(readConfig({ LATCH_FARCASTER_RPC_URL: 'http://127.0.0.1:8545' }).farcaster).toEqual({
    rpcUrl: 'http://127.0.0.1:8545',
  })
  expect(
    readConfig({
      LATCH_FARCASTER_RPC_URL: 'https://mainnet.optimism.io',
      LATCH_FARCASTER_RELAY_URL: 'https://relay.farcaster.xyz/',
      LATCH_FARCASTER_RELAY_KEY: 'a-relay-key-of-24-chars!',
    }).farcaster,
  ).toEqual({
    rpcUrl: 'https://mainnet.optimism.io',
    relayUrl: 'https://relay.farcaster.xyz',
    relayKey: 'a-relay-key-of-24-chars!',
  })
  expect(() => readConfig({ LATCH_FARCASTER_RELAY_KEY: 'a-relay-key-of-24-chars!' })).toThrow(
    'LATCH_FARCASTER_RPC_URL is required with LATCH_FARCASTER_RELAY_URL or _RELAY_KEY',
  )
  expect(() => readConfig({ LATCH_FARCASTER_RPC_URL: 'ws://x' })).toThrow(
    'LATCH_FARCASTER_RPC_URL must be an http(s) URL',
  )
  expect(() =>
    readConfig({ LATCH_FARCASTER_RPC_URL: 'http://x', LATCH_FARCASTER_RELAY_KEY: 'short' }),
  ).toThrow('LATCH_FARCASTER_RELAY_KEY must be at least 16 characters')
})

test('TELEGRAM_BOT_TOKEN offers Telegram logins; LATCH_TELEGRAM_URL a stand-in of its login page', () => {
  const token = '7000000001:latch-devnet-test-bot-secret-0123456789'
  expect(readConfig({ TELEGRAM_BOT_TOKEN: token }).frame?.telegram).toEqual({
    botToken: token,
    url: 'https://oauth.telegram.org',
  })
  expect(
    readConfig({ TELEGRAM_BOT_TOKEN: token, LATCH_TELEGRAM_URL: 'http://127.0.0.1:8790/telegram' }).frame
      ?.telegram?.url,
  ).toBe('http://127.0.0.1:8790/telegram')
  expect(() => readConfig({ TELEGRAM_BOT_TOKEN: 'not-a-token' })).toThrow(
    'TELEGRAM_BOT_TOKEN must be a bot token as BotFather gives it (<bot id>:<secret>)',
  )
  expect(() => readConfig({ LATCH_TELEGRAM_URL: 'http://x' })).toThrow(
    'LATCH_TELEGRAM_URL goes with TELEGRAM_BOT_TOKEN',
  )
})
