import { http } from 'viem'
import { afterEach, describe, expect, it } from 'vitest'
import {
  closedPortUrl,
  type RpcServer,
  rpcErrorReply,
  rpcResultReply,
  startRpcServer,
} from '../test/rpcServer.ts'
import { type RpcRetryRules, rpcRetryDelay, shouldRetryRpc, specRpcRetryRules } from './rpcRetry.ts'
import { specHttp } from './transport.ts'

const servers: RpcServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function serve(reply: Parameters<typeof startRpcServer>[0]) {
  const server = await startRpcServer(reply)
  servers.push(server)
  return server
}

/** The spec's rules with 1 ms delays, so the status/code matrix runs fast. */
const fastRules: RpcRetryRules = { ...specRpcRetryRules, baseDelayMs: 1 }

function chainIdVia(url: string, rules: RpcRetryRules = fastRules) {
  const { request } = specHttp(url, { timeoutMs: 2_000, rules })({})
  return request({ method: 'eth_chainId' })
}

describe('specHttp: what SPEC §9 retries', () => {
  it.each([403, 408, 413, 429, 500, 502, 503, 504])('retries HTTP %i three times', async (status) => {
    const server = await serve(() => ({ status, text: 'busy' }))
    await expect(chainIdVia(server.url)).rejects.toThrow()
    expect(server.attempts).toHaveLength(4)
  })

  it.each([-1, -32005, -32000])('retries JSON-RPC error %i three times', async (code) => {
    const server = await serve((_, { id }) => rpcErrorReply(id, code))
    await expect(chainIdVia(server.url)).rejects.toThrow()
    expect(server.attempts).toHaveLength(4)
  })

  it('retries a listed status even when its body is a JSON-RPC error viem would not retry', async () => {
    const server = await serve((_, { id }) => ({ ...rpcErrorReply(id, -32601), status: 503 }))
    await expect(chainIdVia(server.url)).rejects.toThrow()
    expect(server.attempts).toHaveLength(4)
  })

  it('resolves once a retry succeeds', async () => {
    const server = await serve((attempt, { id }) =>
      attempt < 2 ? { status: 502, text: 'bad gateway' } : rpcResultReply(id, '0x7a69'),
    )
    await expect(chainIdVia(server.url)).resolves.toBe('0x7a69')
    expect(server.attempts).toHaveLength(3)
  })
})

describe('specHttp: what SPEC §9 does not retry', () => {
  it.each([400, 401, 404, 405, 501])('makes exactly one attempt on HTTP %i', async (status) => {
    const server = await serve(() => ({ status, text: 'no' }))
    await expect(chainIdVia(server.url)).rejects.toThrow()
    expect(server.attempts).toHaveLength(1)
  })

  it.each([
    -32603, // viem retries it; the spec does not list it
    429, // viem retries a 429 code in an HTTP 200 body
    -32007, // viem retries QuickNode's limit code
    -32601,
    -32602,
    3, // execution reverted
  ])('makes exactly one attempt on JSON-RPC error %i', async (code) => {
    const server = await serve((_, { id }) => rpcErrorReply(id, code))
    await expect(chainIdVia(server.url)).rejects.toThrow()
    expect(server.attempts).toHaveLength(1)
  })

  it('fails at once when nothing listens (no status, no code)', async () => {
    const url = await closedPortUrl()
    const started = performance.now()
    // With the spec's delays, even one retry would take 150 ms and all three 1050 ms.
    await expect(chainIdVia(url, specRpcRetryRules)).rejects.toThrow()
    expect(performance.now() - started).toBeLessThan(150)
  })
})

