import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ADDRESS_A,
  connector,
  connectThrough,
  createFakeAdapter,
  createTestLatch,
  type FakeAdapter,
  flush,
  rejects,
} from '../../test/fakeAdapter.ts'
import { createFakeServer, devnetEth, devnetLusd, json } from '../../test/fakeServer.ts'
import type { TokenBalance } from '../api/types.ts'
import { isRestrictedTimeZone, SWAP_COIN, type SwapToken } from './convert.ts'
import {
  convertApi,
  followSwapQuotes,
  heldOf,
  SWAP_QUOTE_REFRESH_MS,
  SWAP_QUOTE_WAIT_MS,
  type SwapFormState,
  swapFormOf,
  swapProblem,
  swapTokens,
} from './swap.ts'

const apiUrl = 'http://api.test'
const A = 'eip155:31337'
const eth: SwapToken = {
  name: 'Ether',
  symbol: 'ETH',
  address: `${A}:${SWAP_COIN}`,
  decimals: 18,
  logoUri: '',
}
const lusd: SwapToken = {
  name: 'Latch USD',
  symbol: 'LUSD',
  address: devnetLusd.address!,
  decimals: 6,
  logoUri: '',
}
const ltk: SwapToken = {
  name: 'Latch Token',
  symbol: 'LTK',
  address: `${A}:0x${'1'.repeat(40)}`,
  decimals: 18,
  logoUri: '',
}
const user = `${A}:${ADDRESS_A}`
const gwei = 1_000_000_000n
/** A quote as the review shows it: 1,490.5 LUSD (or LTK units) for what the form holds. */
const reviewed = { status: 'ready' as const, toAmount: 1_490_500_000n, priceImpact: 1, fee: 180_000n * gwei }

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

/** A connected client with a Latch server whose convert API answers as scripted (`fake`: its wallet's adapter). */
async function setUp(fake?: FakeAdapter, connectorId?: string) {
  const server = createFakeServer()
  let quote: object | undefined = { fromAmount: '1', toAmount: '1490000000', priceImpact: 1.3, gas: '180000' }
  let allowances: bigint[] = []
  server.handle('/v1/convert/quotes', () => json({ quotes: quote ? [quote] : [] }))
  server.handle('/v1/convert/gas-price', () => json({ standard: String(gwei), fast: '2', instant: '3' }))
  server.handle('/v1/convert/allowance', () => json({ allowance: String(allowances.shift() ?? 0n) }))
  server.handle('/v1/convert/build-approve', () =>
    json({ tx: { to: lusd.address.split(':')[2], data: '0xa9', value: '0' } }),
  )
  server.handle('/v1/convert/build-transaction', () =>
    json({
      tx: { to: '0xrouter', data: '0x7ff3', amount: '500000000000000000', eip155: { gas: '155000' } },
      toAmount: '1490123456',
    }),
  )
  server.handle(`/v1/account/${ADDRESS_A}/balance`, () => json({ balances: [devnetEth, devnetLusd] }))
  vi.stubGlobal('fetch', server.fetch)
  const latch = createTestLatch(
    fake ? { apiUrl, frameUrl: 'http://127.0.0.1:8789', projectId: 'demo' } : { apiUrl },
    fake,
  )
  await connectThrough(latch.client, connectorId)
  const form = swapFormOf(latch.client)
  return {
    ...latch,
    server,
    form,
    setQuote: (next: object | undefined) => {
      quote = next
    },
    setAllowances: (next: bigint[]) => {
      allowances = next
    },
  }
}

describe('where swaps are offered', () => {
  it('not in the China regions’ time zones (SPEC §5), under their IANA names and old aliases', () => {
    for (const zone of [
      'Asia/Shanghai',
      'Asia/Urumqi',
      'Asia/Chongqing',
      'Asia/Chungking',
      'Asia/Harbin',
      'Asia/Kashgar',
      'Asia/Macau',
      'Asia/Macao',
      'Asia/Hong_Kong',
      'PRC',
      'Hongkong',
      'Asia/Beijing',
    ])
      expect(isRestrictedTimeZone(zone), zone).toBe(true)
    for (const zone of ['Europe/Paris', 'Asia/Tokyo', 'Asia/Taipei', 'Asia/Singapore', 'UTC', ''])
      expect(isRestrictedTimeZone(zone), zone).toBe(false)
  })
})

