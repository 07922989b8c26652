// Meld's crypto on-ramp API as an on-ramp provider (SPEC §7). Meld reaches several on-ramps (Transak, MoonPay, …):
// its options are the currencies, payment methods and limits they offer together, its quote the best of theirs, its
// checkout Meld's hosted widget opened by URL, and a visitor's purchases its transactions by customer id.
import type { z } from 'zod'
import { ProviderRefusal } from '../errors.ts'
import { fieldName } from '../fieldName.ts'
import { cachedAnswer, providerHttp } from '../providerHttp.ts'
import {
  cryptoEntry,
  fiatEntry,
  limitEntry,
  listAnswer,
  paymentMethodEntry,
  quoteEntry,
  quoteFieldOf,
  quotesAnswer,
  refusalAnswer,
  transactionEntry,
  transactionsAnswer,
} from './meldAnswers.ts'
import { answerCurrencyId as currencyId } from './schemas.ts'
import type { OnrampOptions, OnrampProvider, OnrampPurchase, PurchaseCurrency } from './types.ts'

export interface MeldOnrampOptions {
  /** Meld's API key as the dashboard shows it (`id:secret`), sent as `Authorization: BASIC <apiKey>`. */
  apiKey: string
  /** The public key of Meld's widget, which its URL carries (it may be shown to anyone). */
  publicKey: string
  /** Where the API is (default `https://api.meld.io`; the sandbox's is `https://api-sb.meld.io`). */
  apiUrl?: string
  /** Where the widget is (default `https://meldcrypto.com`; the sandbox's is `https://sb.meldcrypto.com`). */
  widgetUrl?: string
  /** The country (ISO 3166-1) options and quotes are asked for (default 'US'). */
  country?: string
  /** The `Meld-Version` the answers are read in (default '2023-12-19'): Meld keeps an account on its key's date. */
  version?: string
  /** Milliseconds before a request (its answer's body included) is given up (default 5000). */
  timeoutMs?: number
  /** How long the currencies, payment methods and limits are kept (default ten minutes). */
  optionsCacheMs?: number
  /** The fetch to use (default the global one, looked up at each call). */
  fetch?: typeof globalThis.fetch
}

const service = 'Meld'
const maxPurchases = 50
/** The on-ramps' properties, not the off-ramps' or the exchanges' Meld also reaches. */
const category = 'CRYPTO_ONRAMP'
/** The method quotes are asked for: a card, as Coinbase's are. */
const paymentMethodType = 'CREDIT_DEBIT_CARD'

/** An asset on one network as Meld lists it: its code there, our id for it and the network in our shape. */
interface MeldAsset {
  code: string
  symbol: string
  name: string
  chainCode: string
  network: PurchaseCurrency['networks'][number]
}

/**
 * An on-ramp provider over Meld's API. Every answer is checked before it is used: one that does not match throws an
 * Error naming the endpoint, as do error statuses, 401, 403 and 429 (the deployment's key or plan), a network
 * failure, an answer over 2 MiB and the timeout. A currency or network Meld does not list, no quote at all, and a 4xx
 * Meld describes, are a `ProviderRefusal` naming the request's field. The checkout is Meld's widget opened by URL:
 * building it asks nothing but the (kept) list of currencies.
 *
 * @example
 * const meld = meldOnrampProvider({ apiKey: 'W9kZ…:3sYK…', publicKey: 'WXET…:25B8…' })
 * await meld.quote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: '8453' })
 */
