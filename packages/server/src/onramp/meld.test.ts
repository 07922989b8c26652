// Meld's API as a local server: each endpoint answers its recorded fixture (fixtures/meld/README.md) unless the test
// sets `answer`; every request is kept to assert what the provider sent.
import { describe, expect, test } from 'vitest'
import { json, recordedApi } from '../../test/support/recordedApi.ts'
import { ProviderRefusal } from '../errors.ts'
import { type MeldOnrampOptions, meldOnrampProvider } from './meld.ts'
import type { OnrampUrlRequest } from './types.ts'

const recorded: Record<string, string> = {
  'GET /service-providers/properties/fiat-currencies': 'fiat-currencies.json',
  'GET /service-providers/properties/crypto-currencies': 'crypto-currencies.json',
  'GET /service-providers/properties/payment-methods': 'payment-methods.json',
  'GET /service-providers/limits/fiat-currency-purchases': 'purchase-limits.json',
  'POST /payments/crypto/quote': 'quote.json',
  'GET /payments/transactions': 'transactions.json',
}
const api = recordedApi({
  fixtures: new URL('./fixtures/meld/', import.meta.url),
  recorded,
  notFound: '{"code":"NOT_FOUND","message":"Not Found"}',
})
const { received, fixture } = api

const apiKey = 'W9kZTT7332okCEc1A9aqAq:3sYKoXQv6oHVHSts7G2agw9vTCXz'
const publicKey = 'WXETMuFUQmqqybHuRkSgxv:25B8LJHSfpG6LVjR2ytU5Cwh7Z4Sch2ocoU'
const widgetUrl = 'https://widget.example.test'
const visitor = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const provider = (options: Partial<MeldOnrampOptions> = {}) =>
  meldOnrampProvider({ apiKey, publicKey, apiUrl: api.url, widgetUrl, ...options })
const usdcOnBase = { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: '8453' }
const endpoints = () => received.map(({ method, path }) => `${method} ${path}`)
const caught = (promise: Promise<unknown>) => promise.catch((error: unknown) => error)
const listQuery = { categories: 'CRYPTO_ONRAMP', countries: 'US', accountFilter: 'true' }

