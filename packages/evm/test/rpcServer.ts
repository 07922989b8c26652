import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the fake node answers to one attempt. */
export interface RpcReply {
  status?: number
  headers?: Record<string, string>
  /** A JSON body (sent as application/json). */
  json?: unknown
  /** A plain-text body. */
  text?: string
}

export interface RpcServer {
  url: string
  /** When each request arrived (ms, `performance.now()`), in order. */
  readonly attempts: number[]
  close(): Promise<void>
}

/**
 * A local JSON-RPC endpoint on a free port whose answer to attempt `n` (0-based) the test scripts, for
 * checking retry rules against real HTTP.
 *
 * @example
 * const server = await startRpcServer(() => ({ status: 503, text: 'busy' }))
 * // … make requests to server.url …
 * expect(server.attempts).toHaveLength(4)
 */
export async function startRpcServer(
  reply: (attempt: number, request: { id: unknown }) => RpcReply,
): Promise<RpcServer> {
  const attempts: number[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
    })
    req.on('end', () => {
      const attempt = attempts.push(performance.now()) - 1
      const request = JSON.parse(body) as { id: unknown }
      const { status = 200, headers = {}, json, text } = reply(attempt, request)
      const payload = json === undefined ? (text ?? '') : JSON.stringify(json)
      res.writeHead(status, {
        'Content-Type': json === undefined ? 'text/plain' : 'application/json',
        ...headers,
      })
      res.end(payload)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    attempts,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/** A JSON-RPC error answer. */
export function rpcErrorReply(id: unknown, code: number, message = 'error'): RpcReply {
  return { json: { jsonrpc: '2.0', id, error: { code, message } } }
}

/** A JSON-RPC success answer. */
export function rpcResultReply(id: unknown, result: unknown): RpcReply {
  return { json: { jsonrpc: '2.0', id, result } }
}

/** A localhost URL on which nothing listens (a port that was just free). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}
