// The convert API's requests and answers (SPEC §7 /v1/convert/*), in the shapes the reference's clients know:
// CAIP-10 token and account addresses, base-unit amounts as decimal strings.
import { maxUint256 } from 'viem'
import { z } from 'zod'
import { caip2Pattern, sdkQuery } from '../schemas.ts'
import type { Address } from './types.ts'

/** A CAIP-10 address as the convert routes use it: the eip155 chain id (undefined on other chains) and the address. */
export interface AccountOnChain {
  caip10: string
  chainId: number | undefined
  address: Address
}

const caip10 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/

/**
 * A CAIP-10 account or token (`eip155:1:0x…`). Another namespace's address passes (its chain is simply not a swap
 * network); an eip155 one must hold a 0x address.
 */
function account(field: string) {
  return z
    .string({ error: `${field} is required: a CAIP-10 address (eip155:<chain id>:0x…)` })
    .transform((value, context): AccountOnChain => {
      const match = caip10.exec(value)
      const fail = (message: string) => {
        context.issues.push({ code: 'custom', input: value, message })
        return z.NEVER
      }
      if (!match) return fail(`${field} must be a CAIP-10 address (eip155:<chain id>:0x…)`)
      const [, namespace, reference = '', address = ''] = match
      if (namespace !== 'eip155') return { caip10: value, chainId: undefined, address: address as Address }
      if (!/^[1-9]\d{0,14}$/.test(reference)) return fail(`${field} has no eip155 chain id: ${reference}`)
      if (!/^0x[0-9a-fA-F]{40}$/.test(address))
        return fail(`${field} must end in a 0x address of 40 hex digits`)
      return { caip10: value, chainId: Number(reference), address: address as Address }
    })
    .meta({ description: 'CAIP-10, e.g. eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee (the coin)' })
}

/** An amount in base units: a positive whole number that fits in 256 bits. */
function amount(field: string) {
  const message = `${field} must be a whole number of base units above 0 (at most 78 digits)`
  return z
    .string({ error: message })
    .regex(/^\d{1,78}$/, message)
    .transform((value) => BigInt(value))
    .refine((value) => value > 0n && value <= maxUint256, message)
    .meta({ description: 'Base units, e.g. 1000000000000000000 for 1 ETH' })
}

/** A CAIP-2 chain id, as its eip155 chain id (undefined on another namespace's chain: no swap network). */
const chainId = z
  .string({ error: 'chainId is required: a CAIP-2 chain id (eip155:1)' })
  .regex(caip2Pattern, 'chainId must be a CAIP-2 chain id (eip155:1)')
  .transform((value) => {
    const [, reference] = /^eip155:([1-9]\d{0,14})$/.exec(value) ?? []
    return reference === undefined ? undefined : Number(reference)
  })
  .meta({ description: 'CAIP-2, e.g. eip155:1' })

export const quotesQuery = sdkQuery.extend({
  amount: amount('amount'),
  userAddress: account('userAddress').optional(),
  from: account('from'),
  to: account('to'),
  gasPrice: z
    .string()
    .regex(/^\d{1,78}$/, 'gasPrice must be a whole number of wei')
    .optional()
    .meta({ description: 'Wei per gas the client will pay (the quote uses the node’s when absent)' }),
})

export const tokensQuery = sdkQuery.extend({ chainId })
export const gasPriceQuery = sdkQuery.extend({ chainId })

export const allowanceQuery = sdkQuery.extend({
  tokenAddress: account('tokenAddress'),
  userAddress: account('userAddress'),
})

export const buildApproveQuery = sdkQuery.extend({
  userAddress: account('userAddress'),
  from: account('from'),
  to: account('to'),
  amount: amount('amount')
    .optional()
    .meta({ description: 'Base units to allow; unlimited when absent (the modal always sends the amount)' }),
})

export const buildTransactionBody = z.object({
  amount: amount('amount'),
  eip155: z
    .object({
      slippage: z
        .union([
          z.number(),
          z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, 'eip155.slippage must be a percentage'),
        ])
        .transform(Number)
        .refine((value) => Number.isFinite(value) && value >= 0 && value <= 50, {
          message: 'eip155.slippage must be a percentage from 0 to 50',
        })
        .meta({ description: 'Percent, e.g. 1 (SPEC §9)' }),
    })
    .optional(),
  projectId: z.string().max(100, 'projectId must be at most 100 characters').optional(),
  from: account('from'),
  to: account('to'),
  userAddress: account('userAddress'),
  disableEstimate: z.boolean({ error: 'disableEstimate must be true or false' }).optional(),
  minToAmount: amount('minToAmount')
    .optional()
    .meta({ description: 'The least the visitor was shown (base units of to): the swap never gives less' }),
})

const decimal = z.string().meta({ description: 'A whole number as a decimal string' })

export const quotesAnswer = z.object({
  quotes: z.array(
    z.object({
      id: z.null(),
      fromAmount: decimal,
      fromAccount: z.string(),
      toAmount: decimal,
      toAccount: z.string(),
      priceImpact: z
        .number()
        .optional()
        .meta({ description: 'Percent worse than the mid price, fees included' }),
      gas: decimal.optional().meta({ description: 'Gas the swap is expected to take' }),
    }),
  ),
})

export const tokensAnswer = z.object({
  tokens: z.array(
    z.object({
      name: z.string(),
      symbol: z.string(),
      address: z.string().meta({ description: 'CAIP-10' }),
      decimals: z.number().int(),
      logoUri: z.string(),
    }),
  ),
})

export const allowanceAnswer = z.object({ allowance: decimal })
export const gasPriceAnswer = z.object({ standard: decimal, fast: decimal, instant: decimal })

export const approveAnswer = z.object({
  tx: z.object({
    from: z.string(),
    to: z.string(),
    data: z.string(),
    value: decimal,
    eip155: z.object({ gas: decimal.optional(), gasPrice: decimal }),
  }),
})

export const swapAnswer = z.object({
  tx: z.object({
    from: z.string(),
    to: z.string(),
    data: z.string(),
    amount: decimal.meta({ description: 'The coin sent with the transaction (value), in wei' }),
    eip155: z.object({ gas: decimal.optional(), gasPrice: decimal }),
  }),
  toAmount: decimal.meta({ description: 'What the swap gives at the quote, before slippage' }),
})

/** Every refusal of the convert API. */
export const failedAnswer = z.object({
  status: z.literal('FAILED'),
  reasons: z.array(z.object({ field: z.string(), description: z.string() })),
})
