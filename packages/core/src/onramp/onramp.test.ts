import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADDRESS_A, connectThrough, createTestLatch, flush } from '../../test/fakeAdapter.ts'
import { createFakeServer, devnetEth, json } from '../../test/fakeServer.ts'
import {
  BUY_POLL_MS,
  BUY_TIMEOUT_MS,
  currenciesFor,
  fiatAmountOf,
  followBuy,
  followOnrampQuotes,
  ONRAMP_QUOTE_WAIT_MS,
  type OnrampOptions,
  onrampFormOf,
  onrampProblem,
  startBuy,
} from './onramp.ts'

const apiUrl = 'http://api.test'
const limits = [
  { id: 'card', min: '10', max: '7500' },
  { id: 'ach_bank_account', min: '10', max: '25000' },
]
const options: OnrampOptions = {
  paymentCurrencies: [
    { id: 'USD', payment_method_limits: limits },
    { id: 'EUR', payment_method_limits: limits },
  ],
  purchaseCurrencies: [
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [{ name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '0xa0b8' }],
    },
    {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      networks: [
        { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' },
        { name: 'Latch Devnet A', display_name: 'Latch Devnet A', chain_id: '31337', contract_address: '' },
      ],
    },
  ],
  providers: [
    { id: 'sandbox', name: 'Latch Sandbox' },
    { id: 'meld', name: 'Meld' },
  ],
}
const quote = (provider: string) => ({
  paymentTotal: { value: '100.00', currency: 'USD' },
  paymentSubtotal: { value: '98.50', currency: 'USD' },
  purchaseAmount: { value: '0.03283333', currency: 'ETH' },
  networkFee: { value: '0.50', currency: 'USD' },
  coinbaseFee: { value: '1.00', currency: 'USD' },
  quoteId: 'q1',
  provider,
})
const purchase = (id: string, status: string) => ({
  id: `onramp:sandbox:${id}`,
  metadata: {
    operationType: 'buy',
    hash: '',
    minedAt: '',
    sentFrom: 'Latch Sandbox',
    sentTo: ADDRESS_A,
    status,
  },
  transfers: [{ direction: 'in', quantity: { numeric: '0.03283333' }, fungible_info: { symbol: 'ETH' } }],
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

/** A connected client (on Devnet A) with a Latch server whose on-ramp answers as scripted. */
async function setUp() {
  const server = createFakeServer()
  let purchases: object[] = [purchase('old', 'completed')]
  server.handle('/v1/onramp/quote', (request) => {
    const { provider } = JSON.parse(request.body!)
    return provider === 'meld' ? json({ error: 'Meld is down' }, 502) : json(quote(provider))
  })
  server.handle('/v1/generators/onrampurl', () =>
    json({ url: 'http://api.test/onramp/sandbox/abc', provider: 'sandbox' }),
  )
  server.handle(`/v1/account/${ADDRESS_A}/history`, () => json({ data: purchases, next: null }))
  server.handle(`/v1/account/${ADDRESS_A}/balance`, () => json({ balances: [devnetEth] }))
  vi.stubGlobal('fetch', server.fetch)
  const latch = createTestLatch({ apiUrl })
  await connectThrough(latch.client)
  return {
    ...latch,
    server,
    form: onrampFormOf(latch.client),
    setPurchases: (next: object[]) => {
      purchases = next
    },
  }
}

/** A checkout window as the click opened it. */
const popupWindow = () =>
  ({ closed: false, location: { href: '' }, close: vi.fn() }) as unknown as Window & {
    close: ReturnType<typeof vi.fn>
  }

describe('the Buy form', () => {
  it('offers the tokens sold on the network (all of them where none is), within SPEC §9’s limits', () => {
    expect(currenciesFor(options, '31337').map(({ id }) => id)).toEqual(['ETH'])
    expect(currenciesFor(options, '8453').map(({ id }) => id)).toEqual(['USDC', 'ETH'])
    const form = {
      amount: '100',
      fiat: 'USD',
      asset: 'ETH',
      provider: 'sandbox',
      quotes: {},
      buying: { status: 'idle' },
    } as const
    expect(onrampProblem(form, options)).toBeUndefined()
    expect(onrampProblem({ ...form, amount: '' }, options)).toBe('Enter an amount')
    expect(onrampProblem({ ...form, amount: 'ten' }, options)).toBe('Enter an amount')
    expect(onrampProblem({ ...form, amount: '5' }, options)).toBe('Minimum is 10 USD')
    expect(onrampProblem({ ...form, amount: '7500.01', fiat: 'EUR' }, options)).toBe('Maximum is 7,500 EUR')
    expect(onrampProblem({ ...form, asset: undefined }, options)).toBe('Select a token')
    // Typed as a visitor types: grouping commas, or a decimal comma.
    expect(['10,000', '1,000.50', '10,5', '250', ' 99.99 ', 'ten', '', '1,2,3'].map(fiatAmountOf)).toEqual([
      10000,
      1000.5,
      10.5,
      250,
      99.99,
      Number.NaN,
      Number.NaN,
      Number.NaN,
    ])
    expect(onrampProblem({ ...form, amount: '10,000' }, options)).toBe('Maximum is 7,500 USD')
  })

  it('asks each provider for a quote 200 ms after the last change, saying which could not quote', async () => {
    vi.useFakeTimers()
    const { client, server, form } = await setUp()
    const stop = followOnrampQuotes(client, options)
    // The first token sold here and the first provider, until the visitor picks others.
    expect(form.getState()).toMatchObject({ asset: 'ETH', provider: 'sandbox', amount: '100' })
    form.setState({ amount: '250' })
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_WAIT_MS - 1)
    expect(server.to('/v1/onramp/quote')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    await flush()
    const asked = server.to('/v1/onramp/quote').map((request) => JSON.parse(request.body!))
    expect(asked).toEqual(
      [
        {
          purchaseCurrency: 'ETH',
          paymentCurrency: 'USD',
          amount: '250',
          network: '31337',
          provider: 'sandbox',
          projectId: undefined,
        },
        {
          purchaseCurrency: 'ETH',
          paymentCurrency: 'USD',
          amount: '250',
          network: '31337',
          provider: 'meld',
          projectId: undefined,
        },
      ].map(({ projectId: _, ...body }) => expect.objectContaining(body)),
    )
    expect(form.getState().quotes).toEqual({
      sandbox: { status: 'ready', quote: quote('sandbox') },
      meld: { status: 'failed', message: 'No quote. Try again later' },
    })
    // Out of the limits: no quote is asked.
    form.setState({ amount: '5' })
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_WAIT_MS)
    expect(server.to('/v1/onramp/quote')).toHaveLength(2)
    expect(form.getState().quotes).toEqual({})
    stop()
  })
})

describe('buying', () => {
  it('Continue: the checkout in the window the click opened, then BuyInProgress', async () => {
    const { client, server, form } = await setUp()
    form.setState({ asset: 'ETH', provider: 'sandbox' })
    client.router.reset('OnRampBuy')
    const popup = popupWindow()
    await startBuy(client, popup, options)
    expect(popup.location.href).toBe('http://api.test/onramp/sandbox/abc')
    expect(JSON.parse(server.to('/v1/generators/onrampurl')[0]!.body!)).toMatchObject({
      destinationWallets: [{ address: ADDRESS_A, blockchains: ['31337'], assets: ['ETH'] }],
      partnerUserId: ADDRESS_A,
      defaultNetwork: '31337',
      defaultAsset: 'ETH',
      presetFiatAmount: 100,
      fiatCurrency: 'USD',
      provider: 'sandbox',
    })
    expect(form.getState().buying).toMatchObject({
      status: 'waiting',
      url: 'http://api.test/onramp/sandbox/abc',
      blocked: false,
      address: ADDRESS_A,
      known: ['onramp:sandbox:old'],
    })
    expect(client.router.store.getState().view).toBe('BuyInProgress')
  })

  it('a blocked popup: waiting, with the link to open; a refusal: the server’s words on the form', async () => {
    const { client, server, form } = await setUp()
    form.setState({ asset: 'ETH', provider: 'sandbox' })
    await startBuy(client, null, options)
    expect(form.getState().buying).toMatchObject({ status: 'waiting', blocked: true })
    server.handle('/v1/generators/onrampurl', () =>
      json({ error: 'presetFiatAmount must be from 10 to 7500 USD', field: 'presetFiatAmount' }, 400),
    )
    const popup = popupWindow()
    await startBuy(client, popup, options)
    expect(popup.close).toHaveBeenCalled()
    expect(form.getState().buying).toEqual({
      status: 'failed',
      message: 'presetFiatAmount must be from 10 to 7500 USD',
    })
  })

  it('followed every 4 s: completed → "Bought …", the balance, tokens and activity read afresh, back to Account', async () => {
    const { client, fake, server, form, setPurchases } = await setUp()
    // The Account view the visitor bought from shows the tokens: the server's account data is loaded.
    await (await client.api()).account()
    form.setState({ asset: 'ETH', provider: 'sandbox' })
    await startBuy(client, popupWindow(), options)
    vi.useFakeTimers()
    const stop = followBuy(client)
    setPurchases([purchase('new', 'pending'), purchase('old', 'completed')])
    await vi.advanceTimersByTimeAsync(BUY_POLL_MS)
    expect(form.getState().buying.status).toBe('waiting')
    const nativeReads = fake.callsTo('getBalance').length
    setPurchases([purchase('new', 'completed'), purchase('old', 'completed')])
    await vi.advanceTimersByTimeAsync(BUY_POLL_MS)
    await flush()
    expect(client.router.store.getState().view).toBe('Account')
    expect(form.getState().buying).toEqual({ status: 'idle' })
    await vi.waitFor(() =>
      expect(client.snack.getState()).toMatchObject({ variant: 'success', message: 'Bought 0.03283333 ETH' }),
    )
    const forced = () =>
      server.to(`/v1/account/${ADDRESS_A}/balance`).filter((r) => r.url.searchParams.get('forceUpdate'))
    await vi.waitFor(() => expect(forced()).toHaveLength(1))
    // The native balance too (the header's): read from the chain again, not kept for its 30 s.
    await vi.waitFor(() => expect(fake.callsTo('getBalance').length).toBeGreaterThan(nativeReads))
    stop()
  })

  it('"Buy failed": declined; not completed within 180 s (said differently once paid); the checkout closed before paying', async () => {
    const messages = {
      declined: 'The payment failed',
      timeout: 'The purchase did not complete in time',
      'paid, slow': 'Paid, still on its way: check Activity before buying again',
      closed: 'The checkout was closed before paying',
    }
    for (const ending of Object.keys(messages) as (keyof typeof messages)[]) {
      vi.useRealTimers()
      const { client, form, setPurchases } = await setUp()
      form.setState({ asset: 'ETH', provider: 'sandbox' })
      const popup = popupWindow()
      await startBuy(client, popup, options)
      vi.useFakeTimers()
      const stop = followBuy(client)
      if (ending === 'declined') setPurchases([purchase('new', 'failed')])
      if (ending === 'paid, slow') setPurchases([purchase('new', 'pending')])
      // The first look sees the window open (and, paid, the purchase on its way).
      await vi.advanceTimersByTimeAsync(BUY_POLL_MS)
      if (ending === 'timeout' || ending === 'paid, slow') vi.setSystemTime(Date.now() + BUY_TIMEOUT_MS + 1)
      if (ending === 'closed') {
        ;(popup as { closed: boolean }).closed = true
        // One look finds it closed; the next, with still nothing bought, gives up.
        await vi.advanceTimersByTimeAsync(BUY_POLL_MS)
        expect(form.getState().buying.status).toBe('waiting')
      }
      await vi.advanceTimersByTimeAsync(BUY_POLL_MS)
      expect(form.getState().buying, ending).toEqual({
        status: 'failed',
        message: messages[ending],
        url: 'http://api.test/onramp/sandbox/abc',
      })
      // The provider's window is left as it is: it shows the purchase's own state.
      expect(popup.close, ending).not.toHaveBeenCalled()
      stop()
    }
  })

  it('a window that reads closed from the start (its page cuts the opener off) is not taken for one the visitor closed', async () => {
    const { client, form } = await setUp()
    form.setState({ asset: 'ETH', provider: 'sandbox' })
    const popup = popupWindow()
    await startBuy(client, popup, options)
    ;(popup as { closed: boolean }).closed = true
    vi.useFakeTimers()
    const stop = followBuy(client)
    await vi.advanceTimersByTimeAsync(BUY_POLL_MS * 5)
    expect(form.getState().buying.status).toBe('waiting')
    stop()
  })
})
