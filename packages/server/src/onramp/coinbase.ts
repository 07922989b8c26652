// Coinbase Onramp (the Coinbase Developer Platform's Onramp API, v1) as an on-ramp provider (SPEC §7): its buy
// options and quotes, a hosted checkout opened with a session token, and a visitor's purchases. Every request carries
// a JWT signed with the deployment's CDP API key.
import { createPrivateKey, createPublicKey, type KeyObject, randomBytes, sign } from 'node:crypto'
import { z } from 'zod'
import { ProviderRefusal } from '../errors.ts'
import { fieldName } from '../fieldName.ts'
import { cachedAnswer, providerHttp, refusalFields } from '../providerHttp.ts'
import {
  answerCurrencyId as currencyId,
  answerOptionalText as optionalText,
  answerText as text,
} from './schemas.ts'
import type { OnrampOptions, OnrampProvider, OnrampPurchase, PurchaseCurrency } from './types.ts'

export interface CoinbaseOnrampOptions {
  /** The CDP API key's name (`organizations/…/apiKeys/…`) or id: the JWT's `kid` and `sub`. */
  keyName: string
  /**
   * Its private key: EC P-256 in PEM (signs ES256), or Ed25519 (EdDSA) as CDP shows it (base64 of the 32-byte seed
   * and the 32-byte public key) or in PEM.
   */
  keySecret: string
  /** Where the API is (default `https://api.developer.coinbase.com`); the paths go under `/onramp/v1`. */
  apiUrl?: string
  /** Where the hosted checkout is (default `https://pay.coinbase.com`). */
  payUrl?: string
  /** The country (ISO 3166-1) options and quotes are asked for (default 'US'). */
  country?: string
  /** Its subdivision (ISO 3166-2, 'NY'): Coinbase asks it for the US, where some states restrict some assets. */
  subdivision?: string
  /** Milliseconds before a request (its answer's body included) is given up (default 5000). */
  timeoutMs?: number
  /** How long the buy options are kept (default ten minutes): Coinbase asks integrators to cache them. */
  optionsCacheMs?: number
  /** The fetch to use (default the global one, looked up at each call). */
  fetch?: typeof globalThis.fetch
}

const service = 'Coinbase Onramp'
/** CDP's JWTs live two minutes. */
const jwtSeconds = 120
const maxPurchases = 50

const decimal = z.string().regex(/^\d{1,30}(\.\d{1,30})?$/, 'not a decimal amount')
const amount = z.object({ value: decimal, currency: currencyId })

const paymentCurrencyEntry = z.object({
  id: currencyId,
  limits: z.array(z.object({ id: z.string().regex(/^[A-Za-z0-9_]{1,64}$/), min: decimal, max: decimal })),
})
const purchaseCurrencyEntry = z.object({
  name: text(128),
  symbol: currencyId,
  networks: z.array(
    z.object({
      name: z.string().regex(/^[a-z0-9_-]{1,64}$/, 'not a network name'),
      display_name: text(128),
      chain_id: optionalText(64),
      contract_address: optionalText(128),
    }),
  ),
})
/** v1 answers in snake case; an entry that does not match is left out, not the whole list refused. */
const optionsAnswer = z.object({
  payment_currencies: z.array(z.unknown()),
  purchase_currencies: z.array(z.unknown()),
})
const quoteAnswer = z.object({
  payment_total: amount,
  payment_subtotal: amount,
  purchase_amount: amount,
  coinbase_fee: amount,
  network_fee: amount,
  quote_id: text(256),
})
const tokenAnswer = z.object({ token: text(4096) })
const transactionsAnswer = z.object({ transactions: z.array(z.unknown()) })
const statuses: Record<string, OnrampPurchase['status']> = {
  ONRAMP_TRANSACTION_STATUS_SUCCESS: 'completed',
  ONRAMP_TRANSACTION_STATUS_FAILED: 'failed',
}
const transactionEntry = z.object({
  transaction_id: text(128),
  // IN_PROGRESS and CREATED are on their way; a status the docs do not list yet is not known final either.
  status: z.string().transform((status) => statuses[status] ?? 'pending'),
  purchase_currency: currencyId,
  purchase_network: optionalText(64),
  // The guide documents a decimal string, the API reference an amount: either is read.
  purchase_amount: z.union([decimal, amount.transform(({ value }) => value)]),
  payment_total: amount,
  wallet_address: optionalText(128),
  created_at: z.iso.datetime({ offset: true }).transform((value) => new Date(value)),
  tx_hash: optionalText(128),
})
/** Refusals: v1's `{ code, message }`, or the CDP v2 APIs' `{ errorType, errorMessage }`. */
const refusalAnswer = z.union([
  z.object({ errorMessage: text(1000) }).transform(({ errorMessage }) => errorMessage),
  z.object({ message: text(1000) }).transform(({ message }) => message),
])
const quoteFieldOf = refusalFields({
  purchase_currency: 'purchaseCurrency',
  purchaseCurrency: 'purchaseCurrency',
  payment_currency: 'paymentCurrency',
  paymentCurrency: 'paymentCurrency',
  payment_amount: 'amount',
  paymentAmount: 'amount',
  amount: 'amount',
  purchase_network: 'network',
  purchaseNetwork: 'network',
  network: 'network',
})
const urlFieldOf = refusalFields({
  addresses: 'destinationWallets',
  address: 'destinationWallets',
  blockchains: 'destinationWallets',
  assets: 'destinationWallets',
})