export function meldOnrampProvider(options: MeldOnrampOptions): OnrampProvider {
  const { publicKey, country = 'US' } = options
  const widgetUrl = (options.widgetUrl ?? 'https://meldcrypto.com').replace(/\/+$/, '')
  if (!URL.canParse(widgetUrl)) throw new Error(`${service}: not a URL: ${options.widgetUrl}`)
  const headers = {
    authorization: `BASIC ${options.apiKey}`,
    'meld-version': options.version ?? '2023-12-19',
  }
  const http = providerHttp({
    service,
    baseUrl: options.apiUrl ?? 'https://api.meld.io',
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    headers: () => headers,
    refusal: refusalAnswer,
  })
  const cacheMs = options.optionsCacheMs ?? 10 * 60_000

  /** One of Meld's lists for the on-ramps its key reaches in the country; nothing of the visitor's is asked. */
  async function list<T>(path: string, entry: z.ZodType<T>, signal?: AbortSignal): Promise<T[]> {
    const query = { categories: category, countries: country, accountFilter: 'true' }
    const entries = await http.answer({ path, query }, listAnswer, undefined, signal)
    return entries.flatMap((value) => {
      const parsed = entry.safeParse(value)
      return parsed.success ? [parsed.data] : []
    })
  }

  const assets = cachedAnswer(
    async (signal) =>
      (await list('/service-providers/properties/crypto-currencies', cryptoEntry, signal)).flatMap(assetOf),
    cacheMs,
  )
  const listing = cachedAnswer(async (signal): Promise<OnrampOptions> => {
    const [fiat, listed, methods, limits] = await Promise.all([
      list('/service-providers/properties/fiat-currencies', fiatEntry, signal),
      assets(signal),
      list('/service-providers/properties/payment-methods', paymentMethodEntry, signal),
      list('/service-providers/limits/fiat-currency-purchases', limitEntry, signal),
    ])
    // Meld's limits are per currency, whatever the method: each method the on-ramps take gets the currency's.
    const paymentCurrencies = fiat.map(({ currencyCode }) => {
      const limit = limits.find((candidate) => candidate.currencyCode === currencyCode)
      return {
        id: currencyCode,
        payment_method_limits: limit
          ? methods.map(({ paymentMethod }) => ({
              id: paymentMethod.toLowerCase(),
              min: decimalText(limit.minimumAmount),
              max: decimalText(limit.maximumAmount),
            }))
          : [],
      }
    })
    const purchaseCurrencies = new Map<string, PurchaseCurrency>()
    for (const { symbol, name, network } of listed) {
      const currency = purchaseCurrencies.get(symbol) ?? { id: symbol, name, symbol, networks: [] }
      currency.networks.push(network)
      purchaseCurrencies.set(symbol, currency)
    }
    return { paymentCurrencies, purchaseCurrencies: [...purchaseCurrencies.values()] }
  }, cacheMs)

  return {
    id: 'meld',
    name: 'Meld',

    options: listing,

    async quote(request, signal) {
      const asset = assetOn(await assets(signal), request.purchaseCurrency, 'purchaseCurrency', {
        wanted: request.network,
        field: 'network',
      })
      const body = {
        countryCode: country,
        sourceCurrencyCode: request.paymentCurrency.toUpperCase(),
        sourceAmount: Number(request.amount),
        destinationCurrencyCode: asset.code,
        paymentMethodType,
      }
      const { quotes } = await http.answer(
        { method: 'POST', path: '/payments/crypto/quote', body },
        quotesAnswer,
        (description) => quoteFieldOf(description, 'amount'),
        signal,
      )
      // The best quote is the one that gives the most crypto for the money.
      const best = (quotes ?? [])
        .flatMap((entry) => {
          const parsed = quoteEntry.safeParse(entry)
          return parsed.success ? [parsed.data] : []
        })
        .reduce<z.infer<typeof quoteEntry> | undefined>(
          (kept, quote) => (kept && kept.destinationAmount >= quote.destinationAmount ? kept : quote),
          undefined,
        )
      if (!best)
        throw new ProviderRefusal(
          'amount',
          `No on-ramp Meld reaches quotes ${request.amount} ${request.paymentCurrency} of ${asset.symbol} on ${asset.network.name}`,
        )
      const networkFee = best.networkFee ?? 0
      // The provider's fee is all the rest the visitor pays: the on-ramp's transaction fee and any partner fee.
      const providerFee =
        best.totalFee != null
          ? Math.max(best.totalFee - networkFee, 0)
          : (best.transactionFee ?? 0) + (best.partnerFee ?? 0)
      const fiat = (value: number) => ({ value: decimalText(value), currency: best.sourceCurrencyCode })
      return {
        paymentTotal: fiat(best.sourceAmount),
        paymentSubtotal: fiat(Math.max(best.sourceAmount - networkFee - providerFee, 0)),
        purchaseAmount: { value: decimalText(best.destinationAmount), currency: asset.symbol },
        networkFee: fiat(networkFee),
        coinbaseFee: fiat(providerFee),
        // Meld's quotes have no id: the on-ramp that gave the best one is what names it.
        quoteId: best.serviceProvider,
      }
    },

    async url(request, signal) {
      const listed = await assets(signal)
      const wallets = request.destinationWallets
      if (request.defaultExperience === 'send')
        throw new ProviderRefusal('defaultExperience', `${service}'s widget buys; it has no send experience`)
      // Meld's widget takes one wallet and one asset on one network; the rest are still checked against its list.
      for (const [i, { blockchains = [], assets = [] }] of wallets.entries()) {
        for (const [j, network] of blockchains.entries())
          networkOf(listed, network, fieldName(['destinationWallets', i, 'blockchains', j]))
        for (const [j, asset] of assets.entries())
          assetOn(listed, asset, fieldName(['destinationWallets', i, 'assets', j]))
      }
      // It opens on the default network and asset, else on the first wallet's first ones.
      const network = firstGiven(
        [request.defaultNetwork, 'defaultNetwork'],
        [wallets[0]?.blockchains?.[0], 'destinationWallets[0].blockchains[0]'],
      )
      const asset = firstGiven(
        [request.defaultAsset, 'defaultAsset'],
        [wallets[0]?.assets?.[0], 'destinationWallets[0].assets[0]'],
      )
      const on = network && networkOf(listed, network.wanted, network.field)
      const wallet =
        (on &&
          wallets.find(({ blockchains }) => blockchains?.some((wanted) => networkMatches(on, wanted)))) ??
        wallets[0]
      const parameters = {
        publicKey,
        transactionType: 'BUY',
        destinationCurrencyCode: asset && assetOn(listed, asset.wanted, asset.field, network).code,
        walletAddress: wallet?.address,
        // The widget presets a fiat amount only: a crypto amount has no parameter there.
        sourceAmount: request.presetFiatAmount,
        sourceCurrencyCode: request.fiatCurrency?.toUpperCase(),
        externalCustomerId: request.partnerUserId,
      }
      const url = new URL(`${widgetUrl}/`)
      for (const [name, value] of Object.entries(parameters))
        if (value !== undefined) url.searchParams.set(name, String(value))
      return url.href
    },

    async purchases(partnerUserId, signal) {
      const [listed, { transactions }] = await Promise.all([
        assets(signal),
        http.answer(
          {
            path: '/payments/transactions',
            query: { externalCustomerIds: partnerUserId, limit: String(maxPurchases) },
          },
          transactionsAnswer,
          () => 'partnerUserId',
          signal,
        ),
      ])
      const purchases = transactions.flatMap((entry): OnrampPurchase[] => {
        const parsed = transactionEntry.safeParse(entry)
        // The same customer may sell through Meld as well: only purchases are the on-ramp's.
        if (!parsed.success || (parsed.data.transactionType ?? 'CRYPTO_PURCHASE') !== 'CRYPTO_PURCHASE')
          return []
        const { id, status, sourceAmount, sourceCurrencyCode, destinationAmount, destinationCurrencyCode } =
          parsed.data
        const { createdAt, cryptoDetails } = parsed.data
        // Named as the options name it; a code Meld no longer lists keeps its asset part and the chain id.
        const asset = listed.find(({ code }) => code === destinationCurrencyCode)
        const purchase: OnrampPurchase = {
          id,
          status,
          purchaseCurrency: asset?.symbol ?? destinationCurrencyCode.split('_')[0]!,
          purchaseAmount: decimalText(destinationAmount),
          network: asset?.network.name ?? cryptoDetails?.chainId ?? '',
          destination: cryptoDetails?.walletAddress ?? '',
          paymentTotal: { value: decimalText(sourceAmount), currency: sourceCurrencyCode },
          createdAt,
        }
        if (cryptoDetails?.blockchainTransactionId) purchase.txHash = cryptoDetails.blockchainTransactionId
        return [purchase]
      })
      return purchases.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, maxPurchases)
    },
  }
}

