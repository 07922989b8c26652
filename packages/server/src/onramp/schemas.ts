// The on-ramp API's requests and answers (SPEC §3 on-ramp options and quote, §7 /v1/onramp/*).
import { z } from 'zod'
import { label } from '../schemas.ts'

const currencyId = (field: string) =>
  label(field, 32)
    .regex(/^[A-Za-z0-9._-]{1,32}$/, `${field} must be a currency id (letters, digits, ".", "_" or "-")`)
    .meta({ description: 'As the options list it, e.g. USD or ETH' })

export const onrampQuoteBody = z.object({
  purchaseCurrency: currencyId('purchaseCurrency'),
  paymentCurrency: currencyId('paymentCurrency'),
  amount: z
    .union([z.number(), z.string()], { error: 'amount must be a number of the payment currency' })
    .transform(String)
    .refine((value) => /^\d{1,9}(\.\d{1,2})?$/.test(value) && Number(value) > 0, {
      message: 'amount must be a positive amount of the payment currency, at most 2 decimals',
    })
    .meta({ description: 'In the payment currency, e.g. 100' }),
  network: label('network', 64)
    .min(1, 'network is required')
    .meta({ description: "A network's name or chain id" }),
  projectId: z.string().max(100).optional(),
  /** Which configured provider to ask (default the first). */
  provider: label('provider', 32).optional(),
})

const amount = z.object({ value: z.string(), currency: z.string() })

export const onrampQuote = z.object({
  paymentTotal: amount,
  paymentSubtotal: amount,
  purchaseAmount: amount,
  networkFee: amount,
  coinbaseFee: amount.meta({ description: "The provider's fee (the reference's name)" }),
  quoteId: z.string(),
  provider: z.string().meta({ description: 'The provider that quoted' }),
  estimate: z
    .boolean()
    .optional()
    .meta({ description: 'True when no provider could quote: SPEC §8’s mock quote (one for one, no fees)' }),
})

export const onrampOptions = z.object({
  paymentCurrencies: z.array(
    z.object({
      id: z.string(),
      payment_method_limits: z.array(z.object({ id: z.string(), min: z.string(), max: z.string() })),
    }),
  ),
  purchaseCurrencies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      symbol: z.string(),
      networks: z.array(
        z.object({
          name: z.string(),
          display_name: z.string(),
          chain_id: z.string(),
          contract_address: z.string(),
        }),
      ),
    }),
  ),
  providers: z.array(z.object({ id: z.string(), name: z.string() })),
  estimate: z
    .boolean()
    .optional()
    .meta({ description: 'True when no provider answered: SPEC §8’s sample options' }),
})