describe('options', () => {
  test('GETs the on-ramps’ currencies, methods and limits with the key and version, and maps them', async () => {
    const options = await provider().options()
    expect(
      received
        .map(({ method, path, query, authorization, headers }) => ({
          method,
          path,
          query,
          authorization,
          version: headers['meld-version'],
        }))
        .sort((a, b) => a.path.localeCompare(b.path)),
    ).toEqual(
      [
        '/service-providers/limits/fiat-currency-purchases',
        '/service-providers/properties/crypto-currencies',
        '/service-providers/properties/fiat-currencies',
        '/service-providers/properties/payment-methods',
      ].map((path) => ({
        method: 'GET',
        path,
        query: listQuery,
        authorization: `BASIC ${apiKey}`,
        version: '2023-12-19',
      })),
    )
    const limits = (min: string, max: string) => [
      { id: 'credit_debit_card', min, max },
      { id: 'apple_pay', min, max },
    ]
    expect(options.paymentCurrencies).toEqual([
      { id: 'USD', payment_method_limits: limits('20', '20000') },
      { id: 'EUR', payment_method_limits: limits('15.5', '18000') },
      // Meld lists no limits for it: no method is offered for it.
      { id: 'GBP', payment_method_limits: [] },
    ])
    const ethereum = { name: 'ethereum', display_name: 'Ethereum', chain_id: '1' }
    const base = { name: 'base', display_name: 'Base', chain_id: '8453' }
    expect(options.purchaseCurrencies).toEqual([
      {
        id: 'ETH',
        name: 'Ethereum',
        symbol: 'ETH',
        networks: [
          { ...ethereum, contract_address: '' },
          { ...base, contract_address: '' },
        ],
      },
      {
        id: 'USDC',
        name: 'USD Coin',
        symbol: 'USDC',
        networks: [
          { ...ethereum, contract_address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' },
          { ...base, contract_address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' },
        ],
      },
      {
        id: 'SOL',
        name: 'Solana',
        symbol: 'SOL',
        networks: [{ name: 'solana', display_name: 'Solana', chain_id: '', contract_address: '' }],
      },
    ])
  })

  test('the country and version configured are asked for; kept for optionsCacheMs', async () => {
    const meld = provider({ country: 'DE', version: '2025-03-04' })
    await meld.options()
    await meld.options()
    expect(received).toHaveLength(4)
    expect(
      received.every(
        ({ query, headers }) => query.countries === 'DE' && headers['meld-version'] === '2025-03-04',
      ),
    ).toBe(true)
  })

  test('a list that is not one → an Error naming its endpoint', async () => {
    api.answering('GET /service-providers/properties/payment-methods', json(200, '{"paymentMethods":[]}'))
    await expect(provider().options()).rejects.toThrow(
      'Meld /service-providers/properties/payment-methods answered what was not expected: (answer): Invalid input: expected array, received object',
    )
  })
})

describe('quote', () => {
  test('POSTs the asset’s Meld code for the network, and maps the quote that gives the most crypto', async () => {
    const quote = await provider().quote(usdcOnBase)
    expect(endpoints()).toEqual([
      'GET /service-providers/properties/crypto-currencies',
      'POST /payments/crypto/quote',
    ])
    expect(received[1]).toMatchObject({
      authorization: `BASIC ${apiKey}`,
      headers: expect.objectContaining({ 'meld-version': '2023-12-19' }),
      body: {
        countryCode: 'US',
        sourceCurrencyCode: 'USD',
        sourceAmount: 100,
        destinationCurrencyCode: 'USDC_BASE',
        paymentMethodType: 'CREDIT_DEBIT_CARD',
      },
    })
    // Transak's 95.4312 USDC beats MoonPay's 94.17; Banxa's malformed 99.9 is not a quote.
    expect(quote).toEqual({
      paymentTotal: { value: '100', currency: 'USD' },
      paymentSubtotal: { value: '95.51', currency: 'USD' },
      purchaseAmount: { value: '95.4312', currency: 'USDC' },
      networkFee: { value: '0.5', currency: 'USD' },
      coinbaseFee: { value: '3.99', currency: 'USD' },
      quoteId: 'TRANSAK',
    })
  })

  test.each([
    ['our name', 'base', 'USDC_BASE'],
    ['Meld’s chain code', 'BASE', 'USDC_BASE'],
    ['the chain id of Ethereum', '1', 'USDC'],
  ])('the network by %s', async (_, network, code) => {
    await provider().quote({ ...usdcOnBase, network })
    expect(received[1]?.body).toMatchObject({ destinationCurrencyCode: code })
  })

  test('without a total, the provider’s fee is its transaction fee and the partner’s', async () => {
    const only = {
      serviceProvider: 'MOONPAY',
      sourceAmount: 100,
      sourceCurrencyCode: 'USD',
      destinationAmount: 94.17,
    }
    api.answering(
      'POST /payments/crypto/quote',
      json(
        200,
        JSON.stringify({ quotes: [{ ...only, networkFee: 0.07, transactionFee: 3.75, partnerFee: 2 }] }),
      ),
    )
    const quote = await provider().quote(usdcOnBase)
    expect(quote).toMatchObject({
      coinbaseFee: { value: '5.75', currency: 'USD' },
      networkFee: { value: '0.07', currency: 'USD' },
      paymentSubtotal: { value: '94.18', currency: 'USD' },
    })
  })

  test.each([
    [{ purchaseCurrency: 'DOGE' }, 'purchaseCurrency', 'Meld does not sell DOGE here'],
    [{ network: 'polygon' }, 'network', 'Meld sells USDC on ethereum, base, not polygon'],
    [{ purchaseCurrency: 'SOL' }, 'network', 'Meld sells SOL on solana, not 8453'],
  ])('%o is refused on its field without asking for a quote', async (fields, field, message) => {
    expect(await caught(provider().quote({ ...usdcOnBase, ...fields }))).toEqual(
      new ProviderRefusal(field, message),
    )
    expect(endpoints()).toEqual(['GET /service-providers/properties/crypto-currencies'])
  })

  test('no on-ramp quotes → refused on the amount', async () => {
    api.answering('POST /payments/crypto/quote', json(200, '{"quotes":[],"message":null}'))
    expect(await caught(provider().quote(usdcOnBase))).toEqual(
      new ProviderRefusal('amount', 'No on-ramp Meld reaches quotes 100 USD of USDC on base'),
    )
  })

  test.each([
    [fixture('invalid-amount.json'), 'amount', 'Invalid sourceAmount: the minimum is 20 USD'],
    [
      '{"code":"BAD_REQUEST","message":"Unsupported sourceCurrencyCode"}',
      'paymentCurrency',
      'Unsupported sourceCurrencyCode',
    ],
    [
      '{"code":"BAD_REQUEST","message":"destinationCurrencyCode is not supported in US"}',
      'purchaseCurrency',
      'destinationCurrencyCode is not supported in US',
    ],
  ])('a 400 Meld describes → ProviderRefusal on the field it names (%#)', async (body, field, message) => {
    api.answering('POST /payments/crypto/quote', json(400, body))
    expect(await caught(provider().quote(usdcOnBase))).toEqual(new ProviderRefusal(field, message))
  })

  test.each([
    [500, fixture('server-error.json')],
    [401, '{"code":"UNAUTHORIZED","message":"Invalid credentials"}'],
    [403, '{"code":"FORBIDDEN","message":"Insufficient access"}'],
    [429, '{"code":"TOO_MANY_REQUESTS","message":"Slow down"}'],
    [400, ''],
  ])(
    'a %i (an outage, the deployment’s key or plan, or no description) → an Error naming the endpoint',
    async (status, body) => {
      api.answering('POST /payments/crypto/quote', json(status, body))
      const error = await caught(provider().quote(usdcOnBase))
      expect(error).not.toBeInstanceOf(ProviderRefusal)
      expect((error as Error).message).toBe(`Meld /payments/crypto/quote answered HTTP status ${status}`)
    },
  )

  test.each([
    ['quotes that are not a list', '{"quotes":{"TRANSAK":{}}}'],
    ['not JSON', 'Service Unavailable'],
  ])('an answer with %s → an Error naming the endpoint', async (_, body) => {
    api.answering('POST /payments/crypto/quote', json(200, body))
    const error = await caught(provider().quote(usdcOnBase))
    expect(error).not.toBeInstanceOf(ProviderRefusal)
    expect((error as Error).message).toContain('Meld /payments/crypto/quote answered what was not expected')
  })
})

describe('url', () => {
  const request = (fields: Partial<OnrampUrlRequest> = {}): OnrampUrlRequest => ({
    destinationWallets: [{ address: visitor, blockchains: ['ethereum', 'base'], assets: ['USDC'] }],
    partnerUserId: visitor,
    ...fields,
  })

  test('Meld’s widget on the given parameters, asking nothing but the currencies it keeps', async () => {
    const meld = provider()
    const url = await meld.url(
      request({
        defaultNetwork: '8453',
        defaultAsset: 'usdc',
        presetFiatAmount: 50,
        fiatCurrency: 'USD',
        defaultExperience: 'buy',
      }),
    )
    const opened = new URL(url)
    expect(`${opened.origin}${opened.pathname}`).toBe(`${widgetUrl}/`)
    expect(Object.fromEntries(opened.searchParams)).toEqual({
      publicKey,
      transactionType: 'BUY',
      destinationCurrencyCode: 'USDC_BASE',
      walletAddress: visitor,
      sourceAmount: '50',
      sourceCurrencyCode: 'USD',
      externalCustomerId: visitor,
    })
    await meld.url(request())
    expect(endpoints()).toEqual(['GET /service-providers/properties/crypto-currencies'])
  })

  test('without defaults: the first wallet’s first network and asset; the wallet that receives on it', async () => {
    const solana = 'So11111111111111111111111111111111111111112'
    const url = await provider().url({
      destinationWallets: [
        { address: solana, blockchains: ['solana'], assets: ['SOL'] },
        { address: visitor, blockchains: ['base'] },
      ],
      partnerUserId: visitor,
    })
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({
      publicKey,
      transactionType: 'BUY',
      destinationCurrencyCode: 'SOL',
      walletAddress: solana,
      externalCustomerId: visitor,
    })
    const onBase = await provider().url({
      destinationWallets: [
        { address: solana, blockchains: ['solana'] },
        { address: visitor, blockchains: ['base'] },
      ],
      partnerUserId: visitor,
      defaultNetwork: 'base',
      defaultAsset: 'ETH',
    })
    expect(new URL(onBase).searchParams.get('walletAddress')).toBe(visitor)
    expect(new URL(onBase).searchParams.get('destinationCurrencyCode')).toBe('ETH_BASE')
  })

  test('values are escaped: a partnerUserId cannot add a parameter', async () => {
    const partnerUserId = 'visitor&walletAddress=0xattacker#x'
    const parameters = new URL(await provider().url(request({ partnerUserId }))).searchParams
    expect(parameters.get('externalCustomerId')).toBe(partnerUserId)
    expect(parameters.getAll('walletAddress')).toEqual([visitor])
  })

  test.each([
    [
      { defaultExperience: 'send' as const },
      'defaultExperience',
      "Meld's widget buys; it has no send experience",
    ],
    [{ defaultNetwork: 'polygon' }, 'defaultNetwork', 'Meld delivers on ethereum, base, solana, not polygon'],
    [{ defaultAsset: 'DOGE' }, 'defaultAsset', 'Meld does not sell DOGE here'],
    [{ defaultAsset: 'SOL', defaultNetwork: 'base' }, 'defaultNetwork', 'Meld sells SOL on solana, not base'],
    [
      { destinationWallets: [{ address: visitor, blockchains: ['base', '10'] }] },
      'destinationWallets[0].blockchains[1]',
      'Meld delivers on ethereum, base, solana, not 10',
    ],
    [
      { destinationWallets: [{ address: visitor, assets: ['USDC', 'PEPE'] }] },
      'destinationWallets[0].assets[1]',
      'Meld does not sell PEPE here',
    ],
  ])('%o is refused on its field', async (fields, field, message) => {
    expect(await caught(provider().url(request(fields)))).toEqual(new ProviderRefusal(field, message))
  })
})

describe('purchases', () => {
  test('searches the visitor’s transactions (50) and maps the purchases, newest first', async () => {
    const purchases = await provider().purchases(visitor)
    expect(received.find(({ path }) => path === '/payments/transactions')).toMatchObject({
      method: 'GET',
      query: { externalCustomerIds: visitor, limit: '50' },
      authorization: `BASIC ${apiKey}`,
    })
    expect(purchases).toEqual([
      {
        id: 'WePtm3K8TFKGm1ZjLLtbQe',
        status: 'pending',
        purchaseCurrency: 'USDC',
        purchaseAmount: '47.32',
        network: 'base',
        destination: visitor,
        paymentTotal: { value: '50', currency: 'USD' },
        createdAt: new Date('2024-05-03T09:12:44.123Z'),
      },
      {
        id: 'WeNq2HcR8dZt5yUwXbKjAa',
        status: 'completed',
        purchaseCurrency: 'ETH',
        purchaseAmount: '0.0326',
        network: 'ethereum',
        destination: visitor,
        paymentTotal: { value: '100', currency: 'USD' },
        createdAt: new Date('2024-04-28T16:40:05Z'),
        txHash: '0x5d0ca6e3c0a1e0fd4d1b6ba6b0d8a3d96d52f4a3c8c1f2e7b9a04f3e1d2c6b8a',
      },
      // The sale between them is not the on-ramp's.
      {
        id: 'WeKa4BnC6dEf8GhJ0kLm2N',
        status: 'failed',
        purchaseCurrency: 'USDC',
        purchaseAmount: '24.1',
        network: 'ethereum',
        destination: visitor,
        paymentTotal: { value: '25', currency: 'USD' },
        createdAt: new Date('2024-04-20T11:02:17Z'),
      },
      // ERROR is one Meld retries; a code it no longer lists keeps its asset and the chain id.
      {
        id: 'WeJb5CoD7eFg9HiK1lMn3O',
        status: 'pending',
        purchaseCurrency: 'MATIC',
        purchaseAmount: '31.7',
        network: '137',
        destination: visitor,
        paymentTotal: { value: '30', currency: 'EUR' },
        createdAt: new Date('2024-04-18T19:45:00Z'),
      },
    ])
  })

  test('at most 50, the newest, whatever order they come in', async () => {
    const { transactions } = JSON.parse(fixture('transactions.json'))
    const entries = Array.from({ length: 60 }, (_, n) => ({
      ...transactions[1],
      id: `t${n}`,
      createdAt: new Date(Date.UTC(2024, 0, 1 + n)).toISOString(),
    }))
    api.answering(
      'GET /payments/transactions',
      json(200, JSON.stringify({ transactions: entries.sort(() => 0.5 - Math.random()) })),
    )
    const purchases = await provider().purchases(visitor)
    expect(purchases.map(({ id }) => id)).toEqual(Array.from({ length: 50 }, (_, n) => `t${59 - n}`))
  })

  test('a refusal names the partnerUserId; an answer without a list is an Error', async () => {
    api.answering(
      'GET /payments/transactions',
      json(400, '{"code":"BAD_REQUEST","message":"externalCustomerIds is too long"}'),
    )
    expect(await caught(provider().purchases(visitor))).toEqual(
      new ProviderRefusal('partnerUserId', 'externalCustomerIds is too long'),
    )
    api.answering('GET /payments/transactions', json(200, '[]'))
    await expect(provider().purchases(visitor)).rejects.toThrow(
      'Meld /payments/transactions answered what was not expected',
    )
  })
})

describe('the connection', () => {
  test('an answer over 2 MiB, in chunks without a length → an Error', async () => {
    api.answering('POST /payments/crypto/quote', (response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      for (let sent = 0; sent <= 2 * 1024 * 1024; sent += 64 * 1024) response.write('x'.repeat(64 * 1024))
      response.end()
    })
    await expect(provider().quote(usdcOnBase)).rejects.toThrow(
      'Meld /payments/crypto/quote answered more than 2097152 bytes',
    )
  })

  test('a server that never answers → rejected after timeoutMs', async () => {
    api.answering('GET /payments/transactions', () => {})
    await expect(provider({ timeoutMs: 200 }).purchases(visitor)).rejects.toThrow(
      'Meld /payments/transactions could not be reached: no answer in 200 ms',
    )
  })

  test('the caller’s signal aborts the request, with its own reason', async () => {
    api.answering('POST /payments/crypto/quote', () => {})
    const controller = new AbortController()
    const quote = provider({ timeoutMs: 10_000 }).quote(usdcOnBase, controller.signal)
    setTimeout(() => controller.abort(new Error('visitor left')), 100)
    await expect(quote).rejects.toThrow('visitor left')
  })

  test('an unreachable API → an Error naming the endpoint', async () => {
    await expect(provider({ apiUrl: 'http://127.0.0.1:9' }).options()).rejects.toThrow(
      /Meld \/service-providers\/.* could not be reached/,
    )
  })
})
