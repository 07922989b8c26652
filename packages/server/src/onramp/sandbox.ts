// The on-ramp the Latch server hosts itself for development: it sells the devnet's ETH and LUSD for US dollars at
// the price provider's prices, with a 1 % fee and a fixed network fee. Its checkout is a page of this server
// (routes/onramp.ts) that takes documented test cards only; a payment is delivered on the devnet for real,
// from a funded devnet account, and the order's status is what `history?onramp=sandbox` reports.
import { randomBytes, randomUUID } from 'node:crypto'
import { type Hex, isAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type ChainConfig, type PriceProvider, priceKey } from '../chains/types.ts'
import { ProviderRefusal } from '../errors.ts'
import type { OnrampOrder, OnrampOrderStore } from '../storage/onramp.ts'
import { createSandboxDelivery } from './sandboxDelivery.ts'
import {
  type OnrampProvider,
  type OnrampPurchase,
  type OnrampQuote,
  type OnrampUrlRequest,
  type PurchaseCurrency,
  partnerKey,
  sampleLimits,
} from './types.ts'

/** SPEC §9: the on-ramp fee range is 1–2 %; the sandbox takes the low end. */
export const SANDBOX_FEE_PERCENT = 1
/** What the sandbox charges for sending the asset, in US dollars. */
export const SANDBOX_NETWORK_FEE_USD = 0.5
/** SPEC §9's sample limits, which the sandbox enforces (its checkout takes cards: at most 7,500). */
const limits = sampleLimits
const cardMax = Number(limits[0]!.max)
/** The assets it sells: the coin and the devnet's dollar token. */
const sold = ['ETH', 'LUSD']

/** The documented test cards: the one that pays, the one the bank declines. */
export const SANDBOX_CARDS = { paid: '4242424242424242', declined: '4000000000000002' } as const
/** How long a checkout waits to be paid before it is dropped. */
export const CHECKOUT_TTL_MS = 30 * 60_000
/** Checkouts waiting to be paid, from everyone together: past this, new ones are refused until some expire. */
export const MAX_UNPAID_CHECKOUTS = 1000
/** Purchases `purchases` answers, newest first. */
const purchasesLimit = 50
/** Paid orders are kept this long, then dropped (their deliveries stay on the chain). */
const SETTLED_TTL_MS = 30 * 24 * 60 * 60_000

/** The card form as posted; every field a string the page's inputs sent (or missing). */
export interface SandboxCard {
  number?: string
  expiry?: string
  cvc?: string
}

/** What paying a checkout did: moved it on, or a problem with the form to show beside it. */
export type SandboxPayment =
  | { outcome: 'paid' | 'declined' | 'closed' }
  | { outcome: 'invalid'; field: keyof SandboxCard; message: string }

export interface SandboxOnrampOptions {
  chains: readonly ChainConfig[]
  prices: PriceProvider
  orders: OnrampOrderStore
  /** The private key of the devnet account that delivers the purchases (it must hold the ETH and LUSD). */
  payerKey: Hex
  /** The checkout page's URL for an order id. */
  checkoutUrl: (orderId: string) => string
  now?: () => Date
  /** Told when a delivery fails, with why (for the log). */
  onDeliveryError?: (error: unknown, order: OnrampOrder) => void
}

export interface SandboxOnramp {
  provider: OnrampProvider
  /** An order, as its checkout shows it; undefined when unknown or expired unpaid. */
  order(id: string): Promise<OnrampOrder | undefined>
  /** Pays an order with a test card: declined, or paid and delivered in the background. */
  pay(id: string, card: SandboxCard): Promise<SandboxPayment>
  /**
   * Settles the orders pending past a delivery's time (a receipt the wait missed, a server stopped mid-delivery);
   * answers how many. Drops expired checkouts and old orders too. The routes run it at start and every minute.
   */
  sweep(): Promise<number>
  /** Resolves when the deliveries under way have settled (for tests and shutdown). */
  idle(): Promise<void>
}

/**
 * The sandbox on-ramp over the configured chains (their coin and LUSD, where listed), priced by `prices`, its orders
 * in `orders`, delivered from `payerKey`'s account.
 *
 * @example
 * const sandbox = sandboxOnramp({ chains, prices, orders: storage.onramp, payerKey, checkoutUrl: (id) => `${base}/onramp/sandbox/${id}` })
 * const url = await sandbox.provider.url({ destinationWallets: [{ address }], partnerUserId: address, presetFiatAmount: 100 })
 */
