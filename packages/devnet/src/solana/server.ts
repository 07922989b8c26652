// The local Solana chain behind the RPC's two ports: JSON-RPC over HTTP and PubSub over WebSocket, bound to
// 127.0.0.1. Only for development and tests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'
import { SolanaChain } from './chain.ts'
import { seedSolanaChain } from './genesis.ts'
import { solanaLocalCaipNetworkId, solanaLocalGenesisHash } from './network.ts'
import { handleSolanaRpc } from './rpc.ts'
import { attachSolanaSubscriptions } from './subscriptions.ts'
import { type SolanaTestToken, solanaTestToken } from './token.ts'

export interface StartSolanaChainParameters {
  /** The JSON-RPC port: default 8899, as a local validator; 0 picks free ports for both servers. */
  port?: number
  /** The WebSocket port: default the JSON-RPC port + 1 (8900; @solana/web3.js derives it so), 0 when port is 0. */
  wsPort?: number
  host?: string
  /** Transactions kept for getTransaction / getSignaturesForAddress (default 10,000; the oldest go first). */
  historyCapacity?: number
}

export interface SolanaLocalChain {
  /** `http://127.0.0.1:<port>` */
  rpcUrl: string
  /** `ws://127.0.0.1:<wsPort>` */
  wsUrl: string
  port: number
  wsPort: number
  genesisHash: string
  /** `solana:<first 32 characters of the genesis hash>` */
  caipNetworkId: string
  token: SolanaTestToken
  /** The chain itself, for tests that read or set state directly. */
  chain: SolanaChain
  /** Closes every socket; resolves once both servers are closed. */
  stop(): Promise<void>
}

/** The largest request body: 1 MiB. */
export const maxRequestBytes = 1024 * 1024
/** The largest WebSocket message: 64 KiB. */
export const maxSubscriptionMessageBytes = 64 * 1024
/** A body this far past the limit is cut off rather than read to its end for a clean 413. */
const maxDiscardedBytes = 16 * maxRequestBytes

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': 'content-type, solana-client',
  'access-control-max-age': '86400',
}

/**
 * Starts a local Solana chain: the test accounts funded with 1,000 SOL and 1,000,000 LUSD-SOL each, a JSON-RPC
 * server @solana/kit's createSolanaRpc talks to and a WebSocket server for createSolanaRpcSubscriptions.
 *
 * @example
 * const solana = await startSolanaChain({ port: 0 })
 * const rpc = createSolanaRpc(solana.rpcUrl)
 * await rpc.getBalance(address(solanaTestAddresses[0])).send()
 * await solana.stop()
 */
export async function startSolanaChain(
  parameters: StartSolanaChainParameters = {},
): Promise<SolanaLocalChain> {
  const host = parameters.host ?? '127.0.0.1'
  const port = parameters.port ?? 8899
  const wsPort = parameters.wsPort ?? (port === 0 ? 0 : port + 1)
  const chain = await SolanaChain.create({ historyCapacity: parameters.historyCapacity ?? 10_000 })
  await seedSolanaChain(chain)

  const http = createServer((request, response) => {
    serveHttp(chain, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, corsHeaders)
      response.end()
    })
  })
  http.on('clientError', (_error, socket) => socket.destroy())
  const wsHttp = createServer((_request, response) => {
    response
      .writeHead(426, { 'content-type': 'text/plain' })
      .end('This port speaks WebSocket (JSON-RPC PubSub).')
  })
  wsHttp.on('clientError', (_error, socket) => socket.destroy())
  const wss = new WebSocketServer({ server: wsHttp, maxPayload: maxSubscriptionMessageBytes })
  wss.on('error', () => {
    // Errors of the underlying server surface on wsHttp, which listen() reports.
  })
  const detach = attachSolanaSubscriptions(wss, chain)

  try {
    await listen(http, port, host)
    await listen(wsHttp, wsPort, host)
  } catch (error) {
    detach()
    await Promise.all([close(http), close(wsHttp)])
    throw error
  }
  const boundPort = (http.address() as AddressInfo).port
  const boundWsPort = (wsHttp.address() as AddressInfo).port
  let stopping: Promise<void> | undefined
  return {
    rpcUrl: `http://${host}:${boundPort}`,
    wsUrl: `ws://${host}:${boundWsPort}`,
    port: boundPort,
    wsPort: boundWsPort,
    genesisHash: solanaLocalGenesisHash,
    caipNetworkId: solanaLocalCaipNetworkId,
    token: solanaTestToken,
    chain,
    stop() {
      stopping ??= (async () => {
        detach()
        for (const client of wss.clients) client.terminate()
        await Promise.all([
          new Promise<void>((resolve) => wss.close(() => resolve())),
          close(http),
          close(wsHttp),
        ])
      })()
      return stopping
    },
  }
}

async function serveHttp(
  chain: SolanaChain,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if (request.method === 'OPTIONS') {
    response.writeHead(204, corsHeaders).end()
    return
  }
  if (request.method === 'GET') {
    // The validator answers its health on GET /health.
    if (request.url === '/health')
      response.writeHead(200, { ...corsHeaders, 'content-type': 'text/plain' }).end('ok')
    else response.writeHead(405, { ...corsHeaders, allow: 'POST, GET, OPTIONS' }).end()
    return
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { ...corsHeaders, allow: 'POST, GET, OPTIONS' }).end()
    request.resume()
    return
  }
  const body = await readBody(request)
  if (body === undefined) {
    response
      .writeHead(413, { ...corsHeaders, 'content-type': 'text/plain', connection: 'close' })
      .end(`The request body is larger than ${maxRequestBytes} bytes.`)
    return
  }
  const answer = await handleSolanaRpc(chain, body)
  response
    .writeHead(200, { ...corsHeaders, 'content-type': 'application/json; charset=utf-8' })
    .end(answer ?? '')
}

/** The body as text, or undefined when it is over {@link maxRequestBytes} (read to its end, or cut off). */
function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let length = 0
    request.on('data', (chunk: Buffer) => {
      length += chunk.length
      if (length <= maxRequestBytes) chunks.push(chunk)
      else if (length > maxDiscardedBytes) {
        request.destroy()
        resolve(undefined)
      }
    })
    request.on('end', () =>
      resolve(length > maxRequestBytes ? undefined : Buffer.concat(chunks).toString('utf8')),
    )
    request.on('error', reject)
  })
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      server.on('error', () => {
        // After listening, errors belong to single connections.
      })
      resolve()
    })
  })
}

function close(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve()
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}
