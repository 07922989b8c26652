import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { configFileJsonSchema, loadConfigFile, MAX_CONFIG_BYTES, parseConfigFile } from './configFile.ts'

const mainnet = {
  chainId: 1,
  name: 'Ethereum',
  rpcUrl: 'https://rpc.example.com',
  wsUrl: 'wss://rpc.example.com/ws',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  tokens: [
    { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
  ],
}
const base = {
  chainId: 8453,
  name: 'Base',
  rpcUrl: 'https://base.example.com',
  nativeCurrency: mainnet.nativeCurrency,
}

/** The blockchain configuration of a file that names chains. */
const parseChainsConfig = (input: object) => {
  const { blockchain } = parseConfigFile(input)
  if (!blockchain) throw new Error('no chains')
  return blockchain
}

test('chains with their CAIP-2 ids and tokens, and fixed prices', async () => {
  const config = parseChainsConfig({ chains: [mainnet, base], prices: { fixed: { ETH: 3000, USDC: 1 } } })
  expect(config.chains).toEqual([
    { ...mainnet, caipNetworkId: 'eip155:1' },
    { ...base, caipNetworkId: 'eip155:8453', tokens: [] },
  ])
  const prices = await config.prices.prices('usd', [
    { chainId: 'eip155:8453', address: 'native', symbol: 'ETH' },
  ])
  expect(prices.get('eip155:8453:native')).toBe(3000)
})

test('a price service URL', () => {
  expect(() =>
    parseChainsConfig({ chains: [base], prices: { url: 'https://prices.example.com' } }),
  ).not.toThrow()
})

test('spam-listed NFT contracts of a chain', () => {
  const spam = '0x5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a'
  const config = parseChainsConfig({ chains: [{ ...base, spamContracts: [spam] }], prices: { fixed: {} } })
  expect(config.chains[0]!.spamContracts).toEqual([spam])
})

test.each([
  [{ chains: [], prices: { fixed: {} } }, 'chains:'],
  [
    { chains: [{ ...base, spamContracts: ['0x5a'] }], prices: { fixed: {} } },
    'chains[0].spamContracts[0]: must be 0x and 40 hex characters',
  ],
  [
    { chains: [{ ...base, rpcUrl: 'ftp://x' }], prices: { fixed: {} } },
    'chains[0].rpcUrl: must be an http(s) URL',
  ],
  [
    { chains: [{ ...base, wsUrl: 'https://x' }], prices: { fixed: {} } },
    'chains[0].wsUrl: must be a ws(s) URL',
  ],
  [
    { chains: [{ ...mainnet, tokens: [{ ...mainnet.tokens[0], address: '0x12' }] }], prices: { fixed: {} } },
    'chains[0].tokens[0].address',
  ],
  [
    { chains: [base, { ...base, chainId: 10 }, base], prices: { fixed: {} } },
    'chains: must not list a chainId twice',
  ],
  [{ chains: [base], prices: { fixed: { ETH: -1 } } }, 'prices'],
  [{ chains: [base], prices: { url: 'nope' } }, 'prices'],
  [{ chains: [base] }, 'prices: chains and prices go together'],
  [{ prices: { fixed: {} } }, 'prices: chains and prices go together'],
  [{ chain: [base] }, 'Unrecognized key: "chain"'],
  [
    { projects: [{ id: 'shop', origins: ['https://shop.example/path'] }] },
    'projects[0].origins[0]: must be *',
  ],
  [{ projects: [{ id: 'a b', origins: [] }] }, 'projects[0].id: must be 1 to 100 letters'],
  [
    {
      projects: [
        { id: 'shop', origins: [] },
        { id: 'shop', origins: ['*'] },
      ],
    },
    'projects: must not list an id twice',
  ],
  [[], '(top level)'],
])('%j → an error naming %s', (input, message) => {
  expect(() => parseConfigFile(input)).toThrow(message)
})

test('without chains the devnet serves (no blockchain here); projects as the storage keeps them', () => {
  expect(parseConfigFile({})).toEqual({ projects: [], policies: {} })
  const config = parseConfigFile({
    ensRpcUrl: 'https://eth.example',
    projects: [
      { id: 'shop', name: 'The Shop', origins: ['https://shop.example', 'https://*.shop.example'] },
      { id: 'quiet', origins: ['*'], analytics: false },
    ],
  })
  expect(config).toEqual({
    ensRpcUrl: 'https://eth.example',
    projects: [
      {
        id: 'shop',
        name: 'The Shop',
        allowedOrigins: ['https://shop.example', 'https://*.shop.example'],
        analyticsEnabled: true,
      },
      { id: 'quiet', name: 'quiet', allowedOrigins: ['*'], analyticsEnabled: false },
    ],
    policies: {},
  })
})

test('a chain’s bundler and paymaster, and a project’s sponsorship policy (caps in wei, as text)', () => {
  const chain = {
    chainId: 8453,
    name: 'Base',
    rpcUrl: 'https://base.example',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    bundlerUrl: 'http://bundler.internal:3000',
    paymaster: '0x6D8da4B12D658a36909ec1C75F81E54B8DB4eBf9',
  }
  const sponsorship = {
    chains: [8453],
    maxGasPerOperation: 2_000_000,
    accountDailyCapWei: '1000000000000000',
    dailyCapWei: '100000000000000000000',
  }
  const config = parseConfigFile({
    chains: [chain],
    prices: { fixed: { ETH: 3000 } },
    projects: [{ id: 'shop', origins: ['https://shop.example'], sponsorship }],
  })
  expect(config.blockchain?.chains[0]).toMatchObject({
    bundlerUrl: 'http://bundler.internal:3000',
    paymaster: '0x6D8da4B12D658a36909ec1C75F81E54B8DB4eBf9',
  })
  expect(config.policies).toEqual({
    shop: {
      chains: [8453],
      maxGasPerOperation: 2_000_000n,
      accountDailyCap: 10n ** 15n,
      dailyCap: 10n ** 20n,
      validForSeconds: 600,
    },
  })
  const { paymaster: _, ...withoutPaymaster } = chain
  expect(() =>
    parseConfigFile({
      chains: [withoutPaymaster],
      prices: { fixed: { ETH: 3000 } },
      projects: [{ id: 'shop', origins: [], sponsorship }],
    }),
  ).toThrow('projects[0].sponsorship.chains: chain 8453 has no paymaster in chains')
  expect(() =>
    parseConfigFile({
      projects: [{ id: 'shop', origins: [], sponsorship: { ...sponsorship, dailyCapWei: 1e20 } }],
    }),
  ).toThrow('projects[0].sponsorship.dailyCapWei')
  expect(() =>
    parseConfigFile({
      projects: [{ id: 'shop', origins: [], sponsorship: { ...sponsorship, validForSeconds: 601 } }],
    }),
  ).toThrow('projects[0].sponsorship.validForSeconds')
})

const dir = mkdtempSync(join(tmpdir(), 'latch-config-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('loadConfigFile reads JSON, or YAML by its extension, and names the file for bad syntax as for a bad field', () => {
  const good = join(dir, 'good.json')
  writeFileSync(good, JSON.stringify({ chains: [base], prices: { fixed: { ETH: 1 } } }))
  expect(loadConfigFile(good).blockchain?.chains[0]?.caipNetworkId).toBe('eip155:8453')

  const yaml = join(dir, 'latch.config.yaml')
  writeFileSync(
    yaml,
    [
      'chains:',
      '  - chainId: 8453',
      '    name: Base',
      '    rpcUrl: https://base.example.com',
      '    nativeCurrency: { name: Ether, symbol: ETH, decimals: 18 }',
      'prices:',
      '  url: https://prices.example.com',
      'projects:',
      '  - id: shop',
      '    origins: ["https://shop.example"]',
    ].join('\n'),
  )
  const fromYaml = loadConfigFile(yaml)
  expect(fromYaml.blockchain?.chains.map((chain) => chain.name)).toEqual(['Base'])
  expect(fromYaml.projects.map((project) => project.id)).toEqual(['shop'])

  const badJson = join(dir, 'bad.json')
  writeFileSync(badJson, '{ chains')
  expect(() => loadConfigFile(badJson)).toThrow(`${badJson}:`)
  const badYaml = join(dir, 'bad.yml')
  writeFileSync(badYaml, 'chains: [')
  expect(() => loadConfigFile(badYaml)).toThrow(`${badYaml}:`)

  const badField = join(dir, 'field.json')
  writeFileSync(badField, JSON.stringify({ chains: [{ ...base, name: '' }], prices: { fixed: {} } }))
  expect(() => loadConfigFile(badField)).toThrow(`${badField}: chains[0].name`)

  expect(() => loadConfigFile(join(dir, 'missing.json'))).toThrow('missing.json')
})

test('the shipped config.schema.json is the schema of this shape (`npx tsx packages/server/scripts/configSchema.ts`)', () => {
  const shipped = JSON.parse(readFileSync(new URL('../config.schema.json', import.meta.url), 'utf8'))
  expect(shipped).toEqual(configFileJsonSchema())
})

test('the production example in the README parses', () => {
  const example = new URL('../examples/latch.config.yaml', import.meta.url)
  const config = loadConfigFile(example.pathname)
  expect(config.blockchain?.chains.map((chain) => chain.caipNetworkId)).toEqual(['eip155:1', 'eip155:8453'])
})

test('only a regular file of at most 1 MiB is read: a directory, a device or a huge file is refused, naming it', () => {
  const folder = join(dir, 'folder.json')
  mkdirSync(folder)
  expect(() => loadConfigFile(folder)).toThrow(`${folder}: not a regular file`)
  expect(() => loadConfigFile('/dev/zero')).toThrow('/dev/zero: not a regular file')
  const huge = join(dir, 'huge.json')
  writeFileSync(huge, `{"projects":[]}${' '.repeat(MAX_CONFIG_BYTES)}`)
  expect(() => loadConfigFile(huge)).toThrow(`${huge}: larger than 1024 KiB`)
})
