import { createServer, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { addressKey, clientAddress } from './address.ts'
import { checkAuth } from './auth.ts'
import type { RelayLimits } from './limits.ts'

/** One socket of `key` fewer in `counts`. */
function release(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1
  if (left > 0) counts.set(key, left)
  else counts.delete(key)
}

/** Answers a request it refuses with a plain HTTP status, then closes the socket. */
function refuse(socket: Duplex, status: string, text: string): void {
  if (!socket.writable) {
    socket.destroy()
    return
  }
  socket.end(
    `HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  )
  // Ending only half-closes: a client that never reads nor closes would keep the socket, and its place in the
  // counts, for ever. It goes once the answer is handed to the system.
  socket.once('finish', () => socket.destroy())
}

export interface AdmissionServerParameters {
  limits: RelayLimits
  /** How many proxies stand in front of the relay (`RelayOptions.trustProxy` as a count). */
  proxies: number
  now: () => number
  /** URLs a client's token may name as its audience besides the host it dialled. */
  audiences: ReadonlySet<string>
  /** Completes an upgrade that passed every check, for the client whose JWT `clientId` signed. */
  admit: (request: IncomingMessage, socket: Duplex, head: Buffer, clientId: string) => void
}

/**
 * The relay's HTTP server: `GET /health` answered 200, other plain requests 426, WebSocket upgrades admitted within the per-address and
 * relay-wide connection caps and with a valid JWT (`checkAuth`), the rest refused with an HTTP status.
 */
export function admissionServer({ limits, proxies, now, audiences, admit }: AdmissionServerParameters) {
  /** Open and upgrading sockets per address (`addressKey`), and in all. */
  const perIp = new Map<string, number>()
  let connections = 0
  /** TCP sockets per address, whatever they do (upgrade, plain HTTP, nothing). */
  const tcpPerIp = new Map<string, number>()

  // Requests whose headers take over 10 s are dropped; the timeout is checked every 5 s (Node's default, 30 s, lets an
  // idle socket live 40 s).
  const server = createServer({ connectionsCheckingInterval: 5_000 }, (request, response) => {
    // For load balancers and container health checks: the process is up and accepting sockets.
    if (request.url === '/health' && (request.method === 'GET' || request.method === 'HEAD')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')
      return
    }
    response
      .writeHead(426, { 'content-type': 'text/plain' })
      .end('This is a WalletConnect relay: connect over WebSocket.')
  })
  // Slow or broken HTTP before an upgrade: answered 400 where it can be, else dropped; never thrown.
  server.on('clientError', (_error, socket) => refuse(socket, '400 Bad Request', 'Bad request.'))
  server.headersTimeout = 10_000
  server.requestTimeout = 10_000
  // A socket that never sends a request is only closed by the header timeout, up to 15 s later: without a cap per
  // address one client could hold every file descriptor the process has. The cap is twice the upgrades an address
  // may hold, so that an address at its limit still hears 429 for a while before its sockets are cut.
  // Behind a proxy every socket comes from the proxy, and only the total counts.
  server.maxConnections = 2 * limits.maxConnections
  /** Every TCP socket, whatever it became (HTTP, an upgrade being checked, a WebSocket), for `close`. */
  const tcpSockets = new Set<Duplex>()
  server.on('connection', (socket) => {
    tcpSockets.add(socket)
    socket.once('close', () => tcpSockets.delete(socket))
    if (proxies > 0) return
    const key = addressKey(socket.remoteAddress ?? 'unknown')
    const held = tcpPerIp.get(key) ?? 0
    if (held >= 2 * limits.maxConnectionsPerIp) {
      socket.destroy()
      return
    }
    tcpPerIp.set(key, held + 1)
    socket.once('close', () => release(tcpPerIp, key))
  })

  server.on('upgrade', (request, socket, head) => {
    // First of all: a socket reset while it is refused or checked must not become an uncaught error.
    socket.on('error', () => socket.destroy())
    const ip = addressKey(clientAddress(request, proxies))
    if (connections >= limits.maxConnections) {
      refuse(socket, '503 Service Unavailable', 'The relay is full; try again later.')
      return
    }
    const held = perIp.get(ip) ?? 0
    if (held >= limits.maxConnectionsPerIp) {
      refuse(
        socket,
        '429 Too Many Requests',
        `At most ${limits.maxConnectionsPerIp} connections per address.`,
      )
      return
    }
    // The socket counts from now until it closes, whether refused later, upgrading or open.
    connections++
    perIp.set(ip, held + 1)
    socket.once('close', () => {
      connections--
      release(perIp, ip)
    })
    checkAuth(request, now(), audiences)
      .then((checked) => {
        if ('problem' in checked) refuse(socket, '401 Unauthorized', checked.problem)
        else if (!socket.destroyed) admit(request, socket, head, checked.clientId)
      })
      // Whatever goes wrong on the way in closes this socket, never the process.
      .catch(() => socket.destroy())
  })

  return { server, tcpSockets }
}
