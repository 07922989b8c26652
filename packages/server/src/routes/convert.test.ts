// The convert API over the devnet's real Uniswap V2 exchange: what each route answers is checked against the
// contracts themselves (the router's own getAmountsOut, balances before and after a sent swap).
import { anvilAddresses, anvilPrivateKeys, exchangeAddresses, testTokenAddresses } from '@latch/devnet'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp } from '../../test/support/app.ts'
import { type BlockchainTestApp, createBlockchainTestApp } from '../../test/support/blockchainApp.ts'
import { devnetBlockchainConfig } from '../chains/defaults.ts'
import { nativeTokenAddress } from '../swaps/types.ts'

let t: BlockchainTestApp
beforeAll(async () => {
  t = await createBlockchainTestApp()
}, 60_000)
afterAll(() => t?.close())

const A = 'eip155:31337'
const { WETH, router } = exchangeAddresses
const { LUSD, LTK } = testTokenAddresses
const caip = (address: string) => `${A}:${address}`
const ETH = caip(nativeTokenAddress)
// Account 5 swaps here; no other test file of this devnet uses it.
const trader = privateKeyToAccount(anvilPrivateKeys[5]!)
const user = caip(trader.address)

const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

const chain = () => createPublicClient({ transport: http(t.rpcA) })
const wallet = () => createWalletClient({ account: trader, transport: http(t.rpcA) })
const amountsOut = (amount: bigint, path: Address[]) =>
  chain().readContract({
    address: router,
    abi: routerAbi,
    functionName: 'getAmountsOut',
    args: [amount, path],
  })
const balanceOf = (token: Address) =>
  chain().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })

async function get(url: string) {
  const response = await t.app.inject(url)
  return { status: response.statusCode, body: response.json() }
}

const query = (values: Record<string, string>) =>
  new URLSearchParams({ projectId: 'open', ...values }).toString()

