import type { ServerResponse } from 'node:http'
import { maxUint256 } from 'viem'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { json, recordedApi } from '../../test/support/recordedApi.ts'
import { ProviderRefusal } from '../errors.ts'
import { aggregatorSwapProvider, maxAnswerBytes } from './aggregator.ts'
import { type Address, nativeTokenAddress } from './types.ts'

// 1inch's API as a local server (test/support/recordedApi.ts): each path answers its recorded fixture
// (fixtures/aggregator/README.md) unless the test sets `answer`; every request is kept to assert what the provider
// sent.
const api = recordedApi({
  fixtures: new URL('./fixtures/aggregator/', import.meta.url),
  recorded: {
    'GET /swap/v6.0/1/tokens': 'tokens.json',
    'GET /swap/v6.0/1/quote': 'quote.json',
    'GET /swap/v6.0/1/approve/allowance': 'allowance.json',
    'GET /swap/v6.0/1/approve/transaction': 'approve-transaction.json',
    'GET /swap/v6.0/1/swap': 'swap.json',
    'GET /gas-price/v1.5/1': 'gas-price.json',
    'GET /gas-price/v1.5/56': 'gas-price-legacy.json',
  },
  notFound: '{"statusCode":404,"error":"Not Found"}',
  keep: ({ path, query, authorization }) => ({ path, query, authorization }),
})
const { received, fixture } = api
/** Answers every request of the test while set. */
let answer: ((response: ServerResponse) => void) | undefined
beforeEach(() => {
  api.answer = (_request, response) => {
    if (!answer) return false
    answer(response)
    return true
  }
})
afterEach(() => {
  answer = undefined
  vi.unstubAllGlobals()
})

const usdc: Address = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const dai: Address = '0x6b175474e89094c44da98b954eedeac495271d0f'
const visitor: Address = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const router: Address = '0x111111125421ca6dc452d289314280a0f8842a65'
const oneEth = 10n ** 18n
const provider = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
  aggregatorSwapProvider({ baseUrl: api.url, apiKey: 'test-key', chains: [1, 56], ...options })

test('tokens: GETs the chain’s list with the key, the coin first, the malformed entry left out', async () => {
  const tokens = await provider().tokens(1)
  expect(received).toEqual([{ path: '/swap/v6.0/1/tokens', query: {}, authorization: 'Bearer test-key' }])
  const logo = (address: string) => `https://tokens.1inch.io/${address}.png`
  expect(tokens).toEqual([
    {
      address: nativeTokenAddress,
      symbol: 'ETH',
      name: 'Ether',
      decimals: 18,
      logoUri: logo(nativeTokenAddress),
    },
    { address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6, logoUri: logo(usdc) },
    { address: dai, symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18, logoUri: logo(dai) },
    {
      address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
      symbol: 'WETH',
      name: 'Wrapped Ether',
      decimals: 18,
      logoUri: logo('0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'),
    },
  ])
})

test('tokens: trims names, drops entries out of bounds, keeps a token whose logo is bad without it', async () => {
  const entry = (n: number, fields: Record<string, unknown> = {}) => ({
    address: `0x${n.toString(16).padStart(40, '0')}`,
    symbol: `T${n}`,
    name: `Token ${n}`,
    decimals: 18,
    ...fields,
  })
  const entries = [
    entry(1, { symbol: '  TRIM  ', name: '\tTrimmed Token\n' }),
    entry(2, { symbol: 'S'.repeat(65) }),
    entry(3, { name: 'N'.repeat(129) }),
    entry(4, { decimals: 37 }),
    entry(5, { decimals: 1.5 }),
    entry(6, { decimals: -1 }),
    entry(7, { address: '0x1234' }),
    entry(8, { symbol: '   ' }),
    entry(9, { logoURI: 'javascript:alert(1)' }),
    entry(10, { symbol: 'S'.repeat(64), name: 'N'.repeat(128), decimals: 36 }),
    'not an object',
  ]
  answer = json(
    200,
    JSON.stringify({ tokens: Object.fromEntries(entries.map((value, i) => [`key${i}`, value])) }),
  )
  const tokens = await provider().tokens(1)
  expect(tokens).toEqual([
    { address: entry(1).address, symbol: 'TRIM', name: 'Trimmed Token', decimals: 18 },
    { address: entry(9).address, symbol: 'T9', name: 'Token 9', decimals: 18 },
    { address: entry(10).address, symbol: 'S'.repeat(64), name: 'N'.repeat(128), decimals: 36 },
  ])
})