/**
 * Meld's chain codes that are a coin's ticker, and the network's name (Coinbase's, which the modal knows) for each;
 * the others ('BASE', 'POLYGON', 'ARBITRUM') are that name in capitals.
 */
const networkNames: Record<string, string> = { ETH: 'ethereum', BTC: 'bitcoin', SOL: 'solana' }

/** A crypto currency of Meld's as an asset on a network; a code whose asset part is not a currency id is left out. */
function assetOf(entry: z.infer<typeof cryptoEntry>): MeldAsset[] {
  const { currencyCode, name, chainCode, chainName, chainId, contractAddress } = entry
  // Meld's codes are the asset's ticker, with the chain after it where that is not the ticker's own ('USDC_BASE').
  const symbol = currencyCode.endsWith(`_${chainCode}`)
    ? currencyCode.slice(0, -chainCode.length - 1)
    : currencyCode
  if (!currencyId.safeParse(symbol).success) return []
  const network = {
    name: networkNames[chainCode.toUpperCase()] ?? chainCode.toLowerCase(),
    display_name: chainName,
    chain_id: chainId,
    contract_address: contractAddress,
  }
  return [
    { code: currencyCode, symbol: symbol.toUpperCase(), name, chainCode: chainCode.toUpperCase(), network },
  ]
}

