import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface CountingRpc {
  /** The proxy's URL: use it as a chain's RPC URL. */
  url: string
  /** JSON-RPC methods forwarded so far, in order. */
  readonly methods: string[]
  close(): Promise<void>
}

interface Call {
  id?: unknown
  method: string
  params?: { fromBlock?: string; toBlock?: string }[]
}

/**
 * An RPC proxy in front of a real node that records which methods the server asked for. With `maxLogBlocks`, it
 * refuses an `eth_getLogs` spanning more blocks, as many providers do.
 */
export async function startCountingRpc(
  target: string,
  { maxLogBlocks }: { maxLogBlocks?: number } = {},
): Promise<CountingRpc> {
  const methods: string[] = []
  const ask = async (body: string) =>
    fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  /** A block tag as a number: the node's newest for 'latest' or none. */
  const blockOf = async (tag: string | undefined) => {
    if (tag?.startsWith('0x')) return Number(tag)
    const answer = await ask(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber' }))
    return Number(((await answer.json()) as { result: string }).result)
  }
  /** The provider's refusal of a call, if it refuses it. */
  const refusal = async (call: Call) => {
    if (maxLogBlocks === undefined || call.method !== 'eth_getLogs') return undefined
    const filter = call.params?.[0] ?? {}
    const span = (await blockOf(filter.toBlock)) - (await blockOf(filter.fromBlock ?? 'latest')) + 1
    if (span <= maxLogBlocks) return undefined
    const message = `query exceeds max block range ${maxLogBlocks}`
    return JSON.stringify({ jsonrpc: '2.0', id: call.id, error: { code: -32005, message } })
  }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString()
      const parsed = JSON.parse(body) as Call | Call[]
      const calls = [parsed].flat()
      methods.push(...calls.map((call) => call.method))
      const forward = async () => {
        if (maxLogBlocks === undefined) {
          const answer = await ask(body)
          return response.writeHead(answer.status).end(await answer.text())
        }
        // Each call on its own, so that a batch's refused search is refused alone.
        const answers = await Promise.all(
          calls.map(
            async (call) => (await refusal(call)) ?? (await (await ask(JSON.stringify(call))).text()),
          ),
        )
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(Array.isArray(parsed) ? `[${answers.join(',')}]` : answers[0])
      }
      forward().catch(() => response.writeHead(502).end())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    methods,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
