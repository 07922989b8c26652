import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface CountingRpc {
  /** The proxy's URL: use it as a chain's RPC URL. */
  url: string
  /** JSON-RPC methods forwarded so far, in order. */
  readonly methods: string[]
  close(): Promise<void>
}

/** An RPC proxy in front of a real node that records which methods the server asked for. */
export async function startCountingRpc(target: string): Promise<CountingRpc> {
  const methods: string[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString()
      const calls = [JSON.parse(body)].flat() as { method: string }[]
      methods.push(...calls.map((call) => call.method))
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) => response.writeHead(answer.status).end(await answer.text()))
        .catch(() => response.writeHead(502).end())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    methods,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
