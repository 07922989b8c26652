// The on-ramp API over the devnet's sandbox provider (prices fixed: ETH 3000 USD, LUSD 1), and over providers that
// fail, where SPEC §8's sample options and mock quote answer, marked as estimates.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../test/support/app.ts'
import { devnetBlockchainConfig, devnetTokens } from '../chains/defaults.ts'
import type { OnrampProvider } from '../onramp/types.ts'

// No chain is read: the sandbox quotes from the price provider.
const blockchain = devnetBlockchainConfig({ rpcA: 'http://127.0.0.1:9', rpcB: 'http://127.0.0.1:9' })
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ blockchain })
})
afterAll(() => t?.close())

const quote = (app: TestApp['app'], body: object) =>
  app.inject({ method: 'POST', url: '/v1/onramp/quote?projectId=open', payload: body })

describe('the sandbox on-ramp', () => {
  test('offers USD at SPEC §9’s limits, and the devnet’s ETH and LUSD on both its chains', async () => {
    const response = await t.app.inject('/v1/onramp/options?projectId=open')
    expect(response.statusCode).toBe(200)
    const options = response.json()
    expect(options.estimate).toBeUndefined()
    expect(options.providers).toEqual([{ id: 'sandbox', name: 'Latch Sandbox' }])
    expect(options.paymentCurrencies).toEqual([
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '10', max: '7500' },
          { id: 'ach_bank_account', min: '10', max: '25000' },
        ],
      },
    ])
    const lusd = devnetTokens.find((token) => token.symbol === 'LUSD')!
    expect(options.purchaseCurrencies).toEqual([
      {
        id: 'ETH',
        name: 'Ether',
        symbol: 'ETH',
        networks: [
          { name: 'Latch Devnet A', display_name: 'Latch Devnet A', chain_id: '31337', contract_address: '' },
          { name: 'Latch Devnet B', display_name: 'Latch Devnet B', chain_id: '31338', contract_address: '' },
        ],
      },
      {
        id: 'LUSD',
        name: 'Latch USD',
        symbol: 'LUSD',
        networks: [31337, 31338].map((chainId, index) => ({
          name: `Latch Devnet ${'AB'[index]}`,
          display_name: `Latch Devnet ${'AB'[index]}`,
          chain_id: String(chainId),
          contract_address: lusd.address,
        })),
      },
    ])
  })

  test('quotes 100 USD of ETH: a 1 % fee and 0.50 USD for the network, the rest at 3,000 USD an ETH', async () => {
    const response = await quote(t.app, {
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '100',
      network: '31337',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      paymentTotal: { value: '100.00', currency: 'USD' },
      paymentSubtotal: { value: '98.50', currency: 'USD' },
      purchaseAmount: { value: '0.03283333', currency: 'ETH' },
      networkFee: { value: '0.50', currency: 'USD' },
      coinbaseFee: { value: '1.00', currency: 'USD' },
      quoteId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      provider: 'sandbox',
    })
    const lusd = await quote(t.app, {
      purchaseCurrency: 'LUSD',
      paymentCurrency: 'USD',
      amount: 250,
      network: 'Latch Devnet B',
    })
    expect(lusd.json().purchaseAmount).toEqual({ value: '247.000000', currency: 'LUSD' })
  })

  test('refuses what it cannot sell, naming the field', async () => {
    const cases: [object, string, RegExp][] = [
      [{ paymentCurrency: 'EUR' }, 'paymentCurrency', /USD only/],
      [{ purchaseCurrency: 'BTC' }, 'purchaseCurrency', /does not sell BTC/],
      [{ network: '1' }, 'network', /sells ETH on Latch Devnet A, Latch Devnet B only/],
      [{ amount: '5' }, 'amount', /from 10 to 25000 USD/],
      [{ amount: '30000' }, 'amount', /from 10 to 25000 USD/],
      [{ amount: '1.234' }, 'amount', /at most 2 decimals/],
      [{ amount: '-1' }, 'amount', /positive amount/],
      [{ network: '' }, 'network', /network is required/],
      [{ purchaseCurrency: 'E T H' }, 'purchaseCurrency', /currency id/],
      [{ provider: 'elsewhere' }, 'provider', /provider must be one of: sandbox/],
    ]
    for (const [change, field, error] of cases) {
      const response = await quote(t.app, {
        purchaseCurrency: 'ETH',
        paymentCurrency: 'USD',
        amount: '100',
        network: '31337',
        ...change,
      })
      expect(response.statusCode, JSON.stringify(change)).toBe(400)
      expect(response.json()).toEqual({ field, error: expect.stringMatching(error) })
    }
  })
})