/** The first of `candidates` that is given, with the request's field it came from. */
function firstGiven(...candidates: [wanted: string | undefined, field: string][]) {
  for (const [wanted, field] of candidates) if (wanted !== undefined) return { wanted, field }
  return undefined
}

/** The network a request names, by our name, Meld's chain code or the chain id, as some listed asset has it. */
function networkOf(assets: MeldAsset[], wanted: string, field: string): MeldAsset {
  const found = assets.find((asset) => networkMatches(asset, wanted))
  if (found) return found
  const listed = [...new Set(assets.map(({ network }) => network.name))].join(', ')
  throw new ProviderRefusal(field, `${service} delivers on ${listed || 'no network here'}, not ${wanted}`)
}

/** The listed asset `wanted` names, on the network `on` names when there is one (else the first it is listed on). */
function assetOn(
  assets: MeldAsset[],
  wanted: string,
  field: string,
  on?: { wanted: string; field: string },
): MeldAsset {
  const candidates = assets.filter(({ symbol }) => symbol === wanted.toUpperCase())
  if (candidates.length === 0) throw new ProviderRefusal(field, `${service} does not sell ${wanted} here`)
  if (!on) return candidates[0]!
  const found = candidates.find((asset) => networkMatches(asset, on.wanted))
  if (found) return found
  const listed = candidates.map(({ network }) => network.name).join(', ')
  throw new ProviderRefusal(
    on.field,
    `${service} sells ${candidates[0]!.symbol} on ${listed}, not ${on.wanted}`,
  )
}

function networkMatches({ network, chainCode }: MeldAsset, wanted: string): boolean {
  return (
    network.name === wanted.toLowerCase() ||
    chainCode === wanted.toUpperCase() ||
    (network.chain_id !== '' && network.chain_id === wanted)
  )
}

/** Meld's amounts are JSON numbers: as decimal text, never in exponent form, float noise (1e-12) rounded away. */
function decimalText(value: number): string {
  return value.toFixed(12).replace(/\.?0+$/, '')
}
