// Coinbase Onramp's v1 API as a local server: each endpoint answers its recorded fixture (fixtures/coinbase/README.md)
// unless the test sets `answer`; every request is kept to assert what the provider sent, its signed JWT included.
import { generateKeyPairSync, type KeyObject, verify } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { json, recordedApi } from '../../test/support/recordedApi.ts'
import { ProviderRefusal } from '../errors.ts'
import { type CoinbaseOnrampOptions, coinbaseOnrampProvider } from './coinbase.ts'
import type { OnrampUrlRequest } from './types.ts'

const visitor = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const recorded: Record<string, string> = {
  'GET /onramp/v1/buy/options': 'buy-options.json',
  'POST /onramp/v1/buy/quote': 'buy-quote.json',
  'POST /onramp/v1/token': 'session-token.json',
  [`GET /onramp/v1/buy/user/${visitor}/transactions`]: 'transactions.json',
}
const api = recordedApi({
  fixtures: new URL('./fixtures/coinbase/', import.meta.url),
  recorded,
  notFound: '{"code":5,"message":"Not Found"}',
})
const { received, fixture } = api

// CDP shows an ECDSA key as a SEC1 PEM ('EC PRIVATE KEY'), an Ed25519 one as base64 of its seed and public key.
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const ecPem = ec.privateKey.export({ type: 'sec1', format: 'pem' }).toString()
const ed = generateKeyPairSync('ed25519')
const edJwk = ed.privateKey.export({ format: 'jwk' })
const edSecret = Buffer.concat([
  Buffer.from(edJwk.d!, 'base64url'),
  Buffer.from(edJwk.x!, 'base64url'),
]).toString('base64')
const keyName =
  'organizations/6f2d3b1a-0c4e-4f5a-9b8c-7d6e5f4a3b2c/apiKeys/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'
const payUrl = 'https://pay.example.test'
const provider = (options: Partial<CoinbaseOnrampOptions> = {}) =>
  coinbaseOnrampProvider({ keyName, keySecret: ecPem, apiUrl: api.url, payUrl, ...options })

/** The JWT of a request: its parts decoded, and whether `publicKey` verifies its signature. */
function jwtOf(authorization: string | undefined, publicKey: KeyObject) {
  const [header, claims, signature] = (authorization ?? '').replace(/^Bearer /, '').split('.') as [
    string,
    string,
    string,
  ]
  const decoded = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString())
  const input = Buffer.from(`${header}.${claims}`)
  const alg = decoded(header).alg
  const valid =
    alg === 'ES256'
      ? verify(
          'sha256',
          input,
          { key: publicKey, dsaEncoding: 'ieee-p1363' },
          Buffer.from(signature, 'base64url'),
        )
      : verify(null, input, publicKey, Buffer.from(signature, 'base64url'))
  return { header: decoded(header), claims: decoded(claims), valid }
}

const usdcOnBase = { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'base' }
const urlRequest = (fields: Partial<OnrampUrlRequest> = {}): OnrampUrlRequest => ({
  destinationWallets: [{ address: visitor, blockchains: ['base', '1'], assets: ['USDC'] }],
  partnerUserId: visitor,
  ...fields,
})
const caught = (promise: Promise<unknown>) => promise.catch((error: unknown) => error)

