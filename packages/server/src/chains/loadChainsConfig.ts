import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { fixedPriceProvider } from './fixedPriceProvider.ts'
import { httpPriceProvider } from './httpPriceProvider.ts'
import type { BlockchainConfig } from './types.ts'

const httpUrl = z.string().regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
const symbol = z.string().min(1).max(32)

/** The chains file (env `LATCH_CHAINS`): chains with their RPC endpoints and tokens, and where prices come from. */
export const chainsFile = z.object({
  chains: z
    .array(
      z.object({
        chainId: z.number().int().positive(),
        name: z.string().min(1),
        rpcUrl: httpUrl,
        wsUrl: z
          .string()
          .regex(/^wss?:\/\/\S+$/, 'must be a ws(s) URL')
          .optional(),
        nativeCurrency: z.object({
          name: z.string().min(1),
          symbol,
          decimals: z.number().int().min(0).max(36),
        }),
        tokens: z
          .array(
            z.object({
              address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x and 40 hex characters'),
              name: z.string().min(1),
              symbol,
              decimals: z.number().int().min(0).max(36),
            }),
          )
          .default([]),
        /** NFT contracts whose transfers the history flags as spam. */
        spamContracts: z
          .array(z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x and 40 hex characters'))
          .optional(),
      }),
    )
    .min(1)
    .refine((chains) => new Set(chains.map((chain) => chain.chainId)).size === chains.length, {
      message: 'must not list a chainId twice',
    }),
  prices: z.union([
    z.object({ fixed: z.record(symbol, z.number().finite().nonnegative()) }).strict(),
    z.object({ url: httpUrl, timeoutMs: z.number().int().positive().optional() }).strict(),
  ]),
  /** An Ethereum mainnet RPC URL: identities fall back to ENS through it. */
  ensRpcUrl: httpUrl.optional(),
})

export type ChainsFile = z.input<typeof chainsFile>

function pathName(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`))
    .join('')
}

/**
 * The blockchain config from a parsed chains file. Throws an Error naming the first bad field
 * (`chains[0].rpcUrl: must be an http(s) URL`).
 *
 * @example
 * parseChainsConfig({ chains: [{ chainId: 1, name: 'Ethereum', rpcUrl: 'https://rpc.example.com',
 *   nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }], prices: { url: 'https://prices.example.com' } })
 */
export function parseChainsConfig(input: unknown): BlockchainConfig {
  const result = chainsFile.safeParse(input)
  if (!result.success) {
    const issue = result.error.issues[0]!
    const field = pathName(issue.path) || '(top level)'
    throw new Error(`${field}: ${issue.message}`)
  }
  const file = result.data
  return {
    ...(file.ensRpcUrl ? { ensRpcUrl: file.ensRpcUrl } : {}),
    chains: file.chains.map((chain) => ({
      caipNetworkId: `eip155:${chain.chainId}`,
      chainId: chain.chainId,
      name: chain.name,
      rpcUrl: chain.rpcUrl,
      ...(chain.wsUrl ? { wsUrl: chain.wsUrl } : {}),
      nativeCurrency: chain.nativeCurrency,
      tokens: chain.tokens.map((token) => ({ ...token, address: token.address as `0x${string}` })),
      ...(chain.spamContracts ? { spamContracts: chain.spamContracts as `0x${string}`[] } : {}),
    })),
    prices:
      'fixed' in file.prices
        ? fixedPriceProvider(file.prices.fixed)
        : httpPriceProvider(file.prices.url, {
            ...(file.prices.timeoutMs ? { timeoutMs: file.prices.timeoutMs } : {}),
          }),
  }
}

/**
 * Reads the chains file (JSON, shape {@link chainsFile}). Throws an Error naming the file and the bad field.
 *
 * @example
 * const blockchain = loadChainsConfig(process.env.LATCH_CHAINS)
 */
export function loadChainsConfig(path: string): BlockchainConfig {
  let input: unknown
  try {
    input = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
  try {
    return parseChainsConfig(input)
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`, { cause: error })
  }
}