describe('the convert API client', () => {
  it('asks with the SDK parameters, and builds the swap at SPEC §9’s slippage', async () => {
    const { client, server } = await setUp()
    const api = convertApi(client)
    await api.quote({ amount: '5', from: eth.address, to: lusd.address, userAddress: user })
    const [asked] = server.to('/v1/convert/quotes')
    expect(Object.fromEntries(asked!.url.searchParams)).toEqual({
      st: 'latch',
      sv: expect.any(String),
      amount: '5',
      from: eth.address,
      to: lusd.address,
      userAddress: user,
    })
    await api.buildSwap({ amount: '5', from: eth.address, to: lusd.address, userAddress: user })
    const [built] = server.to('/v1/convert/build-transaction')
    expect(built!.method).toBe('POST')
    expect(JSON.parse(built!.body!)).toEqual({
      amount: '5',
      from: eth.address,
      to: lusd.address,
      userAddress: user,
      eip155: { slippage: 1 },
    })
  })
})

describe('what stops a swap', () => {
  const balances: TokenBalance[] = [devnetEth, devnetLusd]
  const ready = { status: 'ready' as const, toAmount: 10n ** 6n, priceImpact: 1, fee: 180_000n * gwei }
  const form = (state: Partial<SwapFormState>): SwapFormState => ({
    caipNetworkId: A,
    from: eth,
    to: lusd,
    amount: '0.5',
    picking: 'from',
    quote: ready,
    swapping: 'idle',
    smartAccount: false,
    ...state,
  })
  const problem = (state: Partial<SwapFormState>) => swapProblem(form(state), { balances, coinSymbol: 'ETH' })

  it('names the first thing to fix, in the order a visitor fixes it', () => {
    expect(problem({ to: undefined })).toBe('Select Token')
    expect(problem({ amount: ' ' })).toBe('Enter Amount')
    for (const amount of ['1.2.3', 'abc', '0', '0.0000000000000000001'])
      expect(problem({ amount }), amount).toBe('Incorrect amount')
    // The account holds 2 ETH and 100 LUSD.
    expect(problem({ amount: '2.5' })).toBe('Insufficient balance')
    expect(problem({ from: lusd, to: eth, amount: '100.000001' })).toBe('Insufficient balance')
    expect(problem({ quote: { status: 'none' } })).toBe('Insufficient liquidity')
    expect(problem({ quote: { ...ready, priceImpact: 30.01 } })).toBe('Price impact too high')
    // Paying with the coin leaves too little for the fee.
    expect(problem({ amount: '1.99999' })).toBe('Not enough ETH for gas')
    expect(problem({})).toBeUndefined()
    expect(problem({ quote: { ...ready, priceImpact: 30 } })).toBeUndefined()
    expect(problem({ from: lusd, to: eth, amount: '100' })).toBeUndefined()
    // SPEC §5: a smart account's fee is its paymaster's; what it swaps it must still hold.
    expect(problem({ amount: '1.99999', smartAccount: true })).toBeUndefined()
    expect(problem({ amount: '2.5', smartAccount: true })).toBe('Insufficient balance')
  })

  it('reads what the account holds of a swap token from its balances', () => {
    expect(heldOf(eth, balances)).toBe(2n * 10n ** 18n)
    expect(heldOf(lusd, balances)).toBe(100n * 10n ** 6n)
    expect(heldOf(ltk, balances)).toBe(0n)
  })
})