describe('options', () => {
  test('GETs the buy options for the country; assets by ticker, limits by lower-case method, malformed left out', async () => {
    const options = await provider().options()
    expect(received.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
      { method: 'GET', path: '/onramp/v1/buy/options', query: { country: 'US' } },
    ])
    expect(options.paymentCurrencies).toEqual([
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '2', max: '7500' },
          { id: 'ach_bank_account', min: '2', max: '25000' },
          { id: 'apple_pay', min: '2', max: '7500' },
        ],
      },
      { id: 'EUR', payment_method_limits: [{ id: 'card', min: '2', max: '7000' }] },
    ])
    expect(options.purchaseCurrencies).toEqual([
      {
        id: 'USDC',
        name: 'USD Coin',
        symbol: 'USDC',
        networks: [
          {
            name: 'ethereum',
            display_name: 'Ethereum',
            chain_id: '1',
            contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
          },
          {
            name: 'base',
            display_name: 'Base',
            chain_id: '8453',
            contract_address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
          },
        ],
      },
      {
        id: 'ETH',
        name: 'Ethereum',
        symbol: 'ETH',
        networks: [
          { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' },
          { name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '' },
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

  test('the country and subdivision configured are asked for', async () => {
    await provider({ country: 'GB' }).options()
    await provider({ subdivision: 'NY' }).options()
    expect(received.map(({ query }) => query)).toEqual([
      { country: 'GB' },
      { country: 'US', subdivision: 'NY' },
    ])
  })

  test('kept for optionsCacheMs: a second call asks nothing, 0 asks each time', async () => {
    const cached = provider()
    expect(await cached.options()).toEqual(await cached.options())
    expect(received).toHaveLength(1)
    const uncached = provider({ optionsCacheMs: 0 })
    await uncached.options()
    await uncached.options()
    expect(received).toHaveLength(3)
  })

  test('a refusal of the options is the deployment’s, not the visitor’s: an Error', async () => {
    api.answering('GET /onramp/v1/buy/options', json(400, '{"code":3,"message":"country is not supported"}'))
    const error = await caught(provider().options())
    expect(error).not.toBeInstanceOf(ProviderRefusal)
    expect((error as Error).message).toBe(
      'Coinbase Onramp /onramp/v1/buy/options refused: country is not supported',
    )
  })
})

describe('the CDP JWT', () => {
  test('ES256: signed with the EC key, kid and a fresh nonce, the claims CDP asks for', async () => {
    const before = Math.floor(Date.now() / 1000)
    const coinbase = provider({ optionsCacheMs: 0 })
    await coinbase.options()
    await coinbase.options()
    const [first, second] = received.map(({ authorization }) => jwtOf(authorization, ec.publicKey))
    expect(first?.valid).toBe(true)
    expect(first?.header).toEqual({
      alg: 'ES256',
      kid: keyName,
      typ: 'JWT',
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
    expect(second?.header.nonce).not.toBe(first?.header.nonce)
    const { claims } = first!
    expect(claims).toEqual({
      sub: keyName,
      iss: 'cdp',
      aud: ['cdp_service'],
      nbf: expect.any(Number),
      iat: claims.nbf,
      exp: claims.nbf + 120,
      // The request it is good for: method, host and path, without the query.
      uris: [`GET ${new URL(api.url).host}/onramp/v1/buy/options`],
    })
    expect(claims.nbf).toBeGreaterThanOrEqual(before)
    expect(claims.nbf).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
  })

  test('each request’s own: the quote’s names POST and its path', async () => {
    await provider().quote(usdcOnBase)
    const quote = received.find(({ path }) => path === '/onramp/v1/buy/quote')
    const { claims, valid } = jwtOf(quote?.authorization, ec.publicKey)
    expect(valid).toBe(true)
    expect(claims.uris).toEqual([`POST ${new URL(api.url).host}/onramp/v1/buy/quote`])
  })

  test('EdDSA: a CDP Ed25519 key (base64 of seed and public key) signs, and its public key verifies', async () => {
    await provider({ keySecret: edSecret }).options()
    const { header, claims, valid } = jwtOf(received[0]?.authorization, ed.publicKey)
    expect(valid).toBe(true)
    expect(header.alg).toBe('EdDSA')
    expect(claims.sub).toBe(keyName)
    // The same key in PEM signs the same way.
    const pem = ed.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    await provider({ keySecret: pem }).options()
    expect(jwtOf(received[1]?.authorization, ed.publicKey).valid).toBe(true)
  })

  test.each([
    [
      'an RSA key',
      generateKeyPairSync('rsa', { modulusLength: 1024 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
      /rsa key, not EC P-256 or Ed25519/,
    ],
    [
      'a P-384 key',
      generateKeyPairSync('ec', { namedCurve: 'P-384' })
        .privateKey.export({ type: 'sec1', format: 'pem' })
        .toString(),
      /ec key, not EC P-256/,
    ],
    [
      'a broken PEM',
      '-----BEGIN EC PRIVATE KEY-----\nnot a key\n-----END EC PRIVATE KEY-----',
      /not a PEM private key or a CDP Ed25519 key/,
    ],
    [
      'base64 of the wrong length',
      Buffer.alloc(32, 1).toString('base64'),
      /32 bytes where CDP's Ed25519 keys have 64/,
    ],
    [
      'an Ed25519 key whose public half is another’s',
      Buffer.concat([Buffer.from(edJwk.d!, 'base64url'), Buffer.alloc(32, 7)]).toString('base64'),
      /public half does not match/,
    ],
  ])('%s → the provider is not made', (_, keySecret, message) => {
    expect(() => provider({ keySecret })).toThrow(message)
  })
})

describe('quote', () => {
  test('POSTs the quote in snake case, the network by Coinbase’s name, and maps the answer', async () => {
    const quote = await provider().quote({ ...usdcOnBase, network: '8453', purchaseCurrency: 'usdc' })
    expect(received.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /onramp/v1/buy/options',
      'POST /onramp/v1/buy/quote',
    ])
    expect(received[1]?.body).toEqual({
      purchase_currency: 'USDC',
      payment_currency: 'USD',
      payment_amount: '100.00',
      payment_method: 'CARD',
      country: 'US',
      purchase_network: 'base',
    })
    expect(quote).toEqual({
      paymentTotal: { value: '100.00', currency: 'USD' },
      paymentSubtotal: { value: '98.01', currency: 'USD' },
      purchaseAmount: { value: '98.010000', currency: 'USDC' },
      coinbaseFee: { value: '1.49', currency: 'USD' },
      networkFee: { value: '0.50', currency: 'USD' },
      quoteId: '5c2f1ad2-8e4b-4f0e-9d63-3b1b6f4e2a17',
    })
  })

  test.each([
    [{ purchaseCurrency: 'DOGE' }, 'purchaseCurrency', 'Coinbase Onramp does not sell DOGE here'],
    [{ network: 'polygon' }, 'network', 'Coinbase Onramp sells USDC on ethereum, base, not polygon'],
    [{ network: '137' }, 'network', 'Coinbase Onramp sells USDC on ethereum, base, not 137'],
    [{ purchaseCurrency: 'SOL' }, 'network', 'Coinbase Onramp sells SOL on solana, not base'],
    [{ paymentCurrency: 'JPY' }, 'paymentCurrency', 'Coinbase Onramp takes USD, EUR, not JPY'],
  ])('%o is refused on its field without asking for a quote', async (fields, field, message) => {
    const error = await caught(provider().quote({ ...usdcOnBase, ...fields }))
    expect(error).toEqual(new ProviderRefusal(field, message))
    expect(received.map(({ path }) => path)).toEqual(['/onramp/v1/buy/options'])
  })

  test.each([
    [fixture('invalid-amount.json'), 'amount', 'payment_amount must be at least 2.00 USD'],
    [
      '{"code":3,"message":"purchase_network is not supported for this asset"}',
      'network',
      'purchase_network is not supported for this asset',
    ],
    [
      '{"errorType":"invalid_request","errorMessage":"paymentCurrency is invalid"}',
      'paymentCurrency',
      'paymentCurrency is invalid',
    ],
    ['{"code":3,"message":"Quote unavailable"}', 'amount', 'Quote unavailable'],
  ])(
    'a 400 Coinbase describes → ProviderRefusal on the field it names (%#)',
    async (body, field, message) => {
      api.answering('POST /onramp/v1/buy/quote', json(400, body))
      expect(await caught(provider().quote(usdcOnBase))).toEqual(new ProviderRefusal(field, message))
    },
  )

  test.each([
    [500, fixture('server-error.json')],
    [401, fixture('unauthorized.json')],
    [403, '{"code":7,"message":"Forbidden"}'],
    [429, '{"code":8,"message":"Too many requests"}'],
    [400, 'Bad Request'],
  ])(
    'a %i (an outage, the deployment’s key or plan, or no description) → an Error naming the endpoint',
    async (status, body) => {
      api.answering('POST /onramp/v1/buy/quote', json(status, body))
      const error = await caught(provider().quote(usdcOnBase))
      expect(error).not.toBeInstanceOf(ProviderRefusal)
      expect((error as Error).message).toBe(
        `Coinbase Onramp /onramp/v1/buy/quote answered HTTP status ${status}`,
      )
    },
  )

  test.each([
    [
      'a value that is not a decimal',
      JSON.stringify({
        ...JSON.parse(fixture('buy-quote.json')),
        network_fee: { value: '0,50', currency: 'USD' },
      }),
    ],
    ['no quote id', JSON.stringify({ ...JSON.parse(fixture('buy-quote.json')), quote_id: undefined })],
    ['not JSON', '<html>'],
  ])('an answer with %s → an Error naming the endpoint', async (_, body) => {
    api.answering('POST /onramp/v1/buy/quote', json(200, body))
    const error = await caught(provider().quote(usdcOnBase))
    expect(error).not.toBeInstanceOf(ProviderRefusal)
    expect((error as Error).message).toContain(
      'Coinbase Onramp /onramp/v1/buy/quote answered what was not expected',
    )
  })
})

describe('url', () => {
  test('POSTs the session token’s addresses and assets, and opens the checkout on the given parameters', async () => {
    const url = await provider().url(
      urlRequest({
        defaultNetwork: '8453',
        defaultAsset: 'usdc',
        presetFiatAmount: 50,
        fiatCurrency: 'USD',
        defaultExperience: 'buy',
      }),
    )
    expect(received[1]).toMatchObject({
      method: 'POST',
      path: '/onramp/v1/token',
      body: { addresses: [{ address: visitor, blockchains: ['base', 'ethereum'] }], assets: ['USDC'] },
    })
    const opened = new URL(url)
    expect(`${opened.origin}${opened.pathname}`).toBe(`${payUrl}/buy/select-asset`)
    expect(Object.fromEntries(opened.searchParams)).toEqual({
      sessionToken: 'ZWJlNDgwYmItNjBkMi00ZmFiLWIxYTQtMTM3MGI2YjJiNjFh',
      defaultNetwork: 'base',
      defaultAsset: 'USDC',
      presetFiatAmount: '50',
      fiatCurrency: 'USD',
      partnerUserId: visitor,
      defaultExperience: 'buy',
    })
  })

  test('only the parameters given; a wallet without assets leaves the session’s assets open', async () => {
    const url = await provider().url({
      destinationWallets: [{ address: visitor, blockchains: ['ethereum'] }],
      partnerUserId: visitor,
      presetCryptoAmount: 0.05,
    })
    expect(received[1]?.body).toEqual({ addresses: [{ address: visitor, blockchains: ['ethereum'] }] })
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({
      sessionToken: 'ZWJlNDgwYmItNjBkMi00ZmFiLWIxYTQtMTM3MGI2YjJiNjFh',
      presetCryptoAmount: '0.05',
      partnerUserId: visitor,
    })
  })

  test('a wallet that names no networks receives on the default one', async () => {
    await provider().url({
      destinationWallets: [{ address: visitor }],
      partnerUserId: visitor,
      defaultNetwork: 'base',
    })
    expect(received[1]?.body).toEqual({ addresses: [{ address: visitor, blockchains: ['base'] }] })
  })

  test('values are escaped: a partnerUserId cannot add a parameter', async () => {
    const partnerUserId = 'visitor&defaultAsset=DOGE#x'
    const url = await provider().url(urlRequest({ partnerUserId }))
    const parameters = new URL(url).searchParams
    expect(parameters.get('partnerUserId')).toBe(partnerUserId)
    expect(parameters.has('defaultAsset')).toBe(false)
  })

  test.each([
    [
      { defaultNetwork: 'polygon' },
      'defaultNetwork',
      'Coinbase Onramp delivers on ethereum, base, solana, not polygon',
    ],
    [{ defaultAsset: 'DOGE' }, 'defaultAsset', 'Coinbase Onramp does not sell DOGE here'],
    [{ fiatCurrency: 'JPY' }, 'fiatCurrency', 'Coinbase Onramp takes USD, EUR, not JPY'],
    [
      { destinationWallets: [{ address: visitor, blockchains: ['base', '10'] }] },
      'destinationWallets[0].blockchains[1]',
      'Coinbase Onramp delivers on ethereum, base, solana, not 10',
    ],
    [
      { destinationWallets: [{ address: visitor, blockchains: ['base'], assets: ['USDC', 'PEPE'] }] },
      'destinationWallets[0].assets[1]',
      'Coinbase Onramp does not sell PEPE here',
    ],
    [
      { destinationWallets: [{ address: visitor, blockchains: ['base'] }, { address: visitor }] },
      'destinationWallets[1].blockchains',
      'Coinbase Onramp needs the networks each address receives on',
    ],
    [{ destinationWallets: [] }, 'destinationWallets', 'destinationWallets must name at least one address'],
  ])('%o is refused on its field', async (fields, field, message) => {
    expect(await caught(provider().url(urlRequest(fields)))).toEqual(new ProviderRefusal(field, message))
    expect(received.map(({ path }) => path)).not.toContain('/onramp/v1/token')
  })

  test('a refused token names the wallets; a malformed one is an Error', async () => {
    api.answering(
      'POST /onramp/v1/token',
      json(400, '{"code":3,"message":"addresses[0].address is invalid"}'),
    )
    expect(await caught(provider().url(urlRequest()))).toEqual(
      new ProviderRefusal('destinationWallets', 'addresses[0].address is invalid'),
    )
    api.answering('POST /onramp/v1/token', json(200, '{"channel_id":""}'))
    expect(await caught(provider().url(urlRequest()))).toEqual(
      new Error(
        'Coinbase Onramp /onramp/v1/token answered what was not expected: token: Invalid input: expected string, received undefined',
      ),
    )
  })
})

describe('purchases', () => {
  test('GETs the visitor’s transactions (50 a page) and maps them, newest first, malformed left out', async () => {
    const purchases = await provider().purchases(visitor)
    expect(received).toMatchObject([
      { method: 'GET', path: `/onramp/v1/buy/user/${visitor}/transactions`, query: { page_size: '50' } },
    ])
    expect(purchases).toEqual([
      {
        id: '1f8c4a7e-2b9d-4e61-8a35-c7d0e9f1b2a4',
        status: 'pending',
        purchaseCurrency: 'USDC',
        purchaseAmount: '49.010000',
        network: 'base',
        destination: visitor,
        paymentTotal: { value: '50.00', currency: 'USD' },
        createdAt: new Date('2024-05-03T09:12:44Z'),
      },
      {
        id: '9a3e5b71-4c2d-4f80-b1e6-0d7c8a9f3e25',
        status: 'completed',
        purchaseCurrency: 'ETH',
        purchaseAmount: '0.0326',
        network: 'ethereum',
        destination: visitor,
        paymentTotal: { value: '100.00', currency: 'USD' },
        createdAt: new Date('2024-04-28T16:40:05Z'),
        txHash: '0x5d0ca6e3c0a1e0fd4d1b6ba6b0d8a3d96d52f4a3c8c1f2e7b9a04f3e1d2c6b8a',
      },
      {
        id: 'c4d2e6f8-1a3b-4c5d-9e7f-8a6b4c2d0e1f',
        status: 'failed',
        purchaseCurrency: 'USDC',
        purchaseAmount: '0',
        network: 'ethereum',
        destination: visitor,
        paymentTotal: { value: '25.00', currency: 'USD' },
        createdAt: new Date('2024-04-20T11:02:17Z'),
      },
    ])
  })

  test('at most 50, the newest, whatever order they come in; a status not documented yet is pending', async () => {
    const { transactions } = JSON.parse(fixture('transactions.json'))
    const entries = Array.from({ length: 60 }, (_, n) => ({
      ...transactions[1],
      transaction_id: `t${n}`,
      status: n === 59 ? 'ONRAMP_TRANSACTION_STATUS_REFUNDING' : transactions[1].status,
      created_at: new Date(Date.UTC(2024, 0, 1 + n)).toISOString(),
    }))
    api.answering(
      `GET /onramp/v1/buy/user/${visitor}/transactions`,
      json(200, JSON.stringify({ transactions: entries.reverse().sort(() => 0.5 - Math.random()) })),
    )
    const purchases = await provider().purchases(visitor)
    expect(purchases.map(({ id }) => id)).toEqual(Array.from({ length: 50 }, (_, n) => `t${59 - n}`))
    expect(purchases[0]?.status).toBe('pending')
  })

  test('the partnerUserId is one escaped path segment', async () => {
    // The server has no such visitor: its 404 is the visitor's refusal, as Coinbase would describe it.
    await expect(provider().purchases('a/../b?c')).rejects.toEqual(
      new ProviderRefusal('partnerUserId', 'Not Found'),
    )
    expect(received[0]?.path).toBe('/onramp/v1/buy/user/a%2F..%2Fb%3Fc/transactions')
  })

  test('an answer without a list → an Error naming the endpoint', async () => {
    api.answering(`GET /onramp/v1/buy/user/${visitor}/transactions`, json(200, '{"transactions":{}}'))
    await expect(provider().purchases(visitor)).rejects.toThrow(
      `Coinbase Onramp /onramp/v1/buy/user/${visitor}/transactions answered what was not expected`,
    )
  })
})

describe('the connection', () => {
  test('an answer over 2 MiB → an Error', async () => {
    api.answering('POST /onramp/v1/buy/quote', json(200, `{"padding":"${'x'.repeat(2 * 1024 * 1024)}"}`))
    await expect(provider().quote(usdcOnBase)).rejects.toThrow(
      'Coinbase Onramp /onramp/v1/buy/quote answered more than 2097152 bytes',
    )
  })

  test('a server that never answers → rejected after timeoutMs', async () => {
    api.answering('GET /onramp/v1/buy/options', () => {})
    const started = Date.now()
    await expect(provider({ timeoutMs: 200 }).options()).rejects.toThrow(
      'Coinbase Onramp /onramp/v1/buy/options could not be reached: no answer in 200 ms',
    )
    expect(Date.now() - started).toBeLessThan(2000)
  })

  test('the caller’s signal aborts the request, with its own reason', async () => {
    api.answering('POST /onramp/v1/buy/quote', () => {})
    const controller = new AbortController()
    const quote = provider({ timeoutMs: 10_000 }).quote(usdcOnBase, controller.signal)
    setTimeout(() => controller.abort(new Error('visitor left')), 100)
    await expect(quote).rejects.toThrow('visitor left')
  })

  test('an unreachable API → an Error naming the endpoint', async () => {
    await expect(provider({ apiUrl: 'http://127.0.0.1:9' }).options()).rejects.toThrow(
      /Coinbase Onramp \/onramp\/v1\/buy\/options could not be reached/,
    )
  })

  test('a stand-in under a path prefix: the paths go under it, the JWT names them', async () => {
    api.answer = (request, response) => {
      if (request.path !== '/stand-in/onramp/v1/buy/options') return false
      json(200, fixture('buy-options.json'))(response)
      return true
    }
    await provider({ apiUrl: `${api.url}/stand-in/` }).options()
    expect(received[0]?.path).toBe('/stand-in/onramp/v1/buy/options')
    expect(jwtOf(received[0]?.authorization, ec.publicKey).claims.uris).toEqual([
      `GET ${new URL(api.url).host}/stand-in/onramp/v1/buy/options`,
    ])
  })

  test('fetch: the option is used', async () => {
    const calls: string[] = []
    const own: typeof fetch = (input, init) => {
      calls.push(String(input))
      return fetch(input, init)
    }
    await provider({ fetch: own }).options()
    expect(calls).toEqual([`${api.url}/onramp/v1/buy/options?country=US`])
  })
})
