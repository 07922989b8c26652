// The blockchain API's schemas (zod): they validate requests, shape responses and make the OpenAPI document at
// /docs. Beside the chains code rather than in src/schemas.ts because the balance query depends on the chains
// configured.
import { isAddress as isSolanaAddress } from '@solana/kit'
import { z } from 'zod'
import { label, sdkQuery } from '../schemas.ts'

/** CAIP-10: a CAIP-2 chain id and an account address (`native` for a chain's coin in price requests). */
export const caip10Pattern = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/

const currencyMessage = 'currency must be usd (the only currency supported)'
const currency = z
  .string({ error: currencyMessage })
  .transform((value) => value.toLowerCase())
  .pipe(z.literal('usd', { error: currencyMessage }))

export const supportedChains = z.object({
  http: z.array(z.string()).meta({ description: 'CAIP-2 ids of the chains served over HTTP' }),
  ws: z.array(z.string()).meta({ description: 'CAIP-2 ids of the chains with a WebSocket endpoint' }),
})

/** SPEC §5: an EVM address is an optional 0x and 40 hex characters; the server reads it as 0x and lower case. */
export const balanceParams = z.object({
  address: z
    .string()
    .regex(/^(0x)?[0-9a-fA-F]{40}$/, 'address must be an EVM address (0x and 40 hex characters)')
    .transform((value) => `0x${value.replace(/^0x/, '').toLowerCase()}` as `0x${string}`)
    .meta({ description: 'EVM address' }),
})

const evmAddress = /^(0x)?[0-9a-fA-F]{40}$/

/**
 * The balance route's account (SPEC §5, §9: balances cover eip155 and solana): an EVM address, read as 0x and lower
 * case, or a Solana address (32 to 44 base58 characters that are a 32-byte key), kept as it is (base58 is
 * case-sensitive).
 */
export const accountParams = z.object({
  address: z
    .string()
    .refine(
      (value) => evmAddress.test(value) || isSolanaAddress(value),
      'address must be an EVM address (0x and 40 hex characters) or a Solana address (32 to 44 base58 characters)',
    )
    .transform((value) =>
      evmAddress.test(value)
        ? {
            namespace: 'eip155' as const,
            address: `0x${value.replace(/^0x/, '').toLowerCase()}` as `0x${string}`,
          }
        : { namespace: 'solana' as const, address: value },
    )
    .meta({ description: 'EVM or Solana address' }),
})

/** The balance query; `chainId` must name one of the configured chains. */
export function balanceQuery(chainIds: readonly string[]) {
  const chainMessage = `chainId must be one of the supported chains: ${chainIds.join(', ')}`
  return sdkQuery.extend({
    currency: currency
      .optional()
      .transform((value) => value ?? 'usd')
      .meta({ description: 'Fiat currency (default usd)' }),
    chainId: z
      .string({ error: chainMessage })
      .refine((value) => chainIds.includes(value), chainMessage)
      .optional()
      .meta({ description: 'CAIP-2 id; default: every supported chain' }),
    forceUpdate: z
      .enum(['true', 'false'], { error: 'forceUpdate must be true or false' })
      .optional()
      .transform((value) => value === 'true')
      .meta({ description: 'Read the chain now rather than answer from the 30 s cache' }),
  })
}

export const tokenBalance = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string().meta({ description: 'CAIP-2' }),
  address: z.string().optional().meta({ description: 'CAIP-10 of the token; absent for the native coin' }),
  value: z.number().optional().meta({ description: 'quantity × price; absent when no price is known' }),
  price: z
    .number()
    .optional()
    .meta({ description: 'Price of one unit in the currency; absent when unknown' }),
  quantity: z.object({
    decimals: z.string().meta({ description: "The token's decimals, e.g. '18'" }),
    numeric: z.string().meta({ description: 'Exact decimal amount, e.g. 9999.99' }),
  }),
  iconUrl: z.string(),
})

export const balances = z.object({ balances: z.array(tokenBalance) })

export const fungiblePriceBody = z.object({
  currency,
  addresses: z
    .array(z.string().regex(caip10Pattern, 'Invalid CAIP-10 address'), {
      error: 'addresses must be an array',
    })
    .min(1, 'addresses must list at least one address')
    .max(100, 'addresses must list at most 100 addresses')
    .meta({ description: "CAIP-10 token addresses, or '<CAIP-2>:native' for a chain's coin" }),
  projectId: label('projectId', 100).optional(),
})

export const fungiblePrices = z.object({
  fungibles: z.array(
    z.object({ name: z.string(), symbol: z.string(), iconUrl: z.string(), price: z.number() }),
  ),
})
