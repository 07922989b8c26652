import { readFileSync, statSync } from 'node:fs'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { fixedPriceProvider } from './chains/fixedPriceProvider.ts'
import { httpPriceProvider } from './chains/httpPriceProvider.ts'
import type { BlockchainConfig, SponsorshipPolicy } from './chains/types.ts'
import { fieldName } from './fieldName.ts'
import type { ProjectInput } from './storage/types.ts'

const httpUrl = z.string().regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
const symbol = z.string().min(1).max(32)
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x and 40 hex characters')

const chain = z
  .object({
    chainId: z.number().int().positive(),
    name: z.string().min(1).max(100),
    rpcUrl: httpUrl,
    /** The RPC visitors' browsers may use (the embedded wallet's frame); published, so without a secret in it. */
    publicRpcUrl: httpUrl.optional(),
    wsUrl: z
      .string()
      .regex(/^wss?:\/\/\S+$/, 'must be a ws(s) URL')
      .optional(),
    nativeCurrency: z.object({
      name: z.string().min(1).max(100),
      symbol,
      decimals: z.number().int().min(0).max(36),
    }),
    tokens: z
      .array(
        z.object({
          address,
          name: z.string().min(1).max(100),
          symbol,
          decimals: z.number().int().min(0).max(36),
        }),
      )
      .max(1000)
      .default([]),
    /** NFT contracts whose transfers the history flags as spam. */
    spamContracts: z.array(address).max(10_000).optional(),
    /** An ERC-4337 v0.7 bundler's URL (never published: `/v1/bundler/<chainId>` is the way to it). */
    bundlerUrl: httpUrl.optional(),
    /** The VerifyingPaymaster (EntryPoint v0.7) whose signer is PAYMASTER_SIGNER_KEY's. */
    paymaster: address.optional(),
  })
  .strict()

const wei = z.string().regex(/^\d{1,78}$/, 'must be an amount in wei, as decimal digits in a string')

/** A project's gas sponsorship (`/v1/paymaster/<chainId>`). */
const sponsorship = z
  .object({
    /** The chain ids sponsored: each needs a `paymaster` in `chains`. */
    chains: z.array(z.number().int().positive()).min(1).max(100),
    /** Origins of the pages sponsored (default the project's); `*` also sponsors requests without an Origin. */
    origins: z
      .array(z.string().regex(/^(\*|https?:\/\/[^\s/]+)$/, 'must be * or an http(s) origin (no path)'))
      .max(100)
      .optional(),
    /** The most gas one operation may use, all its limits summed. */
    maxGasPerOperation: z.number().int().positive().max(1e9),
    /** The most one account is sponsored in a UTC day, in wei (gas limits × max fee). */
    accountDailyCapWei: wei,
    /** The most the project is sponsored in a UTC day, in wei. */
    dailyCapWei: wei,
    /** The most operations one account has sponsored in a UTC day (default 1,000). */
    accountDailyOperations: z.number().int().positive().max(1e6).optional(),
    /** The most operations the project has sponsored in a UTC day (default 100,000). */
    dailyOperations: z.number().int().positive().max(1e8).optional(),
    /** The most signatures one requester (a client address, IPv6 by /64) gets in an hour (default 100). */
    requesterHourlyOperations: z.number().int().positive().max(1e6).optional(),
    /** Seconds a sponsorship's signature stays valid: 1 to 600 (default 600). */
    validForSeconds: z.number().int().min(1).max(600).default(600),
  })
  .strict()

const project = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'must be 1 to 100 letters, digits, ".", "_" or "-"'),
    name: z.string().min(1).max(100).optional(),
    /** Origins whose pages may use the project: `https://app.example`, `https://*.app.example`, `*`. */
    origins: z
      .array(z.string().regex(/^(\*|https?:\/\/[^\s/]+)$/, 'must be * or an http(s) origin (no path)'))
      .max(100),
    analytics: z.boolean().default(true),
    /** Gas sponsored for this project's users (needs PAYMASTER_SIGNER_KEY); none without it. */
    sponsorship: sponsorship.optional(),
  })
  .strict()

/**
 * The server's configuration file (`--config`, `LATCH_CONFIG`; JSON or YAML): what the server serves. Where it
 * listens, its database and Redis stay in the environment (`latch-server --help`). Without `chains`, the
 * blockchain API serves the local devnet, the development default. The JSON Schema of this shape ships as
 * `@latch/server/config.schema.json`.
 */
export const configFile = z
  .object({
    /** The JSON Schema the file follows, for editors; not read. */
    $schema: z.string().optional(),
    /** The chains of the blockchain API with their RPC endpoints and tokens. */
    chains: z
      .array(chain)
      .min(1)
      .max(100)
      .refine((items) => new Set(items.map((item) => item.chainId)).size === items.length, {
        message: 'must not list a chainId twice',
      })
      .optional(),
    /** Where usd prices come from: fixed by symbol, or a price service. Required with `chains`. */
    prices: z
      .union([
        z.object({ fixed: z.record(symbol, z.number().finite().nonnegative()) }).strict(),
        z.object({ url: httpUrl, timeoutMs: z.number().int().positive().max(60_000).optional() }).strict(),
      ])
      .optional(),
    /** An Ethereum mainnet RPC URL: identities fall back to ENS names and avatars through it. */
    ensRpcUrl: httpUrl.optional(),
    /** Projects (apps) kept as written here at every start; projects added with `latch-server projects add` stay. */
    projects: z
      .array(project)
      .max(1000)
      .refine((items) => new Set(items.map((item) => item.id)).size === items.length, {
        message: 'must not list an id twice',
      })
      .default([]),
  })
  .strict()
  .refine((file) => (file.chains === undefined) === (file.prices === undefined), {
    message: 'chains and prices go together: prices of the devnet are its own',
    path: ['prices'],
  })
  .superRefine((file, context) => {
    // A sponsored chain must be one of the file's chains, with a paymaster (the devnet's have theirs).
    if (!file.chains) return
    for (const [index, project] of file.projects.entries())
      for (const chainId of project.sponsorship?.chains ?? [])
        if (!file.chains.some((item) => item.chainId === chainId && item.paymaster))
          context.addIssue({
            code: 'custom',
            message: `chain ${chainId} has no paymaster in chains`,
            path: ['projects', index, 'sponsorship', 'chains'],
          })
  })