describe('the quote, kept fresh while the Swap views show', () => {
  it('is asked 200 ms after the last change, for the last amount, then every 10 s until the views close', async () => {
    vi.useFakeTimers()
    const { client, server, form } = await setUp()
    const stop = followSwapQuotes(client)
    form.setState({ from: eth, to: lusd, amount: '0.' })
    form.setState({ amount: '0.5' })
    expect(form.getState().quote.status).toBe('loading')
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_WAIT_MS - 1)
    expect(server.to('/v1/convert/quotes')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    await flush()
    const asked = server.to('/v1/convert/quotes')
    expect(asked.map((request) => request.url.searchParams.get('amount'))).toEqual(['500000000000000000'])
    expect(form.getState().quote).toEqual({
      status: 'ready',
      toAmount: 1_490_000_000n,
      priceImpact: 1.3,
      fee: 180_000n * gwei,
    })
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_REFRESH_MS)
    await flush()
    expect(server.to('/v1/convert/quotes')).toHaveLength(2)
    stop()
    await vi.advanceTimersByTimeAsync(3 * SWAP_QUOTE_REFRESH_MS)
    expect(server.to('/v1/convert/quotes')).toHaveLength(2)
  })

  it('one refresh at a time, however the form went back and forth while a quote was read', async () => {
    vi.useFakeTimers()
    const { client, server, form } = await setUp()
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    server.handle('/v1/convert/quotes', async () => {
      await held
      return json({ quotes: [{ fromAmount: '1', toAmount: '7' }] })
    })
    const stop = followSwapQuotes(client)
    form.setState({ from: eth, to: lusd, amount: '1' })
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_WAIT_MS)
    // While the first read is on its way: another amount, then the first again.
    form.setState({ amount: '2' })
    form.setState({ amount: '1' })
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_WAIT_MS)
    release()
    await flush()
    expect(form.getState().quote.status).toBe('ready')
    const before = server.to('/v1/convert/quotes').length
    await vi.advanceTimersByTimeAsync(3 * SWAP_QUOTE_REFRESH_MS)
    await flush()
    expect(server.to('/v1/convert/quotes').length - before).toBe(3)
    stop()
  })

  it('no quote is "none" (Insufficient liquidity); a failed one offers to ask again', async () => {
    vi.useFakeTimers()
    const { client, server, form, setQuote } = await setUp()
    const stop = followSwapQuotes(client)
    setQuote(undefined)
    form.setState({ from: eth, to: lusd, amount: '150' })
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_WAIT_MS)
    await flush()
    expect(form.getState().quote).toEqual({ status: 'none' })
    server.handle('/v1/convert/quotes', () => json({ error: 'down' }, 502))
    form.setState({ amount: '1' })
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_WAIT_MS)
    await flush()
    const failed = form.getState().quote
    expect(failed.status).toBe('failed')
    server.handle('/v1/convert/quotes', () => json({ quotes: [{ fromAmount: '1', toAmount: '7' }] }))
    if (failed.status === 'failed') failed.retry()
    await flush()
    // Without the server's gas figure the fee is reckoned at 150,000 gas.
    expect(form.getState().quote).toEqual({
      status: 'ready',
      toAmount: 7n,
      priceImpact: undefined,
      fee: 150_000n * gwei,
    })
    stop()
  })

  it('empties the form when the network changes', async () => {
    const { client, form } = await setUp()
    const stop = followSwapQuotes(client)
    form.setState({ from: eth, to: lusd, amount: '1' })
    await client.switchNetwork('eip155:31338')
    await flush()
    expect(form.getState()).toMatchObject({
      caipNetworkId: 'eip155:31338',
      from: undefined,
      to: undefined,
      amount: '',
    })
    stop()
  })
})