test('tokens: at most 1000, the coin first even when the list gives it last', async () => {
  const entries: Record<string, unknown> = {}
  for (let n = 1; n <= 1500; n++) {
    const address = `0x${n.toString(16).padStart(40, '0')}`
    entries[address] = { address, symbol: `T${n}`, name: `Token ${n}`, decimals: 18 }
  }
  answer = json(200, JSON.stringify({ tokens: entries }))
  const withoutCoin = await provider().tokens(1)
  expect(withoutCoin).toHaveLength(1000)
  expect(withoutCoin[999]?.symbol).toBe('T1000')

  entries[nativeTokenAddress] = { address: nativeTokenAddress, symbol: 'ETH', name: 'Ether', decimals: 18 }
  answer = json(200, JSON.stringify({ tokens: entries }))
  const tokens = await provider().tokens(1)
  expect(tokens).toHaveLength(1000)
  expect(tokens[0]?.address).toBe(nativeTokenAddress)
  expect(tokens[1]?.symbol).toBe('T1')
  expect(tokens[999]?.symbol).toBe('T999')
})

test('quote: GETs src, dst, amount and includeGas, and maps dstAmount and gas', async () => {
  const quote = await provider().quote({ chainId: 1, from: nativeTokenAddress, to: usdc, amount: oneEth })
  expect(received).toEqual([
    {
      path: '/swap/v6.0/1/quote',
      query: { src: nativeTokenAddress, dst: usdc, amount: '1000000000000000000', includeGas: 'true' },
      authorization: 'Bearer test-key',
    },
  ])
  expect(quote).toEqual({ toAmount: 3124556421n, gas: 187352n })
})

test('quote: an answer without gas leaves it out', async () => {
  answer = json(200, '{"dstAmount":"5"}')
  const quote = await provider().quote({ chainId: 1, from: nativeTokenAddress, to: usdc, amount: 1n })
  expect(quote).toEqual({ toAmount: 5n })
  expect(quote).not.toHaveProperty('gas')
})

test('quote: 400 insufficient liquidity → undefined (no route)', async () => {
  answer = json(400, fixture('insufficient-liquidity.json'))
  const quote = await provider().quote({ chainId: 1, from: usdc, to: dai, amount: 10n ** 30n })
  expect(quote).toBeUndefined()
  expect(received).toHaveLength(1)
})

test('the same refusal from the swap is the visitor’s error, not a missing route', async () => {
  answer = json(400, fixture('insufficient-liquidity.json'))
  const swap = provider().buildSwap({
    chainId: 1,
    from: usdc,
    to: dai,
    amount: 10n ** 30n,
    userAddress: visitor,
    slippage: 1,
    disableEstimate: true,
  })
  await expect(swap).rejects.toEqual(new ProviderRefusal('amount', 'insufficient liquidity'))
})

test.each([
  ['Amount is too small', 'amount'],
  ['Not enough src balance. Amount: 1000000. Balance: 0', 'from'],
  ['dst is not a valid token address', 'to'],
  ['Slippage should be between 0 and 50', 'slippage'],
  ['Cannot sync token', 'amount'],
])('quote: 400 “%s” → ProviderRefusal on %s with the description', async (description, field) => {
  answer = json(400, JSON.stringify({ error: 'Bad Request', description, statusCode: 400, meta: [] }))
  const error = await provider()
    .quote({ chainId: 1, from: usdc, to: dai, amount: 1n })
    .catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(ProviderRefusal)
  expect(error).toMatchObject({ field, message: description })
})

test('a 500 → an Error naming the status, not the visitor’s error', async () => {
  answer = json(500, fixture('server-error.json'))
  const error = await provider()
    .quote({ chainId: 1, from: nativeTokenAddress, to: usdc, amount: oneEth })
    .catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(Error)
  expect(error).not.toBeInstanceOf(ProviderRefusal)
  expect((error as Error).message).toMatch(/\/swap\/v6\.0\/1\/quote.*500/)
})

test.each([
  [401, '{"statusCode":401,"error":"Unauthorized","description":"Invalid API key"}'],
  [429, '{"statusCode":429,"error":"Too Many Requests","description":"Rate limit exceeded"}'],
  [400, 'Bad Request'],
])(
  'a %i (the deployment’s key or plan, or no description) → an Error naming the status',
  async (status, body) => {
    answer = json(status, body)
    const error = await provider()
      .gasPrices(1)
      .catch((caught: unknown) => caught)
    expect(error).not.toBeInstanceOf(ProviderRefusal)
    expect((error as Error).message).toContain(`status ${status}`)
  },
)

test('allowance: GETs the token and the wallet, and reads the allowance', async () => {
  const allowance = await provider().allowance(1, usdc, visitor)
  expect(received).toEqual([
    {
      path: '/swap/v6.0/1/approve/allowance',
      query: { tokenAddress: usdc, walletAddress: visitor },
      authorization: 'Bearer test-key',
    },
  ])
  expect(allowance).toBe(maxUint256)
  answer = json(200, '{"allowance":"0"}')
  expect(await provider().allowance(1, usdc, visitor)).toBe(0n)
})

