// The on-ramp API's requests and answers (SPEC §3 on-ramp options and quote, §7 /v1/onramp/*).
import { isAddress } from 'viem'
import { z } from 'zod'
import { label } from '../schemas.ts'

/** A currency id as the on-ramp API takes it ('USD', 'ETH'). */
const currencyIdPattern = /^[A-Za-z0-9._-]{1,32}$/

const currencyId = (field: string) =>
  label(field, 32)
    .regex(currencyIdPattern, `${field} must be a currency id (letters, digits, ".", "_" or "-")`)
    .meta({ description: 'As the options list it, e.g. USD or ETH' })

// Pieces of the providers' answer schemas (coinbase.ts, meld.ts).
/** A currency id a provider answers: one the on-ramp API could not take back could never be quoted. */
export const answerCurrencyId = z.string().regex(currencyIdPattern, 'not a currency id')
export const answerText = (max: number) => z.string().trim().min(1).max(max)
/** A text a provider leaves empty or null where there is none (a coin's contract address): '' then. */
export const answerOptionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => value ?? '')

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

/** A Solana address: base58, 32 to 44 characters. */
const solanaAddress = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const isSolana = (network: string) => /^solana(:|$)/i.test(network)

const destinationWallet = z
  .object({
    address: label('address', 100).min(1, 'address is required'),
    blockchains: z
      .array(label('blockchains', 64).min(1, 'blockchains must not hold an empty name'), {
        error: 'blockchains must be a list of network names or chain ids',
      })
      .max(20, 'blockchains must list at most 20 networks')
      .optional(),
    assets: z
      .array(currencyId('assets'), { error: 'assets must be a list of currency ids' })
      .max(50, 'assets must list at most 50 assets')
      .optional(),
  })
  // Each address in its namespace's form: Solana's base58 where it receives on Solana, else EVM's 0x + 40 hex.
  .superRefine(({ address, blockchains = [] }, context) => {
    const solana = blockchains.filter(isSolana)
    if (solana.length && solana.length < blockchains.length)
      context.addIssue({
        code: 'custom',
        path: ['blockchains'],
        message: 'blockchains must not mix Solana with EVM networks: give each its own wallet',
      })
    else if (solana.length ? !solanaAddress.test(address) : !isAddress(address, { strict: false }))
      context.addIssue({
        code: 'custom',
        path: ['address'],
        message: solana.length
          ? 'address must be a Solana address (base58, 32 to 44 characters)'
          : 'address must be an EVM address (0x and 40 hex digits)',
      })
  })

const presetAmount = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .positive(`${field} must be more than 0`)
    .max(1e9, `${field} must be at most 1000000000`)

export const onrampUrlBody = z.object({
  destinationWallets: z
    .array(destinationWallet, { error: 'destinationWallets must be a list of wallets' })
    .min(1, 'destinationWallets must name at least one wallet')
    .max(10, 'destinationWallets must name at most 10 wallets'),
  partnerUserId: label('partnerUserId', 50)
    .min(32, 'partnerUserId must be 32 to 50 characters')
    .regex(/^[A-Za-z0-9._:-]+$/, 'partnerUserId must be letters, digits, ".", "_", ":" or "-"')
    .meta({
      description: 'Who buys, as the provider reports their purchases later (the modal sends the address)',
    }),
  defaultNetwork: label('defaultNetwork', 64).min(1, 'defaultNetwork must not be empty').optional(),
  defaultAsset: currencyId('defaultAsset').optional(),
  defaultExperience: z.enum(['buy', 'send'], { error: 'defaultExperience must be buy or send' }).optional(),
  presetCryptoAmount: presetAmount('presetCryptoAmount').optional(),
  presetFiatAmount: presetAmount('presetFiatAmount').optional(),
  fiatCurrency: currencyId('fiatCurrency').optional(),
  projectId: z.string().max(100).optional(),
  /** Which configured provider's checkout (default the first). */
  provider: label('provider', 32).optional(),
})

export const onrampUrlAnswer = z.object({
  url: z.string().meta({ description: 'The checkout, to open in a popup' }),
  provider: z.string(),
})
