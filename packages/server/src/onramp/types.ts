// What the on-ramp API (/v1/onramp/*, SPEC §7) asks of the services visitors buy crypto through: the currencies and
// limits they offer, and a quote. SPEC §3's entities, in the shapes the reference's clients know.

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

/**
 * A service visitors buy crypto through. A request it cannot serve (an unknown currency, an amount outside its
 * limits) throws `OnrampProviderError`; any other failure is an outage, which the API answers with SPEC §8's sample
 * options or mock quote, marked as estimates.
 */
export interface OnrampProvider {
  readonly id: string
  readonly name: string
  options(signal?: AbortSignal): Promise<OnrampOptions>
  quote(request: OnrampQuoteRequest, signal?: AbortSignal): Promise<OnrampQuote>
}

/** A refusal the visitor may read, naming the request's field. */
export class OnrampProviderError extends Error {
  override name = 'OnrampProviderError'
  readonly field: string
  constructor(field: string, message: string) {
    super(message)
    this.field = field
  }
}

/** SPEC §9's sample limits: card 10 to 7,500, bank account 10 to 25,000. */
const sampleLimits = [
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