test('allowance of the coin → maxUint256, no request sent', async () => {
  expect(await provider().allowance(1, nativeTokenAddress, visitor)).toBe(maxUint256)
  expect(await provider().allowance(1, '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', visitor)).toBe(
    maxUint256,
  )
  expect(received).toEqual([])
})

test('buildApprove: GETs the token and amount, and answers the transaction from the owner', async () => {
  const transaction = await provider().buildApprove({
    chainId: 1,
    token: usdc,
    owner: visitor,
    amount: 10n ** 9n,
  })
  expect(received).toEqual([
    {
      path: '/swap/v6.0/1/approve/transaction',
      query: { tokenAddress: usdc, amount: '1000000000' },
      authorization: 'Bearer test-key',
    },
  ])
  expect(transaction).toEqual({
    from: visitor,
    to: usdc,
    data: `0x095ea7b3000000000000000000000000${router.slice(2)}000000000000000000000000000000000000000000000000000000003b9aca00`,
    value: 0n,
    gasPrice: 14318372659n,
  })
})

test('buildSwap: GETs the pair, the sender, slippage and disableEstimate, and maps the transaction', async () => {
  const swap = await provider().buildSwap({
    chainId: 1,
    from: nativeTokenAddress,
    to: usdc,
    amount: oneEth,
    userAddress: visitor,
    slippage: 0.5,
    disableEstimate: false,
  })
  expect(received).toEqual([
    {
      path: '/swap/v6.0/1/swap',
      query: {
        src: nativeTokenAddress,
        dst: usdc,
        amount: '1000000000000000000',
        from: visitor,
        origin: visitor,
        slippage: '0.5',
        disableEstimate: 'false',
      },
      authorization: 'Bearer test-key',
    },
  ])
  const { tx } = JSON.parse(fixture('swap.json')) as { tx: { data: string } }
  expect(swap).toEqual({
    from: visitor,
    to: router,
    data: tx.data,
    value: oneEth,
    gas: 161924n,
    gasPrice: 14318372659n,
    toAmount: 3124556421n,
  })
})

test('buildSwap: gas 0 (not estimated) leaves gas out', async () => {
  const recordedSwap = JSON.parse(fixture('swap.json')) as { tx: Record<string, unknown> }
  answer = json(200, JSON.stringify({ ...recordedSwap, tx: { ...recordedSwap.tx, gas: 0 } }))
  const swap = await provider().buildSwap({
    chainId: 1,
    from: nativeTokenAddress,
    to: usdc,
    amount: oneEth,
    userAddress: visitor,
    slippage: 1,
    disableEstimate: true,
  })
  expect(received[0]?.query.disableEstimate).toBe('true')
  expect(swap).not.toHaveProperty('gas')
  expect(swap.toAmount).toBe(3124556421n)
})

test('gasPrices: the EIP-1559 form → the base fee with the medium, high and instant tips', async () => {
  expect(await provider().gasPrices(1)).toEqual({
    standard: 12986373122n + 100000000n,
    fast: 12986373122n + 1000000000n,
    instant: 12986373122n + 2000000000n,
  })
  expect(received).toEqual([{ path: '/gas-price/v1.5/1', query: {}, authorization: 'Bearer test-key' }])
})

test('gasPrices: the legacy form (chain 56) → its three prices', async () => {
  expect(await provider().gasPrices(56)).toEqual({
    standard: 1000000000n,
    fast: 1100000000n,
    instant: 1500000000n,
  })
  expect(received.map(({ path }) => path)).toEqual(['/gas-price/v1.5/56'])
})