/**
 * An on-ramp provider over Coinbase Onramp's v1 API. Every answer is checked before it is used: one that does not
 * match throws an Error naming the endpoint, as do error statuses, 401, 403 and 429 (the deployment's key or plan),
 * a network failure, an answer over 2 MiB and the timeout. A currency or network the buy options do not list, and a
 * 4xx Coinbase describes, are a `ProviderRefusal` naming the request's field. The key is read when the provider is
 * made: one that is not EC P-256 or Ed25519 throws then.
 *
 * @example
 * const coinbase = coinbaseOnrampProvider({ keyName: 'organizations/…/apiKeys/…', keySecret: pem })
 * await coinbase.quote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'base' })
 */
export function coinbaseOnrampProvider(options: CoinbaseOnrampOptions): OnrampProvider {
  const { keyName, subdivision, country = 'US' } = options
  const key = signingKey(options.keySecret)
  const payUrl = (options.payUrl ?? 'https://pay.coinbase.com').replace(/\/+$/, '')
  if (!URL.canParse(payUrl)) throw new Error(`${service}: not a URL: ${options.payUrl}`)
  const http = providerHttp({
    service,
    baseUrl: options.apiUrl ?? 'https://api.developer.coinbase.com',
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    headers: (method, url) => ({ authorization: `Bearer ${cdpJwt(key, keyName, method, url)}` }),
    refusal: refusalAnswer,
  })

  const listing = cachedAnswer(
    async (signal) => {
      // Nothing of the visitor's is asked for: a refusal here is the deployment's (its country, its key's access).
      const request = { path: '/onramp/v1/buy/options', query: { country, subdivision } }
      return optionsOf(await http.answer(request, optionsAnswer, undefined, signal))
    },
    options.optionsCacheMs ?? 10 * 60_000,
  )

  return {
    id: 'coinbase',
    name: 'Coinbase Onramp',

    options: listing,

    async quote(request, signal) {
      const listed = await listing(signal)
      const paymentCurrency = paymentCurrencyOf(listed, request.paymentCurrency, 'paymentCurrency')
      const asset = purchaseCurrencyOf(listed, request.purchaseCurrency, 'purchaseCurrency')
      const network = networkOf(asset.networks, request.network, 'network', asset.symbol)
      const body = {
        purchase_currency: asset.symbol,
        payment_currency: paymentCurrency,
        // What the visitor pays, fees included, in two decimals as Coinbase asks ('100.00').
        payment_amount: Number(request.amount).toFixed(2),
        payment_method: 'CARD',
        country,
        subdivision,
        purchase_network: network.name,
      }
      const quoted = await http.answer(
        { method: 'POST', path: '/onramp/v1/buy/quote', body },
        quoteAnswer,
        (description) => quoteFieldOf(description, 'amount'),
        signal,
      )
      return {
        paymentTotal: quoted.payment_total,
        paymentSubtotal: quoted.payment_subtotal,
        purchaseAmount: quoted.purchase_amount,
        networkFee: quoted.network_fee,
        coinbaseFee: quoted.coinbase_fee,
        quoteId: quoted.quote_id,
      }
    },

    async url(request, signal) {
      const listed = await listing(signal)
      const networks = [
        ...new Map(listed.purchaseCurrencies.flatMap((c) => c.networks).map((n) => [n.name, n])).values(),
      ]
      const networkName = (wanted: string, path: PropertyKey[]) =>
        networkOf(networks, wanted, fieldName(path)).name
      const assetId = (wanted: string, path: PropertyKey[]) =>
        purchaseCurrencyOf(listed, wanted, fieldName(path)).symbol
      // Everything is checked before the session is asked for: a refusal costs Coinbase nothing.
      const { defaultNetwork, defaultAsset, fiatCurrency } = request
      const parameters = {
        defaultNetwork:
          defaultNetwork === undefined ? undefined : networkName(defaultNetwork, ['defaultNetwork']),
        defaultAsset: defaultAsset === undefined ? undefined : assetId(defaultAsset, ['defaultAsset']),
        presetFiatAmount: request.presetFiatAmount,
        presetCryptoAmount: request.presetCryptoAmount,
        fiatCurrency:
          fiatCurrency === undefined ? undefined : paymentCurrencyOf(listed, fiatCurrency, 'fiatCurrency'),
        partnerUserId: request.partnerUserId,
        defaultExperience: request.defaultExperience,
      }
      const wallets = request.destinationWallets
      if (wallets.length === 0)
        throw new ProviderRefusal('destinationWallets', 'destinationWallets must name at least one address')
      const addresses = wallets.map(({ address, blockchains }, i) => {
        if (blockchains === undefined) {
          // A wallet that names no networks receives on the one the checkout opens on.
          if (parameters.defaultNetwork) return { address, blockchains: [parameters.defaultNetwork] }
          throw new ProviderRefusal(
            fieldName(['destinationWallets', i, 'blockchains']),
            `${service} needs the networks each address receives on`,
          )
        }
        const names = blockchains.map((network, j) =>
          networkName(network, ['destinationWallets', i, 'blockchains', j]),
        )
        return { address, blockchains: [...new Set(names)] }
      })
      const named = wallets.map(({ assets }, i) =>
        assets?.map((asset, j) => assetId(asset, ['destinationWallets', i, 'assets', j])),
      )
      // Coinbase's `assets` narrows the whole session: sent only when every wallet names what it receives.
      const assets = named.every((ids) => ids !== undefined) ? [...new Set(named.flat())] : undefined
      const { token } = await http.answer(
        { method: 'POST', path: '/onramp/v1/token', body: { addresses, assets } },
        tokenAnswer,
        (description) => urlFieldOf(description, 'destinationWallets'),
        signal,
      )
      const url = new URL(`${payUrl}/buy/select-asset`)
      for (const [name, value] of Object.entries({ sessionToken: token, ...parameters }))
        if (value !== undefined) url.searchParams.set(name, String(value))
      return url.href
    },

    async purchases(partnerUserId, signal) {
      const path = `/onramp/v1/buy/user/${encodeURIComponent(partnerUserId)}/transactions`
      const { transactions } = await http.answer(
        { path, query: { page_size: String(maxPurchases) } },
        transactionsAnswer,
        () => 'partnerUserId',
        signal,
      )
      const purchases = transactions.flatMap((entry): OnrampPurchase[] => {
        const parsed = transactionEntry.safeParse(entry)
        if (!parsed.success) return []
        const { transaction_id, status, purchase_currency, purchase_amount, purchase_network } = parsed.data
        const { payment_total, wallet_address, created_at, tx_hash } = parsed.data
        const purchase: OnrampPurchase = {
          id: transaction_id,
          status,
          purchaseCurrency: purchase_currency,
          purchaseAmount: purchase_amount,
          network: purchase_network,
          destination: wallet_address,
          paymentTotal: payment_total,
          createdAt: created_at,
        }
        if (tx_hash) purchase.txHash = tx_hash
        return [purchase]
      })
      return purchases.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, maxPurchases)
    },
  }
}