describe('specHttp: timing', () => {
  it('waits 150 ms, then 300 ms, then 600 ms between attempts', async () => {
    const server = await serve(() => ({ status: 503, text: 'busy' }))
    await expect(chainIdVia(server.url, specRpcRetryRules)).rejects.toThrow()
    const gaps = server.attempts.slice(1).map((at, i) => at - server.attempts[i]!)
    expect(gaps).toHaveLength(3)
    for (const [i, expected] of [150, 300, 600].entries()) {
      expect(gaps[i]).toBeGreaterThanOrEqual(expected - 5)
      expect(gaps[i]).toBeLessThan(expected + 150)
    }
  })

  it('honours Retry-After: 1 (one second, not 150 ms)', async () => {
    const server = await serve((attempt, { id }) =>
      attempt === 0
        ? { status: 429, headers: { 'Retry-After': '1' }, text: 'slow down' }
        : rpcResultReply(id, '0x1'),
    )
    await expect(chainIdVia(server.url, specRpcRetryRules)).resolves.toBe('0x1')
    expect(server.attempts).toHaveLength(2)
    const gap = server.attempts[1]! - server.attempts[0]!
    expect(gap).toBeGreaterThanOrEqual(995)
    expect(gap).toBeLessThan(1_500)
  })

  it('honours Retry-After as an HTTP date', async () => {
    const server = await serve((attempt, { id }) =>
      attempt === 0
        ? {
            status: 503,
            headers: { 'Retry-After': new Date(Date.now() + 2_000).toUTCString() },
            text: 'later',
          }
        : rpcResultReply(id, '0x1'),
    )
    await expect(chainIdVia(server.url, specRpcRetryRules)).resolves.toBe('0x1')
    // HTTP dates have whole seconds, so the wait is between 1 and 2 s.
    const gap = server.attempts[1]! - server.attempts[0]!
    expect(gap).toBeGreaterThanOrEqual(900)
    expect(gap).toBeLessThan(2_500)
  })

  it('does not retry when Retry-After would end past the give-up time', async () => {
    const server = await serve(() => ({ status: 429, headers: { 'Retry-After': '1' }, text: 'slow down' }))
    await expect(chainIdVia(server.url, { ...specRpcRetryRules, giveUpMs: 500 })).rejects.toThrow()
    expect(server.attempts).toHaveLength(1)
  })

  it('counts the give-up time from the first attempt: a wait that would end past it ends the retries', async () => {
    const server = await serve(() => ({ status: 429, headers: { 'Retry-After': '1' }, text: 'slow down' }))
    // 0 + 1 s fits in 1.5 s: one retry; 1 s + 1 s does not.
    await expect(chainIdVia(server.url, { ...specRpcRetryRules, giveUpMs: 1_500 })).rejects.toThrow()
    expect(server.attempts).toHaveLength(2)
  })

  it('honours a Retry-After of any length within the give-up time (60 s), not only up to 30 s', () => {
    const slowDown = (seconds: number) => ({
      status: 429,
      headers: new Headers({ 'Retry-After': `${seconds}` }),
    })
    expect(specRpcRetryRules.giveUpMs).toBe(60_000)
    expect(shouldRetryRpc(slowDown(45), specRpcRetryRules)).toBe(true)
    expect(rpcRetryDelay(slowDown(45), 0, specRpcRetryRules)).toBe(45_000)
    expect(shouldRetryRpc(slowDown(45), specRpcRetryRules, 20_000)).toBe(false)
    expect(shouldRetryRpc(slowDown(61), specRpcRetryRules)).toBe(false)
  })
})

describe("viem's own http transport (why specHttp exists)", () => {
  // If one of these starts failing after a viem upgrade, viem's rules moved: re-read utils/buildRequest.ts
  // and update the comment in transport.ts.
  it('does not retry JSON-RPC -32000, which the spec retries', async () => {
    const server = await serve((_, { id }) => rpcErrorReply(id, -32000))
    const { request } = http(server.url, { retryDelay: 1 })({})
    await expect(request({ method: 'eth_chainId' })).rejects.toThrow()
    expect(server.attempts).toHaveLength(1)
  })

  it('retries JSON-RPC -32603, which the spec does not', async () => {
    const server = await serve((_, { id }) => rpcErrorReply(id, -32603))
    const { request } = http(server.url, { retryDelay: 1 })({})
    await expect(request({ method: 'eth_chainId' })).rejects.toThrow()
    expect(server.attempts).toHaveLength(4)
  })
})