const swapOf = (tx: Record<string, unknown>) => {
  const recordedSwap = JSON.parse(fixture('swap.json')) as { tx: Record<string, unknown> }
  return JSON.stringify({ ...recordedSwap, tx: { ...recordedSwap.tx, ...tx } })
}
test.each([
  ['quote', '/swap/v6.0/1/quote', '{"dstAmount":"1.5"}'],
  ['quote', '/swap/v6.0/1/quote', '{"dstAmount":3124556421}'],
  ['quote', '/swap/v6.0/1/quote', '{"dstAmount":"1","gas":-1}'],
  ['quote', '/swap/v6.0/1/quote', 'not json'],
  ['allowance', '/swap/v6.0/1/approve/allowance', '{"allowance":"-1"}'],
  ['allowance', '/swap/v6.0/1/approve/allowance', `{"allowance":"${maxUint256 + 1n}"}`],
  [
    'buildApprove',
    '/swap/v6.0/1/approve/transaction',
    '{"data":"0x12","gasPrice":"1","to":"0x12","value":"0"}',
  ],
  ['buildSwap', '/swap/v6.0/1/swap', swapOf({ data: 'not hex' })],
  ['buildSwap', '/swap/v6.0/1/swap', swapOf({ value: '0x1' })],
  ['buildSwap', '/swap/v6.0/1/swap', '{"dstAmount":"1"}'],
  ['tokens', '/swap/v6.0/1/tokens', '[]'],
  ['gasPrices', '/gas-price/v1.5/1', '{"baseFee":"1","medium":{"maxFeePerGas":"1"}}'],
] as const)('%s: a malformed answer → an Error naming %s', async (method, path, body) => {
  answer = json(200, body)
  const calls = {
    quote: () => provider().quote({ chainId: 1, from: nativeTokenAddress, to: usdc, amount: 1n }),
    allowance: () => provider().allowance(1, usdc, visitor),
    buildApprove: () => provider().buildApprove({ chainId: 1, token: usdc, owner: visitor, amount: 1n }),
    buildSwap: () =>
      provider().buildSwap({
        chainId: 1,
        from: nativeTokenAddress,
        to: usdc,
        amount: 1n,
        userAddress: visitor,
        slippage: 1,
        disableEstimate: false,
      }),
    tokens: () => provider().tokens(1),
    gasPrices: () => provider().gasPrices(1),
  }
  const error = await calls[method]().catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(Error)
  expect(error).not.toBeInstanceOf(ProviderRefusal)
  expect((error as Error).message).toContain(`${path} answered what was not expected`)
})

test.each([
  ['declared in Content-Length', true],
  ['sent in chunks without a length', false],
])('an answer over 2 MiB, %s → refused', async (_, declared) => {
  const size = maxAnswerBytes + 1024
  answer = (response) => {
    // A valid answer but for its size: only the cap can refuse it.
    const body = `{"allowance":"1","padding":"${'x'.repeat(size)}"}`
    response.writeHead(200, declared ? { 'content-length': Buffer.byteLength(body) } : {})
    if (declared) return response.end(body)
    for (let offset = 0; offset < body.length; offset += 64 * 1024)
      response.write(body.slice(offset, offset + 64 * 1024))
    response.end()
  }
  await expect(provider().allowance(1, usdc, visitor)).rejects.toThrow(/more than 2097152 bytes/)
  // Just under the cap is read.
  answer = json(200, `{"allowance":"1","padding":"${'x'.repeat(maxAnswerBytes - 64)}"}`)
  expect(await provider().allowance(1, usdc, visitor)).toBe(1n)
})

test('a server that never answers → rejected after timeoutMs', async () => {
  answer = () => {} // keeps the request open
  const started = Date.now()
  await expect(provider({ timeoutMs: 200 }).gasPrices(1)).rejects.toThrow(
    /gas-price\/v1\.5\/1.*no answer in 200 ms/,
  )
  expect(Date.now() - started).toBeLessThan(2000)
})

test('the caller’s signal aborts the request too', async () => {
  answer = () => {}
  const controller = new AbortController()
  const quote = provider({ timeoutMs: 10_000 }).quote(
    { chainId: 1, from: nativeTokenAddress, to: usdc, amount: 1n },
    controller.signal,
  )
  const started = Date.now()
  setTimeout(() => controller.abort(new Error('visitor left')), 50)
  await expect(quote).rejects.toThrow('visitor left')
  // At once, not when the provider's own timeout would have given up.
  expect(Date.now() - started).toBeLessThan(2000)
})

test('an unreachable API → an Error naming the endpoint', async () => {
  const down = aggregatorSwapProvider({ baseUrl: 'http://127.0.0.1:9', chains: [1] })
  await expect(down.gasPrices(1)).rejects.toThrow(/gas-price\/v1\.5\/1 could not be reached/)
})

test('no apiKey → no Authorization header; a trailing slash in baseUrl is no double one', async () => {
  const unkeyed = aggregatorSwapProvider({ baseUrl: `${api.url}/`, chains: [1] })
  await unkeyed.gasPrices(1)
  expect(received).toEqual([{ path: '/gas-price/v1.5/1', query: {}, authorization: undefined }])
  expect(unkeyed.chains).toEqual([1])
})

test('fetch: the option is used, else the global one as it is at call time', async () => {
  const own = vi.fn(globalThis.fetch)
  await aggregatorSwapProvider({ baseUrl: api.url, chains: [1], fetch: own }).gasPrices(1)
  expect(own).toHaveBeenCalledTimes(1)
  expect(String(own.mock.calls[0]?.[0])).toBe(`${api.url}/gas-price/v1.5/1`)

  const created = aggregatorSwapProvider({ baseUrl: api.url, chains: [1] })
  const stubbed = vi.fn(globalThis.fetch)
  vi.stubGlobal('fetch', stubbed)
  await created.gasPrices(1)
  expect(stubbed).toHaveBeenCalledTimes(1)
})