/** The buy options in our shape: assets by ticker (the quote takes it, and the route's ids are tickers), limits by lower-case method. */
function optionsOf(answer: z.infer<typeof optionsAnswer>): OnrampOptions {
  const paymentCurrencies = answer.payment_currencies.flatMap((entry) => {
    const parsed = paymentCurrencyEntry.safeParse(entry)
    if (!parsed.success) return []
    const { id, limits } = parsed.data
    return [
      { id, payment_method_limits: limits.map(({ id, min, max }) => ({ id: id.toLowerCase(), min, max })) },
    ]
  })
  const purchaseCurrencies = answer.purchase_currencies.flatMap((entry): PurchaseCurrency[] => {
    const parsed = purchaseCurrencyEntry.safeParse(entry)
    if (!parsed.success) return []
    const { name, symbol, networks } = parsed.data
    return [{ id: symbol, name, symbol, networks }]
  })
  return { paymentCurrencies, purchaseCurrencies }
}

function paymentCurrencyOf(options: OnrampOptions, wanted: string, field: string): string {
  const found = options.paymentCurrencies.find(({ id }) => id.toLowerCase() === wanted.toLowerCase())
  if (found) return found.id
  const listed = options.paymentCurrencies.map(({ id }) => id).join(', ')
  throw new ProviderRefusal(field, `${service} takes ${listed || 'no currency here'}, not ${wanted}`)
}

