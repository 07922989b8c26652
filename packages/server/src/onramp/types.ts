// What the on-ramp API (/v1/onramp/*, SPEC §7) asks of the services visitors buy crypto through: the currencies and
// limits they offer, and a quote. SPEC §3's entities, in the shapes the reference's clients know.
import { isAddress } from 'viem'

/** An amount of a currency: fiat or crypto, as a decimal string. */
export interface OnrampAmount {
  value: string
  currency: string
}

/** A fiat currency and what each payment method may pay of it. */
export interface PaymentCurrency {
  id: string
  payment_method_limits: { id: string; min: string; max: string }[]
}

/** A crypto asset and the networks it can be bought on. */
export interface PurchaseCurrency {
  id: string
  name: string
  symbol: string
  networks: { name: string; display_name: string; chain_id: string; contract_address: string }[]
}

export interface OnrampOptions {
  paymentCurrencies: PaymentCurrency[]
  purchaseCurrencies: PurchaseCurrency[]
}

/** What buying `amount` of the payment currency gives, and what it costs on the way. */
export interface OnrampQuote {
  paymentTotal: OnrampAmount
  paymentSubtotal: OnrampAmount
  purchaseAmount: OnrampAmount
  networkFee: OnrampAmount
  coinbaseFee: OnrampAmount
  quoteId: string
}

export interface OnrampQuoteRequest {
  purchaseCurrency: string
  paymentCurrency: string
  /** In the payment currency, whole units ('100'). */
  amount: string
  /** The network's name or chain id, as the options list it. */
  network: string
}

/** Where a purchase may go (SPEC §7 `destinationWallets`, in Coinbase Onramp's shape). */
export interface DestinationWallet {
  /** An address of the wallet's namespace (EVM: 0x + 40 hex; Solana: base58). */
  address: string
  /** The networks it receives on, by name or chain id as the options list them ('ethereum', '31337'). */
  blockchains?: string[]
  /** The assets it receives, by id as the options list them ('ETH'). */
  assets?: string[]
}

/** What `POST /v1/generators/onrampurl` asks of a provider: a checkout for the visitor (SPEC §7). */
export interface OnrampUrlRequest {
  destinationWallets: DestinationWallet[]
  /** Who buys, as the provider later reports their purchases: the modal sends the account's address (32–50). */
  partnerUserId: string
  /** The network the checkout opens on, by name or chain id. */
  defaultNetwork?: string
  /** The asset the checkout opens on, by id ('ETH'). */
  defaultAsset?: string
  /** 'buy' (the default) or 'send' (from an account the visitor holds with the provider). */
  defaultExperience?: 'buy' | 'send'
  /** How much the checkout opens with: of the asset, or (more often) of the fiat currency. */
  presetCryptoAmount?: number
  presetFiatAmount?: number
  /** The fiat currency of `presetFiatAmount` ('USD'). */
  fiatCurrency?: string
}

/** A purchase as the provider reports it: `GET /v1/account/{a}/history?onramp=<provider>`. */
export interface OnrampPurchase {
  /** The provider's own id of it. */
  id: string
  /** Paid and on its way, delivered, or not (declined, refunded, expired). */
  status: 'pending' | 'completed' | 'failed'
  /** The asset bought, by id, and how much of it in whole units ('0.0326'). */
  purchaseCurrency: string
  purchaseAmount: string
  /** The network it is delivered on, by name or chain id as the options list it. */
  network: string
  /** The address it is delivered to. */
  destination: string
  /** What the visitor paid, fees included. */
  paymentTotal: OnrampAmount
  /** When it was created, and the delivery's transaction once there is one. */
  createdAt: Date
  txHash?: string
}

/**
 * A service visitors buy crypto through. A request it cannot serve (an unknown currency, an amount outside its
 * limits) throws `ProviderRefusal` (errors.ts); any other failure is an outage, which the API answers with SPEC §8's
 * sample options or mock quote, marked as estimates (a checkout URL or purchases have no stand-in: 502).
 */
export interface OnrampProvider {
  readonly id: string
  readonly name: string
  options(signal?: AbortSignal): Promise<OnrampOptions>
  quote(request: OnrampQuoteRequest, signal?: AbortSignal): Promise<OnrampQuote>
  /** The checkout's URL, which the modal opens in a popup. */
  url(request: OnrampUrlRequest, signal?: AbortSignal): Promise<string>
  /** The purchases of `partnerUserId` (the modal uses the account's address), newest first, at most 50. */
  purchases(partnerUserId: string, signal?: AbortSignal): Promise<OnrampPurchase[]>
}

/**
 * A `partnerUserId` as purchases are listed by: an EVM address lower-case (as the history route asks about it),
 * anything else as given.
 */
export const partnerKey = (partnerUserId: string) =>
  isAddress(partnerUserId, { strict: false }) ? partnerUserId.toLowerCase() : partnerUserId

/** SPEC §9's sample limits: card 10 to 7,500, bank account 10 to 25,000 (the sandbox enforces them too). */
export const sampleLimits = [
  { id: 'card', min: '10', max: '7500' },
  { id: 'ach_bank_account', min: '10', max: '25000' },
]

/**
 * SPEC §8: the options when no provider answers: USD and EUR at the sample limits, USDC and ETH on Ethereum.
 */
export const sampleOnrampOptions: OnrampOptions = {
  paymentCurrencies: ['USD', 'EUR'].map((id) => ({ id, payment_method_limits: sampleLimits })),
  purchaseCurrencies: [
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        {
          name: 'ethereum',
          display_name: 'Ethereum',
          chain_id: '1',
          contract_address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
        },
      ],
    },
    {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      networks: [{ name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' }],
    },
  ],
}

/**
 * SPEC §8: the quote when the provider cannot give one: one unit of the asset per unit of the payment currency, no
 * fees; the API marks it as an estimate.
 */
export function mockOnrampQuote(request: OnrampQuoteRequest): OnrampQuote {
  const paid = { value: request.amount, currency: request.paymentCurrency }
  const none = { value: '0', currency: request.paymentCurrency }
  return {
    paymentTotal: paid,
    paymentSubtotal: paid,
    purchaseAmount: { value: request.amount, currency: request.purchaseCurrency },
    networkFee: none,
    coinbaseFee: none,
    quoteId: 'estimate',
  }
}