describe('when no provider can answer (SPEC §8)', () => {
  const down: OnrampProvider = {
    id: 'down',
    name: 'Down',
    options: () => Promise.reject(new Error('503')),
    quote: () => Promise.reject(new Error('503')),
    url: () => Promise.reject(new Error('503')),
    purchases: () => Promise.reject(new Error('503')),
  }

  test('the sample options and a one-for-one quote, each marked as an estimate', async () => {
    for (const providers of [[down], []]) {
      const app = await createTestApp({ blockchain: { ...blockchain, onramp: { providers } } })
      try {
        const options = (await app.app.inject('/v1/onramp/options')).json()
        expect(options.estimate).toBe(true)
        expect(options.paymentCurrencies.map((currency: { id: string }) => currency.id)).toEqual([
          'USD',
          'EUR',
        ])
        expect(options.purchaseCurrencies.map((currency: { id: string }) => currency.id)).toEqual([
          'USDC',
          'ETH',
        ])
        const response = await quote(app.app, {
          purchaseCurrency: 'USDC',
          paymentCurrency: 'EUR',
          amount: '100',
          network: 'ethereum',
        })
        expect(response.statusCode).toBe(200)
        expect(response.json()).toMatchObject({
          purchaseAmount: { value: '100', currency: 'USDC' },
          coinbaseFee: { value: '0', currency: 'EUR' },
          estimate: true,
        })
      } finally {
        await app.close()
      }
    }
  })

  test('a checkout URL or the purchases: 502 in words, for there is no stand-in for them', async () => {
    const app = await createTestApp({ blockchain: { ...blockchain, onramp: { providers: [down] } } })
    try {
      const url = await app.app.inject({
        method: 'POST',
        url: '/v1/generators/onrampurl',
        payload: { destinationWallets: [{ address: buyer }], partnerUserId: buyer, presetFiatAmount: 100 },
      })
      expect(url.statusCode).toBe(502)
      expect(url.json()).toEqual({ error: 'Down could not open a checkout. Try again.' })
      const history = await app.app.inject(`/v1/account/${buyer}/history?onramp=down`)
      expect(history.statusCode).toBe(502)
      expect(history.json()).toEqual({ error: 'Down could not list the purchases. Try again.' })
    } finally {
      await app.close()
    }
  })
})

const buyer = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'
const checkout = (app: TestApp['app'], body: object) =>
  app.inject({ method: 'POST', url: '/v1/generators/onrampurl?projectId=open', payload: body })
const pay = (app: TestApp['app'], path: string, card: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(card).toString(),
  })
const order = { destinationWallets: [{ address: buyer }], partnerUserId: buyer, presetFiatAmount: 100 }