export function sandboxOnramp(options: SandboxOnrampOptions): SandboxOnramp {
  const { chains, prices, orders } = options
  const now = options.now ?? (() => new Date())
  const payer = privateKeyToAccount(options.payerKey)

  const assetsOf = (symbol: string) =>
    chains.flatMap((chain) => {
      if (chain.nativeCurrency.symbol === symbol)
        return [{ chain, address: 'native', decimals: chain.nativeCurrency.decimals }]
      const token = chain.tokens.find((candidate) => candidate.symbol === symbol)
      return token ? [{ chain, address: token.address, decimals: token.decimals }] : []
    })
  const purchaseCurrencies: PurchaseCurrency[] = sold.flatMap((symbol) => {
    const assets = assetsOf(symbol)
    if (assets.length === 0) return []
    const name =
      symbol === 'ETH'
        ? 'Ether'
        : (chains.flatMap((c) => c.tokens).find((t) => t.symbol === symbol)?.name ?? symbol)
    return [
      {
        id: symbol,
        name,
        symbol,
        networks: assets.map(({ chain, address }) => ({
          name: chain.name,
          display_name: chain.name,
          chain_id: String(chain.chainId),
          contract_address: address === 'native' ? '' : address,
        })),
      },
    ]
  })

  /** The asset on the network (named or by chain id), or a refusal naming `fields`. */
  function assetOn(symbol: string, network: string, fields: { asset: string; network: string }) {
    const assets = sold.includes(symbol) ? assetsOf(symbol) : []
    if (assets.length === 0)
      throw new ProviderRefusal(
        fields.asset,
        `The sandbox does not sell ${symbol}: ${sold.join(' or ')} on the devnet's chains`,
      )
    const asset = assets.find(({ chain }) => String(chain.chainId) === network || chain.name === network)
    if (!asset)
      throw new ProviderRefusal(
        fields.network,
        `The sandbox sells ${symbol} on ${assets.map(({ chain }) => chain.name).join(', ')} only`,
      )
    return asset
  }

  async function quote(
    purchaseCurrency: string,
    paymentCurrency: string,
    amount: number,
    network: string,
    fields = { asset: 'purchaseCurrency', network: 'network', amount: 'amount', fiat: 'paymentCurrency' },
    max = Number(limits[1]!.max),
  ): Promise<OnrampQuote> {
    if (paymentCurrency !== 'USD') throw new ProviderRefusal(fields.fiat, 'The sandbox takes USD only')
    const asset = assetOn(purchaseCurrency, network, fields)
    const min = Number(limits[0]!.min)
    if (!(amount >= min && amount <= max))
      throw new ProviderRefusal(fields.amount, `${fields.amount} must be from ${min} to ${max} USD`)
    const key = { chainId: asset.chain.caipNetworkId, address: asset.address, symbol: purchaseCurrency }
    const price = (await prices.prices('usd', [key])).get(priceKey(key))
    if (!price) throw new Error(`No price for ${purchaseCurrency}`)
    const fee = (amount * SANDBOX_FEE_PERCENT) / 100
    const bought = (amount - fee - SANDBOX_NETWORK_FEE_USD) / price
    const usd = (value: number) => ({ value: value.toFixed(2), currency: 'USD' })
    return {
      paymentTotal: usd(amount),
      paymentSubtotal: usd(amount - fee - SANDBOX_NETWORK_FEE_USD),
      purchaseAmount: { value: bought.toFixed(Math.min(asset.decimals, 8)), currency: purchaseCurrency },
      networkFee: usd(SANDBOX_NETWORK_FEE_USD),
      coinbaseFee: usd(fee),
      quoteId: randomUUID(),
    }
  }

  async function url(request: OnrampUrlRequest): Promise<string> {
    if (request.defaultExperience === 'send')
      throw new ProviderRefusal('defaultExperience', 'The sandbox sells only: defaultExperience must be buy')
    if (request.presetFiatAmount === undefined)
      throw new ProviderRefusal('presetFiatAmount', 'The sandbox needs presetFiatAmount: how much to pay')
    const [first] = request.destinationWallets
    const network = request.defaultNetwork ?? first?.blockchains?.[0] ?? String(chains[0]?.chainId ?? '')
    const symbol = request.defaultAsset ?? first?.assets?.[0] ?? 'ETH'
    const asset = assetOn(symbol, network, { asset: 'defaultAsset', network: 'defaultNetwork' })
    const names = [String(asset.chain.chainId), asset.chain.name]
    const wallet = request.destinationWallets.find(
      ({ blockchains }) => !blockchains || blockchains.some((name) => names.includes(name)),
    )
    if (!wallet || !isAddress(wallet.address, { strict: false }))
      throw new ProviderRefusal('destinationWallets', `No destination wallet receives on ${asset.chain.name}`)
    // Purchases are listed by buyer: one that went elsewhere would show in a stranger's Buy flow.
    if (partnerKey(request.partnerUserId) !== partnerKey(wallet.address))
      throw new ProviderRefusal(
        'partnerUserId',
        'The sandbox delivers to the buyer: partnerUserId must be the address',
      )
    const quoted = await quote(
      symbol,
      request.fiatCurrency ?? 'USD',
      request.presetFiatAmount,
      network,
      { asset: 'defaultAsset', network: 'defaultNetwork', amount: 'presetFiatAmount', fiat: 'fiatCurrency' },
      cardMax,
    )
    // A stranger cannot keep more than this many waiting (the sweep drops the expired ones).
    const at = now()
    if ((await orders.countUnpaid()) >= MAX_UNPAID_CHECKOUTS)
      throw new Error(`The sandbox has ${MAX_UNPAID_CHECKOUTS} checkouts waiting to be paid`)
    const id = randomBytes(16).toString('base64url')
    await orders.create({
      id,
      partnerUserId: partnerKey(request.partnerUserId),
      destination: wallet.address,
      chainId: asset.chain.chainId,
      asset: symbol,
      purchaseAmount: quoted.purchaseAmount.value,
      currency: quoted.paymentTotal.currency,
      paymentTotal: quoted.paymentTotal.value,
      fee: quoted.coinbaseFee.value,
      networkFee: quoted.networkFee.value,
      createdAt: at,
    })
    return options.checkoutUrl(id)
  }

  const toPurchase = (order: OnrampOrder): OnrampPurchase => ({
    id: order.id,
    status: order.status === 'created' ? 'pending' : order.status,
    purchaseCurrency: order.asset,
    purchaseAmount: order.purchaseAmount,
    network: String(order.chainId),
    destination: order.destination,
    paymentTotal: { value: order.paymentTotal, currency: order.currency },
    createdAt: order.createdAt,
    ...(order.txHash ? { txHash: order.txHash } : {}),
  })

  const delivery = createSandboxDelivery({
    chains,
    orders,
    payer,
    now,
    checkoutTtlMs: CHECKOUT_TTL_MS,
    settledTtlMs: SETTLED_TTL_MS,
    onDeliveryError: (error, order) => options.onDeliveryError?.(error, order),
  })

  async function orderOf(id: string) {
    const order = await orders.get(id)
    if (!order) return undefined
    const expired =
      order.status === 'created' && now().getTime() - order.createdAt.getTime() > CHECKOUT_TTL_MS
    return expired ? undefined : order
  }

  return {
    provider: {
      id: 'sandbox',
      name: 'Latch Sandbox',
      async options() {
        return { paymentCurrencies: [{ id: 'USD', payment_method_limits: limits }], purchaseCurrencies }
      },
      quote: (request) =>
        quote(request.purchaseCurrency, request.paymentCurrency, Number(request.amount), request.network),
      url,
      async purchases(partnerUserId) {
        return (await orders.paidBy(partnerKey(partnerUserId), purchasesLimit)).map(toPurchase)
      },
    },

    order: orderOf,

    async pay(id, card): Promise<SandboxPayment> {
      const number = (card.number ?? '').replace(/[\s-]/g, '')
      if (!/^\d{12,19}$/.test(number))
        return { outcome: 'invalid', field: 'number', message: 'Enter the card number' }
      if (number !== SANDBOX_CARDS.paid && number !== SANDBOX_CARDS.declined)
        return {
          outcome: 'invalid',
          field: 'number',
          message:
            'The sandbox takes test cards only: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined',
        }
      const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(card.expiry ?? '')
      const at = now()
      const [month, year] = expiry ? [Number(expiry[1]), 2000 + Number(expiry[2])] : [0, 0]
      const thisMonth = at.getUTCFullYear() * 12 + at.getUTCMonth()
      if (!expiry || month < 1 || month > 12 || year * 12 + month - 1 < thisMonth)
        return {
          outcome: 'invalid',
          field: 'expiry',
          message: 'Enter an expiry date in the future, as MM/YY',
        }
      if (!/^\d{3,4}$/.test((card.cvc ?? '').trim()))
        return { outcome: 'invalid', field: 'cvc', message: 'Enter the 3 or 4 digits of the security code' }

      const order = await orderOf(id)
      if (order?.status !== 'created') return { outcome: 'closed' }
      if (number === SANDBOX_CARDS.declined) {
        const moved = await orders.move(id, 'created', 'failed', at, { failure: 'Your card was declined' })
        return { outcome: moved ? 'declined' : 'closed' }
      }
      // Of two payments at once, only one moves the order on: the asset is sent once.
      if (!(await orders.move(id, 'created', 'pending', at))) return { outcome: 'closed' }
      delivery.schedule({ ...order, status: 'pending' })
      return { outcome: 'paid' }
    },

    sweep: delivery.sweep,
    idle: delivery.idle,
  }
}