export type ConfigFile = z.input<typeof configFile>

/** What a configuration file sets. */
export interface ServedConfig {
  /** Undefined when the file names no chains (the devnet's, then). */
  blockchain?: BlockchainConfig
  /** Also in `blockchain` when the file names chains. */
  ensRpcUrl?: string
  projects: ProjectInput[]
  /** The projects' gas sponsorship policies, by project id (the signer key comes from the environment). */
  policies: Record<string, SponsorshipPolicy>
}

/**
 * The configuration from a parsed file. Throws an Error naming the first bad field
 * (`chains[0].rpcUrl: must be an http(s) URL`).
 *
 * @example
 * parseConfigFile({ chains: [{ chainId: 1, name: 'Ethereum', rpcUrl: 'https://rpc.example.com',
 *   nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }], prices: { url: 'https://prices.example.com' } })
 */
export function parseConfigFile(input: unknown): ServedConfig {
  const result = configFile.safeParse(input)
  if (!result.success) {
    const issue = result.error.issues[0]!
    throw new Error(`${fieldName(issue.path) || '(top level)'}: ${issue.message}`)
  }
  const file = result.data
  const projects = file.projects.map((item) => ({
    id: item.id,
    name: item.name ?? item.id,
    allowedOrigins: item.origins,
    analyticsEnabled: item.analytics,
  }))
  const policies: Record<string, SponsorshipPolicy> = {}
  for (const { id, sponsorship } of file.projects)
    if (sponsorship)
      policies[id] = {
        chains: sponsorship.chains,
        ...(sponsorship.origins ? { origins: sponsorship.origins } : {}),
        maxGasPerOperation: BigInt(sponsorship.maxGasPerOperation),
        accountDailyCap: BigInt(sponsorship.accountDailyCapWei),
        dailyCap: BigInt(sponsorship.dailyCapWei),
        ...(sponsorship.accountDailyOperations
          ? { accountDailyOperations: sponsorship.accountDailyOperations }
          : {}),
        ...(sponsorship.dailyOperations ? { dailyOperations: sponsorship.dailyOperations } : {}),
        ...(sponsorship.requesterHourlyOperations
          ? { requesterHourlyOperations: sponsorship.requesterHourlyOperations }
          : {}),
        validForSeconds: sponsorship.validForSeconds,
      }
  const ensRpcUrl = file.ensRpcUrl ? { ensRpcUrl: file.ensRpcUrl } : {}
  if (!file.chains || !file.prices) return { projects, policies, ...ensRpcUrl }
  const { prices } = file
  return {
    projects,
    policies,
    ...ensRpcUrl,
    blockchain: {
      ...ensRpcUrl,
      chains: file.chains.map((item) => ({
        caipNetworkId: `eip155:${item.chainId}`,
        chainId: item.chainId,
        name: item.name,
        rpcUrl: item.rpcUrl,
        ...(item.publicRpcUrl ? { publicRpcUrl: item.publicRpcUrl } : {}),
        ...(item.wsUrl ? { wsUrl: item.wsUrl } : {}),
        nativeCurrency: item.nativeCurrency,
        tokens: item.tokens.map((token) => ({ ...token, address: token.address as `0x${string}` })),
        ...(item.spamContracts ? { spamContracts: item.spamContracts as `0x${string}`[] } : {}),
        ...(item.bundlerUrl ? { bundlerUrl: item.bundlerUrl } : {}),
        ...(item.paymaster ? { paymaster: item.paymaster as `0x${string}` } : {}),
      })),
      prices:
        'fixed' in prices
          ? fixedPriceProvider(prices.fixed)
          : httpPriceProvider(prices.url, prices.timeoutMs ? { timeoutMs: prices.timeoutMs } : {}),
    },
  }
}

/** The largest configuration file read. */
export const MAX_CONFIG_BYTES = 1024 * 1024

/**
 * Reads a configuration file: YAML when its name ends in `.yaml` or `.yml`, else JSON. Throws an Error naming
 * the file and what is wrong in it.
 *
 * @example
 * const { blockchain, projects } = loadConfigFile('latch.config.yaml')
 */
export function loadConfigFile(path: string): ServedConfig {
  let input: unknown
  try {
    // A configuration is a few KiB: a device, a pipe or a huge file is a mistake, not something to read whole.
    const stats = statSync(path)
    if (!stats.isFile()) throw new Error('not a regular file')
    if (stats.size > MAX_CONFIG_BYTES) throw new Error(`larger than ${MAX_CONFIG_BYTES / 1024} KiB`)
    const text = readFileSync(path, 'utf8')
    input = /\.ya?ml$/i.test(path) ? parseYaml(text, { maxAliasCount: 100 }) : JSON.parse(text)
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
  try {
    return parseConfigFile(input)
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`, { cause: error })
  }
}

/** The JSON Schema of the configuration file, as `config.schema.json` ships it. */
export function configFileJsonSchema(): object {
  return z.toJSONSchema(configFile, { io: 'input', target: 'draft-2020-12' })
}