/** Sends a transaction the API built, from the trader, and waits for it to be mined. */
/** Sends a built transaction as a wallet would: at the gas the server gave, when it gave one. */
async function send(tx: {
  to: string
  data: string
  amount?: string
  value?: string
  eip155?: { gas?: string }
}) {
  const hash = await wallet().sendTransaction({
    chain: null,
    to: tx.to as Address,
    data: tx.data as Hex,
    value: BigInt(tx.amount ?? tx.value ?? '0'),
    ...(tx.eip155?.gas === undefined ? {} : { gas: BigInt(tx.eip155.gas) }),
  })
  const receipt = await chain().waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

describe('GET /v1/convert/tokens', () => {
  test('the coin first, then the tokens the pools hold, as CAIP-10 with logos the server serves', async () => {
    const { status, body } = await get(`/v1/convert/tokens?${query({ chainId: A })}`)
    expect(status).toBe(200)
    expect(body.tokens.map((token: { symbol: string }) => token.symbol)).toEqual(['ETH', 'LUSD', 'LTK'])
    expect(body.tokens[0]).toEqual({
      name: 'Ether',
      symbol: 'ETH',
      address: ETH,
      decimals: 18,
      logoUri: expect.stringMatching(/^http:\/\/[^/]+\/public\/getTokenImage\/ETH$/),
    })
    expect(body.tokens[1]).toMatchObject({ address: caip(LUSD), decimals: 6 })
  })

  test('none off the swap networks (SPEC §8), nor on a listed one no provider here serves', async () => {
    for (const chainId of ['eip155:999', 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])
      expect(await get(`/v1/convert/tokens?${query({ chainId })}`)).toEqual({
        status: 200,
        body: { tokens: [] },
      })
  })
})

describe('GET /v1/convert/quotes', () => {
  test("ETH → LUSD: the router's own amount, its price impact, the gas to expect", async () => {
    const amount = parseEther('1')
    const { status, body } = await get(
      `/v1/convert/quotes?${query({ amount: String(amount), from: ETH, to: caip(LUSD), userAddress: user })}`,
    )
    expect(status).toBe(200)
    const [, expected] = await amountsOut(amount, [WETH, LUSD])
    expect(body.quotes).toEqual([
      {
        id: null,
        fromAmount: String(amount),
        fromAccount: ETH,
        toAmount: String(expected),
        toAccount: caip(LUSD),
        priceImpact: expect.any(Number),
        gas: expect.stringMatching(/^\d+$/),
      },
    ])
    // 1 ETH in a pool of 100: the 0.3 % fee and about 1 % of the pool's price.
    expect(body.quotes[0].priceImpact).toBeGreaterThan(1.2)
    expect(body.quotes[0].priceImpact).toBeLessThan(1.4)
  })

  test('LUSD → LTK takes the better path: direct for a small amount, through WETH for a large one', async () => {
    for (const units of ['100', '50000']) {
      const amount = parseUnits(units, 6)
      const { body } = await get(
        `/v1/convert/quotes?${query({ amount: String(amount), from: caip(LUSD), to: caip(LTK) })}`,
      )
      const direct = (await amountsOut(amount, [LUSD, LTK])).at(-1)!
      const throughWeth = (await amountsOut(amount, [LUSD, WETH, LTK])).at(-1)!
      const [better, worse] = units === '100' ? [direct, throughWeth] : [throughWeth, direct]
      expect(better).toBeGreaterThan(worse)
      expect(BigInt(body.quotes[0].toAmount)).toBe(better)
    }
  })

  test('no quote for more than the pools hold, nor for a token to itself through WETH', async () => {
    const tooMuch = [
      { amount: String(parseEther('150')), from: ETH, to: caip(LUSD) },
      { amount: String(parseUnits('1000000', 6)), from: caip(LUSD), to: caip(LTK) },
    ]
    for (const values of tooMuch)
      expect(await get(`/v1/convert/quotes?${query(values)}`)).toEqual({ status: 200, body: { quotes: [] } })
  })

  test('none off the swap networks', async () => {
    const off = 'eip155:999:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
    expect(
      await get(
        `/v1/convert/quotes?${query({ amount: '1', from: `eip155:999:${nativeTokenAddress}`, to: off })}`,
      ),
    ).toEqual({ status: 200, body: { quotes: [] } })
  })

  test('bad input: 400 naming the field, in the convert API’s shape', async () => {
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ from: ETH, to: caip(LUSD) }, 'amount', /amount must be a whole number/],
      [{ amount: '1.5', from: ETH, to: caip(LUSD) }, 'amount', /amount must be a whole number/],
      [{ amount: '0', from: ETH, to: caip(LUSD) }, 'amount', /above 0/],
      [{ amount: '1', from: 'ETH', to: caip(LUSD) }, 'from', /from must be a CAIP-10 address/],
      [{ amount: '1', from: `${A}:0x12`, to: caip(LUSD) }, 'from', /40 hex digits/],
      [{ amount: '1', from: ETH, to: `eip155:31338:${LUSD}` }, 'to', /to must be on the chain of from/],
      [
        { amount: '1', from: ETH, to: caip(testTokenAddresses.LPT) },
        'to',
        /not a token swapped on eip155:31337/,
      ],
      [{ amount: '1', from: ETH, to: ETH }, 'to', /another token/],
    ]
    for (const [values, field, description] of cases) {
      const { status, body } = await get(`/v1/convert/quotes?${query(values)}`)
      expect(status, JSON.stringify(values)).toBe(400)
      expect(body).toEqual({
        status: 'FAILED',
        reasons: [{ field, description: expect.stringMatching(description) }],
      })
    }
  })
})

