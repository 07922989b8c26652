import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { httpPriceProvider } from './httpPriceProvider.ts'

// The price service: answers what the current test sets, and keeps the bodies it was sent.
let answer: (response: import('node:http').ServerResponse) => void
const received: unknown[] = []
let server: Server
let url: string

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  let text = ''
  for await (const chunk of request) text += chunk
  return JSON.parse(text)
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    received.push(await bodyOf(request))
    answer(response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prices`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const json = (status: number, body: string) => (response: import('node:http').ServerResponse) => {
  response.writeHead(status, { 'content-type': 'application/json' }).end(body)
}

const assets = [
  { chainId: 'eip155:1', address: 'native', symbol: 'ETH' },
  { chainId: 'eip155:1', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC' },
]

test('POSTs the currency and assets, and reads the prices by key', async () => {
  answer = json(
    200,
    JSON.stringify({
      prices: { 'eip155:1:native': 3100.5, 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48': 1 },
    }),
  )
  received.length = 0
  const prices = await httpPriceProvider(url).prices('usd', assets)
  expect(received).toEqual([{ currency: 'usd', assets }])
  expect(prices).toEqual(
    new Map([
      ['eip155:1:native', 3100.5],
      ['eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 1],
    ]),
  )
})

test.each([
  ['an error status', json(500, '{"prices":{"eip155:1:native":1}}')],
  ['a body that is not JSON', json(200, 'not json')],
  ['a negative price', json(200, '{"prices":{"eip155:1:native":-1}}')],
  ['a price that is not a number', json(200, '{"prices":{"eip155:1:native":"3000"}}')],
  ['no prices object', json(200, '{"eip155:1:native":3000}')],
])('%s → no prices, the error reported', async (_, respond) => {
  answer = respond
  const errors: unknown[] = []
  const prices = await httpPriceProvider(url, { onError: (error) => errors.push(error) }).prices(
    'usd',
    assets,
  )
  expect(prices.size).toBe(0)
  expect(errors).toHaveLength(1)
})

test('an unreachable service or one too slow → no prices', async () => {
  const down = await httpPriceProvider('http://127.0.0.1:9/prices').prices('usd', assets)
  expect(down.size).toBe(0)
  answer = () => {} // never answers
  const started = Date.now()
  const slow = await httpPriceProvider(url, { timeoutMs: 200 }).prices('usd', assets)
  expect(slow.size).toBe(0)
  expect(Date.now() - started).toBeLessThan(2000)
})

test('no request for no assets', async () => {
  received.length = 0
  expect((await httpPriceProvider(url).prices('usd', [])).size).toBe(0)
  expect(received).toEqual([])
})
