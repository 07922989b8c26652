import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { chainClient } from './clients.ts'

/** A JSON-RPC node that answers `0x1` to everything, or 500 while `failing`, and counts the HTTP requests. */
const node = { requests: 0, failing: false, url: '', close: async () => {} }

beforeAll(async () => {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      node.requests++
      if (node.failing) return response.writeHead(500).end()
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { id: number } | { id: number }[]
      const answer = (call: { id: number }) => ({ jsonrpc: '2.0', id: call.id, result: '0x1' })
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  node.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  node.close = () => new Promise((resolve) => server.close(() => resolve()))
})
afterAll(() => node.close())
beforeEach(() => {
  node.requests = 0
  node.failing = false
})

const twoReads = (use: Parameters<typeof chainClient>[1]) => {
  const client = chainClient({ rpcUrl: node.url }, use)
  return Promise.all([client.getChainId(), client.getBlockNumber({ cacheTime: 0 })])
}
const failedRead = (use: Parameters<typeof chainClient>[1]) =>
  chainClient({ rpcUrl: node.url }, use)
    .getChainId()
    .catch(() => 'failed')

describe('chainClient', () => {
  it('batches the reads of balances and of the indexer into one HTTP request', async () => {
    expect(await twoReads('balances')).toEqual([1, 1n])
    expect(await twoReads('indexer')).toEqual([1, 1n])
    expect(node.requests).toBe(2)
  })

  it('sends a signature check’s reads one by one', async () => {
    expect(await twoReads('signatures')).toEqual([1, 1n])
    expect(node.requests).toBe(2)
  })

  it('retries a failing node twice for balances, once for signatures, never for the indexer', async () => {
    node.failing = true
    const attempts = async (use: Parameters<typeof chainClient>[1]) => {
      node.requests = 0
      expect(await failedRead(use)).toBe('failed')
      return node.requests
    }
    expect(await attempts('balances')).toBe(3)
    expect(await attempts('signatures')).toBe(2)
    expect(await attempts('indexer')).toBe(1)
  })
})