describe('GET /v1/convert/gas-price and /allowance', () => {
  test('gas prices for three speeds, fastest dearest', async () => {
    const { status, body } = await get(`/v1/convert/gas-price?${query({ chainId: A })}`)
    expect(status).toBe(200)
    const [standard, fast, instant] = [body.standard, body.fast, body.instant].map(BigInt) as [
      bigint,
      bigint,
      bigint,
    ]
    expect(standard).toBe(await chain().getGasPrice())
    expect(fast).toBeGreaterThan(standard)
    expect(instant).toBeGreaterThan(fast)
  })

  test("'Network not supported for Gas Price' off the swap networks", async () => {
    expect(await get(`/v1/convert/gas-price?${query({ chainId: 'eip155:999' })}`)).toEqual({
      status: 400,
      body: {
        status: 'FAILED',
        reasons: [{ field: 'chainId', description: 'Network not supported for Gas Price' }],
      },
    })
  })

  test("the router's allowance: '0' off the networks, unlimited for the coin", async () => {
    const owner = caip(anvilAddresses[7]!)
    const ask = (tokenAddress: string) =>
      get(`/v1/convert/allowance?${query({ tokenAddress, userAddress: owner })}`)
    expect(await ask(caip(LTK))).toEqual({ status: 200, body: { allowance: '0' } })
    expect(await ask(`eip155:999:${LTK}`)).toEqual({ status: 200, body: { allowance: '0' } })
    expect((await ask(ETH)).body.allowance).toBe(String(2n ** 256n - 1n))
  })
})

