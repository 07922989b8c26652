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
})