describe('POST /v1/generators/onrampurl', () => {
  test('the sandbox’s checkout on this server, for the asset and network asked', async () => {
    const response = await checkout(t.app, {
      ...order,
      destinationWallets: [{ address: buyer, blockchains: ['31338'], assets: ['LUSD'] }],
      defaultNetwork: 'Latch Devnet B',
      defaultAsset: 'LUSD',
      fiatCurrency: 'USD',
    })
    expect(response.statusCode, response.body).toBe(200)
    const { url, provider } = response.json()
    expect(provider).toBe('sandbox')
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/onramp\/sandbox\/[\w-]{22}$/)
    const page = await t.app.inject(new URL(url).pathname)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/)
    expect(page.headers['content-security-policy']).toContain("form-action 'self'")
    // The modal reads whether the checkout's window is open: nothing cuts the window off from it.
    expect(page.headers['cross-origin-opener-policy']).toBe('unsafe-none')
    for (const shown of ['100.00 USD', '1.00 USD', '0.50 USD', '98.500000 LUSD', 'Latch Devnet B', buyer])
      expect(page.body).toContain(shown)
    expect(page.body).not.toContain('<script')
  })

  test('refuses what it cannot make a checkout of, naming the field', async () => {
    const cases: [object, string, RegExp][] = [
      [{ partnerUserId: 'short' }, 'partnerUserId', /32 to 50 characters/],
      [{ partnerUserId: 'x'.repeat(51) }, 'partnerUserId', /at most 50/],
      [{ partnerUserId: `${'x'.repeat(31)} ` }, 'partnerUserId', /letters, digits/],
      [{ destinationWallets: [] }, 'destinationWallets', /at least one wallet/],
      [{ destinationWallets: [{ address: 'nope' }] }, 'destinationWallets[0].address', /EVM address/],
      [
        { destinationWallets: [{ address: buyer, blockchains: ['solana'] }] },
        'destinationWallets[0].address',
        /Solana address/,
      ],
      [
        { destinationWallets: [{ address: buyer, blockchains: ['solana', 'ethereum'] }] },
        'destinationWallets[0].blockchains',
        /not mix Solana/,
      ],
      [{ presetFiatAmount: 5 }, 'presetFiatAmount', /from 10 to 7500 USD/],
      [{ presetFiatAmount: 8000 }, 'presetFiatAmount', /from 10 to 7500 USD/],
      [{ presetFiatAmount: -1 }, 'presetFiatAmount', /more than 0/],
      [{ presetFiatAmount: undefined }, 'presetFiatAmount', /needs presetFiatAmount/],
      [{ defaultAsset: 'BTC' }, 'defaultAsset', /does not sell BTC/],
      [{ defaultNetwork: '1' }, 'defaultNetwork', /sells ETH on Latch Devnet A, Latch Devnet B only/],
      [{ fiatCurrency: 'EUR' }, 'fiatCurrency', /USD only/],
      [{ defaultExperience: 'send' }, 'defaultExperience', /sells only/],
      [{ defaultExperience: 'lend' }, 'defaultExperience', /buy or send/],
      [{ provider: 'elsewhere' }, 'provider', /provider must be one of: sandbox/],
      [
        { partnerUserId: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955' },
        'partnerUserId',
        /delivers to the buyer: partnerUserId must be the address/,
      ],
      [
        { destinationWallets: [{ address: buyer, blockchains: ['31338'] }], defaultNetwork: '31337' },
        'destinationWallets',
        /No destination wallet receives on Latch Devnet A/,
      ],
    ]
    for (const [change, field, error] of cases) {
      const response = await checkout(t.app, { ...order, ...change })
      expect(response.statusCode, JSON.stringify(change)).toBe(400)
      expect(response.json(), JSON.stringify(change)).toEqual({ field, error: expect.stringMatching(error) })
    }
  })
})