describe('building and sending swaps', () => {
  test('ETH → LUSD: the swap gives the quote, and at least the quote less 1 %', async () => {
    const amount = parseEther('0.5')
    const quote = await get(
      `/v1/convert/quotes?${query({ amount: String(amount), from: ETH, to: caip(LUSD) })}`,
    )
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/convert/build-transaction?projectId=open',
      payload: {
        amount: String(amount),
        eip155: { slippage: 1 },
        projectId: 'open',
        from: ETH,
        to: caip(LUSD),
        userAddress: user,
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    const { tx, toAmount } = response.json()
    expect(tx).toMatchObject({ from: trader.address, to: router, amount: String(amount) })
    expect(BigInt(tx.eip155.gas)).toBeGreaterThan(50_000n)
    expect(toAmount).toBe(quote.body.quotes[0].toAmount)
    const call = decodeFunctionData({ abi: routerAbi, data: tx.data })
    expect(call.functionName).toBe('swapExactETHForTokens')
    expect(call.args[0]).toBe((BigInt(toAmount) * 99n) / 100n)
    expect(call.args[1]).toEqual([WETH, LUSD])
    const before = await balanceOf(LUSD)
    const { gasUsed } = await send(tx)
    expect((await balanceOf(LUSD)) - before).toBe(BigInt(toAmount))
    // The fee the quote showed did not understate the gas the swap took.
    expect(BigInt(quote.body.quotes[0].gas)).toBeGreaterThanOrEqual(gasUsed)
  })

  test('LUSD → LTK: no allowance, the approval built and sent, then the swap', async () => {
    const amount = parseUnits('100', 6)
    const allowance = () =>
      get(`/v1/convert/allowance?${query({ tokenAddress: caip(LUSD), userAddress: user })}`).then(
        (r) => r.body.allowance,
      )
    expect(await allowance()).toBe('0')
    const notYet = await t.app.inject({
      method: 'POST',
      url: '/v1/convert/build-transaction',
      payload: { amount: String(amount), from: caip(LUSD), to: caip(LTK), userAddress: user },
    })
    // Without the allowance the node cannot estimate the swap: it is built without gas.
    expect(notYet.statusCode).toBe(200)
    expect(notYet.json().tx.eip155).not.toHaveProperty('gas')

    const approve = await get(
      `/v1/convert/build-approve?${query({ userAddress: user, from: caip(LUSD), to: caip(LTK), amount: String(amount) })}`,
    )
    expect(approve.status).toBe(200)
    expect(approve.body.tx).toMatchObject({ from: trader.address, to: LUSD, value: '0' })
    expect(decodeFunctionData({ abi: erc20Abi, data: approve.body.tx.data }).args).toEqual([router, amount])
    await send(approve.body.tx)
    expect(await allowance()).toBe(String(amount))

    const built = await t.app.inject({
      method: 'POST',
      url: '/v1/convert/build-transaction',
      payload: {
        amount: String(amount),
        eip155: { slippage: '0.5' },
        from: caip(LUSD),
        to: caip(LTK),
        userAddress: user,
      },
    })
    const { tx, toAmount } = built.json()
    expect(tx.eip155.gas).toMatch(/^\d+$/)
    const call = decodeFunctionData({ abi: routerAbi, data: tx.data })
    expect(call.functionName).toBe('swapExactTokensForTokens')
    expect(call.args[1]).toBe((BigInt(toAmount) * 9950n) / 10_000n)
    const [lusd, ltk] = [await balanceOf(LUSD), await balanceOf(LTK)]
    await send(tx)
    expect(lusd - (await balanceOf(LUSD))).toBe(amount)
    expect((await balanceOf(LTK)) - ltk).toBe(BigInt(toAmount))
  })

  test('never less than the minimum the visitor was shown: held to it, or refused when the price moved below', async () => {
    const amount = parseEther('0.1')
    const quote = await get(
      `/v1/convert/quotes?${query({ amount: String(amount), from: ETH, to: caip(LTK) })}`,
    )
    const toAmount = BigInt(quote.body.quotes[0].toAmount)
    const build = (minToAmount: bigint) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/convert/build-transaction',
        payload: {
          amount: String(amount),
          from: ETH,
          to: caip(LTK),
          userAddress: user,
          minToAmount: String(minToAmount),
          disableEstimate: true,
        },
      })
    // Shown 0.5 % below the quote: tighter than the 1 % slippage, so the swap asks for exactly that.
    const shown = (toAmount * 995n) / 1000n
    const held = await build(shown)
    expect(held.statusCode).toBe(200)
    expect(decodeFunctionData({ abi: routerAbi, data: held.json().tx.data }).args[0]).toBe(shown)
    const moved = await build(toAmount + 1n)
    expect(moved.json()).toEqual({
      status: 'FAILED',
      reasons: [
        { field: 'minToAmount', description: 'The price has moved below the minimum shown: get a new quote' },
      ],
    })
  })

  test('refused: the coin needs no approval; off the networks, Network not supported for Swaps', async () => {
    const approveCoin = await get(
      `/v1/convert/build-approve?${query({ userAddress: user, from: ETH, to: caip(LUSD) })}`,
    )
    expect(approveCoin.status).toBe(400)
    expect(approveCoin.body.reasons[0].field).toBe('from')
    const off = `eip155:999:${LUSD}`
    expect(
      await get(`/v1/convert/build-approve?${query({ userAddress: user, from: off, to: off })}`),
    ).toEqual({
      status: 400,
      body: {
        status: 'FAILED',
        reasons: [{ field: 'from', description: 'Network not supported for Swaps' }],
      },
    })
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/convert/build-transaction',
      payload: { amount: '1', from: `eip155:999:${nativeTokenAddress}`, to: off, userAddress: user },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().reasons[0].description).toBe('Network not supported for Swaps')
    const tooMuch = await t.app.inject({
      method: 'POST',
      url: '/v1/convert/build-transaction',
      payload: { amount: String(parseEther('500')), from: ETH, to: caip(LTK), userAddress: user },
    })
    expect(tooMuch.json()).toEqual({
      status: 'FAILED',
      reasons: [{ field: 'amount', description: 'Insufficient liquidity' }],
    })
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/v1/convert/build-transaction',
      payload: { amount: '1', from: ETH, to: caip(LUSD), userAddress: user, eip155: { slippage: 80 } },
    })
    expect(malformed.json()).toEqual({
      status: 'FAILED',
      reasons: [{ field: 'eip155.slippage', description: expect.stringMatching(/from 0 to 50/) }],
    })
  })
})

test('a provider that cannot be reached: 502 in the same shape, no details', async () => {
  const down = await createTestApp({
    blockchain: devnetBlockchainConfig({ rpcA: 'http://127.0.0.1:9', rpcB: 'http://127.0.0.1:9' }),
  })
  try {
    const response = await down.app.inject(
      `/v1/convert/quotes?${query({ amount: '1000', from: ETH, to: caip(LUSD) })}`,
    )
    expect(response.statusCode).toBe(502)
    expect(response.json()).toEqual({
      status: 'FAILED',
      reasons: [{ field: 'provider', description: 'The swap provider could not answer; try again shortly' }],
    })
  } finally {
    await down.close()
  }
})