describe('swapping', () => {
  it('the coin: no approval, the swap sent as built (at its gas), "Swapped", the balances read afresh, back to Account', async () => {
    const { client, fake, server, form } = await setUp()
    // The Account view the visitor came from shows the tokens: the server's account data is loaded.
    await (await client.api()).account()
    client.router.reset('SwapPreview')
    form.setState({ caipNetworkId: A, from: eth, to: lusd, amount: '0.5', quote: reviewed })
    await swapTokens(client)
    expect(server.to('/v1/convert/allowance')).toHaveLength(0)
    // Held to the least the review showed: the quote less 1 %.
    expect(JSON.parse(server.to('/v1/convert/build-transaction')[0]!.body!).minToAmount).toBe('1475595000')
    expect(fake.callsTo('sendTransaction')).toEqual([
      expect.objectContaining({
        to: '0xrouter',
        data: '0x7ff3',
        value: 500_000_000_000_000_000n,
        gas: 155_000n,
      }),
    ])
    // The loading message closes first (SPEC §4): the outcome shows 150 ms later.
    await vi.waitFor(() =>
      expect(client.snack.getState()).toMatchObject({
        variant: 'success',
        message: 'Swapped 0.5 ETH to 1490.123 LUSD',
      }),
    )
    expect(client.router.store.getState().view).toBe('Account')
    expect(form.getState()).toMatchObject({ amount: '', swapping: 'idle' })
    // Once mined (the client's sendTransaction waits for it), the tokens are read past the server's cache.
    await vi.waitFor(() => {
      const reads = server.to(`/v1/account/${ADDRESS_A}/balance`)
      expect(reads.at(-1)?.url.searchParams.get('forceUpdate')).toBe('true')
    })
  })

  it('a token the router may not move yet: approval first, waiting until it is mined, then the swap', async () => {
    vi.useFakeTimers()
    const { client, fake, server, form, setAllowances } = await setUp()
    form.setState({ caipNetworkId: A, from: lusd, to: ltk, amount: '100', quote: reviewed })
    // Before, right after the approval is sent (not mined yet), and a second later.
    setAllowances([0n, 0n, 100_000_000n])
    const swapping = swapTokens(client)
    await flush()
    expect(client.snack.getState().message).toBe('Approve limit increase in your wallet')
    expect(form.getState().swapping).toBe('approving')
    await vi.advanceTimersByTimeAsync(1000)
    await swapping
    await vi.advanceTimersByTimeAsync(150)
    const approve = server.to('/v1/convert/build-approve')
    expect(Object.fromEntries(approve[0]!.url.searchParams)).toMatchObject({
      amount: '100000000',
      from: lusd.address,
      to: ltk.address,
      userAddress: user,
    })
    expect(server.to('/v1/convert/allowance')).toHaveLength(3)
    expect(fake.callsTo('sendTransaction').map((call) => call.data)).toEqual(['0xa9', '0x7ff3'])
    expect(client.snack.getState().message).toMatch(/^Swapped 100 LUSD to /)
  })

  it('a decline at either step leaves the form "declined" with nothing more sent; another failure "failed"', async () => {
    const { client, fake, server, form, setAllowances } = await setUp()
    form.setState({ caipNetworkId: A, from: lusd, to: ltk, amount: '100', quote: reviewed })
    fake.answerOnce('sendTransaction', '*', rejects({ code: 4001, message: 'User rejected' }))
    await swapTokens(client)
    expect(form.getState().swapping).toBe('declined')
    expect(server.to('/v1/convert/build-transaction')).toHaveLength(0)
    await vi.waitFor(() =>
      expect(client.snack.getState()).toMatchObject({ variant: 'error', message: 'Transaction declined' }),
    )

    setAllowances([100_000_000n])
    fake.answerOnce('sendTransaction', '*', rejects({ code: 4001, message: 'User rejected' }))
    await swapTokens(client)
    expect(form.getState().swapping).toBe('declined')
    expect(form.getState().amount).toBe('100')

    server.handle('/v1/convert/build-transaction', () => json({ status: 'FAILED', reasons: [] }, 400))
    setAllowances([100_000_000n])
    await swapTokens(client)
    expect(form.getState().swapping).toBe('failed')
    await vi.waitFor(() =>
      expect(client.snack.getState().message).toBe('The price has moved. Check the new quote.'),
    )
    server.handle('/v1/convert/build-transaction', () => json({ status: 'FAILED', reasons: [] }, 502))
    setAllowances([100_000_000n])
    await swapTokens(client)
    await vi.waitFor(() => expect(client.snack.getState().message).toBe('Failed to swap. Please try again.'))
    expect(fake.callsTo('sendTransaction')).toHaveLength(2)
  })

  it('runs once however often it is pressed, and asks the wallet only for the account it was built for', async () => {
    const { client, fake, server, form, setAllowances } = await setUp()
    form.setState({ caipNetworkId: A, from: eth, to: lusd, amount: '0.5', quote: reviewed })
    await Promise.all([swapTokens(client), swapTokens(client), swapTokens(client)])
    expect(server.to('/v1/convert/build-transaction')).toHaveLength(1)
    expect(fake.callsTo('sendTransaction')).toHaveLength(1)

    // The account changes while the allowance is read: nothing is sent for the other one.
    form.setState({ from: lusd, to: ltk, amount: '100', quote: reviewed })
    setAllowances([100_000_000n])
    const swapping = swapTokens(client)
    await client.switchNetwork('eip155:31338')
    await swapping
    expect(fake.callsTo('sendTransaction')).toHaveLength(1)
    expect(form.getState().swapping).toBe('failed')
  })
})