describe('the sandbox checkout page (its delivery on a real chain: onrampCheckout.test.ts)', () => {
  const open = async () => new URL((await checkout(t.app, order)).json().url).pathname

  test('takes documented test cards only, saying what is wrong beside the field', async () => {
    const path = await open()
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ number: '', expiry: '12/40', cvc: '123' }, 'number', /Enter the card number/],
      [{ number: '5555 5555 5555 4444', expiry: '12/40', cvc: '123' }, 'number', /test cards only/],
      [{ number: '4242424242424242', expiry: '01/20', cvc: '123' }, 'expiry', /in the future/],
      [{ number: '4242424242424242', expiry: '13/40', cvc: '123' }, 'expiry', /MM\/YY/],
      [{ number: '4242424242424242', expiry: '12/40', cvc: '1' }, 'cvc', /3 or 4 digits/],
    ]
    for (const [card, field, message] of cases) {
      const response = await pay(t.app, path, card)
      expect(response.statusCode, JSON.stringify(card)).toBe(400)
      expect(response.body).toContain(`aria-describedby="${field}-error"`)
      expect(response.body).toMatch(message)
      // Still unpaid: the form is shown again with what was typed.
      expect(response.body).toContain('<form method="post">')
    }
  })

  test('a declined card fails the order: the page and history?onramp=sandbox say so', async () => {
    const path = await open()
    const declined = await pay(t.app, path, { number: '4000 0000 0000 0002', expiry: '12/40', cvc: '123' })
    expect(declined.statusCode).toBe(303)
    expect(declined.headers.location).toBe(path)
    const page = await t.app.inject(path)
    expect(page.body).toContain('Payment failed')
    expect(page.body).toContain('Your card was declined')
    // A second payment of a closed order changes nothing.
    expect(
      (await pay(t.app, path, { number: '4242424242424242', expiry: '12/40', cvc: '123' })).statusCode,
    ).toBe(303)
    const history = await t.app.inject(`/v1/account/${buyer}/history?onramp=sandbox`)
    expect(history.statusCode).toBe(200)
    const mine = history
      .json()
      .data.find((entry: { id: string }) => entry.id.endsWith(path.split('/').at(-1)!))
    expect(mine).toMatchObject({
      metadata: { operationType: 'buy', status: 'failed', sentTo: buyer, chain: 'eip155:31337' },
      transfers: [{ direction: 'in', quantity: { numeric: '0.03283333' }, fungible_info: { symbol: 'ETH' } }],
    })
  })

  test('an unknown or malformed checkout is a page saying so, not an error', async () => {
    for (const path of [
      '/onramp/sandbox/AAAAAAAAAAAAAAAAAAAAAA',
      '/onramp/sandbox/..%2F',
      '/onramp/sandbox/x',
    ]) {
      const response = await t.app.inject(path)
      expect(response.statusCode, path).toBe(404)
      expect(response.body).toContain('Checkout not found')
      expect((await pay(t.app, path, { number: '4242424242424242' })).statusCode, path).toBe(404)
    }
  })

  test('history?onramp names the providers there are; unpaid checkouts are not purchases', async () => {
    await open()
    const unknown = await t.app.inject(`/v1/account/${buyer}/history?onramp=coinbase`)
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({ error: 'onramp must be one of: sandbox', field: 'onramp' })
    const other = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'
    await checkout(t.app, { ...order, partnerUserId: other, destinationWallets: [{ address: other }] })
    const none = await t.app.inject(`/v1/account/${other}/history?onramp=sandbox`)
    expect(none.json()).toEqual({ data: [], next: null })
  })
})

describe('an external provider', () => {
  test('is asked for a checkout with the address as the history route asks about it (lower-case)', async () => {
    const asked: string[] = []
    const recording: OnrampProvider = {
      id: 'recording',
      name: 'Recording',
      options: () => Promise.reject(new Error('not asked')),
      quote: () => Promise.reject(new Error('not asked')),
      url: async (request) => {
        asked.push(request.partnerUserId)
        return 'https://checkout.example/abc'
      },
      purchases: async (partnerUserId) => {
        asked.push(partnerUserId)
        return []
      },
    }
    const app = await createTestApp({ blockchain: { ...blockchain, onramp: { providers: [recording] } } })
    try {
      const response = await checkout(app.app, order)
      expect(response.json()).toEqual({ url: 'https://checkout.example/abc', provider: 'recording' })
      await app.app.inject(`/v1/account/${buyer}/history?onramp=recording`)
      expect(asked).toEqual([buyer.toLowerCase(), buyer.toLowerCase()])
    } finally {
      await app.close()
    }
  })
})