function purchaseCurrencyOf(options: OnrampOptions, wanted: string, field: string): PurchaseCurrency {
  const found = options.purchaseCurrencies.find(({ id }) => id.toLowerCase() === wanted.toLowerCase())
  if (found) return found
  throw new ProviderRefusal(field, `${service} does not sell ${wanted} here`)
}

/** The network a request names by Coinbase's name or by chain id; `asset` says whose networks these are. */
function networkOf(
  networks: PurchaseCurrency['networks'],
  wanted: string,
  field: string,
  asset?: string,
): PurchaseCurrency['networks'][number] {
  const found = networks.find(
    ({ name, chain_id }) => name === wanted.toLowerCase() || (chain_id !== '' && chain_id === wanted),
  )
  if (found) return found
  const listed = networks.map(({ name }) => name).join(', ')
  throw new ProviderRefusal(
    field,
    `${service} ${asset ? `sells ${asset} on` : 'delivers on'} ${listed || 'no network here'}, not ${wanted}`,
  )
}

interface SigningKey {
  alg: 'ES256' | 'EdDSA'
  key: KeyObject
}

/** The CDP API key's private half: PEM (EC P-256 or Ed25519), or CDP's base64 Ed25519 form (seed, public key). */
function signingKey(secret: string): SigningKey {
  const trimmed = secret.trim()
  let key: KeyObject
  try {
    key = trimmed.startsWith('-----BEGIN') ? createPrivateKey(trimmed) : ed25519Key(trimmed)
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    throw new Error(`${service}: the key secret is not a PEM private key or a CDP Ed25519 key: ${why}`)
  }
  if (key.asymmetricKeyType === 'ed25519') return { alg: 'EdDSA', key }
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1')
    return { alg: 'ES256', key }
  throw new Error(`${service}: the key secret is a ${key.asymmetricKeyType} key, not EC P-256 or Ed25519`)
}

function ed25519Key(base64: string): KeyObject {
  const raw = Buffer.from(base64, 'base64')
  if (raw.length !== 64) throw new Error(`${raw.length} bytes where CDP's Ed25519 keys have 64`)
  const x = raw.subarray(32).toString('base64url')
  const key = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d: raw.subarray(0, 32).toString('base64url'), x },
    format: 'jwk',
  })
  // The public half follows from the seed: one that differs is a key copied wrong, which every request would fail.
  if (createPublicKey(key).export({ format: 'jwk' }).x !== x)
    throw new Error('its public half does not match its seed')
  return key
}

/**
 * CDP's bearer token for one request: `kid` and a random `nonce` in the header; `sub` (the key), `iss` 'cdp', the
 * audience, two minutes from `nbf`, and the request it is good for in `uris` ('GET host/path', without the query).
 */
function cdpJwt({ alg, key }: SigningKey, keyName: string, method: string, url: URL): string {
  const now = Math.floor(Date.now() / 1000)
  const header = { alg, kid: keyName, typ: 'JWT', nonce: randomBytes(16).toString('hex') }
  const claims = {
    sub: keyName,
    iss: 'cdp',
    aud: ['cdp_service'],
    nbf: now,
    iat: now,
    exp: now + jwtSeconds,
    uris: [`${method} ${url.host}${url.pathname}`],
  }
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url')
  const input = Buffer.from(`${encode(header)}.${encode(claims)}`)
  // JWS wants ES256's signature as r and s side by side (IEEE P1363), not DER.
  const signature =
    alg === 'ES256' ? sign('sha256', input, { key, dsaEncoding: 'ieee-p1363' }) : sign(null, input, key)
  return `${input.toString()}.${signature.toString('base64url')}`
}