describe('swapping from the embedded wallet’s smart account', () => {
  /** The e-mail wallet connected, its frame reporting `accountType`; its adapter sends calls as scripted. */
  async function smartSetUp(accountType: 'smartAccount' | 'eoa') {
    const fake = createFakeAdapter({ connectors: [connector('auth', { type: 'AUTH' })] })
    const sent: unknown[] = []
    let asked = 0
    fake.adapter.sendCalls = async (parameters) => {
      sent.push(parameters)
      return { id: '0xbundle', atomic: true }
    }
    // Pending, then not read (the node did not answer: still pending), then mined.
    fake.adapter.getCallsStatus = async () => {
      asked++
      if (asked === 2) throw new Error('node down')
      return { status: asked < 3 ? 'pending' : 'success', atomic: true, receipts: [] }
    }
    const setup = await setUp(fake, 'auth')
    const session = await setup.client.frame!()
    const user = { id: 'u', email: 'a@b.c', address: ADDRESS_A, socialProvider: null, username: null }
    session.login.setState({ user: { ...user, accountType, eoaAddress: ADDRESS_A } })
    return { ...setup, fake, sent, asked: () => asked }
  }

  it('is known to the form while its quotes are followed: the gas check passes with no ETH', async () => {
    const { client, form } = await smartSetUp('smartAccount')
    const stop = followSwapQuotes(client)
    expect(form.getState().smartAccount).toBe(true)
    stop()
  })

  it('an approval needed: approve and swap as ONE atomic operation, approved once, "Swapped" once it is mined', async () => {
    vi.useFakeTimers()
    const { client, fake, server, form, sent, asked } = await smartSetUp('smartAccount')
    form.setState({
      caipNetworkId: A,
      from: lusd,
      to: ltk,
      amount: '100',
      quote: reviewed,
      smartAccount: true,
    })
    const swapping = swapTokens(client)
    await flush()
    expect(client.snack.getState().message).toBe('Confirm transaction in your wallet')
    await vi.advanceTimersByTimeAsync(2000)
    await swapping
    expect(sent).toEqual([
      expect.objectContaining({
        connectorId: 'auth',
        from: ADDRESS_A,
        atomicRequired: true,
        calls: [
          { to: lusd.address.split(':')[2], data: '0xa9' },
          { to: '0xrouter', data: '0x7ff3', value: 500_000_000_000_000_000n, gas: 155_000n },
        ],
      }),
    ])
    expect(asked()).toBe(3)
    expect(fake.callsTo('sendTransaction')).toEqual([])
    // Once: no waiting for an allowance between two transactions.
    expect(server.to('/v1/convert/allowance')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(150)
    expect(client.snack.getState().message).toMatch(/^Swapped 100 LUSD to /)
    expect(form.getState().swapping).toBe('idle')
  })

  it('a reverted operation leaves the form "failed"; the key’s own account (eoa) approves and swaps one by one', async () => {
    const { client, fake, form, sent } = await smartSetUp('smartAccount')
    fake.adapter.getCallsStatus = async () => ({ status: 'failure', atomic: true, receipts: [] })
    form.setState({
      caipNetworkId: A,
      from: lusd,
      to: ltk,
      amount: '100',
      quote: reviewed,
      smartAccount: true,
    })
    await swapTokens(client)
    expect(sent).toHaveLength(1)
    expect(form.getState().swapping).toBe('failed')

    const eoa = await smartSetUp('eoa')
    eoa.form.setState({ smartAccount: true })
    const stop = followSwapQuotes(eoa.client)
    expect(eoa.form.getState().smartAccount).toBe(false)
    stop()
    eoa.setAllowances([0n, 100_000_000n])
    eoa.form.setState({ caipNetworkId: A, from: lusd, to: ltk, amount: '100', quote: reviewed })
    await swapTokens(eoa.client)
    expect(eoa.sent).toEqual([])
    expect(eoa.fake.callsTo('sendTransaction').map((call) => call.data)).toEqual(['0xa9', '0x7ff3'])
  })
})
