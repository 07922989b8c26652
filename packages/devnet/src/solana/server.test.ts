import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solanaTestAddresses } from './accounts.ts'
import { solanaRpcMethods } from './rpc.ts'
import { maxRequestBytes, type SolanaLocalChain, startSolanaChain } from './server.ts'
import { callRpc, postRpc, type RpcAnswer } from './testing.ts'

let solana: SolanaLocalChain

beforeAll(async () => {
  solana = await startSolanaChain({ port: 0 })
})
afterAll(() => solana.stop())

const call = (method: string, params?: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', id, method, params })

describe('the Solana JSON-RPC server', () => {
  it('starts in well under a second on free ports, the WebSocket port its own', async () => {
    const started = performance.now()
    const other = await startSolanaChain({ port: 0 })
    expect(performance.now() - started).toBeLessThan(1000)
    expect(other.port).not.toBe(solana.port)
    expect(other.wsPort).not.toBe(other.port)
    expect(other.wsUrl).toBe(`ws://127.0.0.1:${other.wsPort}`)
    await other.stop()
    await expect(fetch(other.rpcUrl, { method: 'POST', body: '{}' })).rejects.toThrow()
  })

  it('answers malformed JSON with -32700', async () => {
    const { status, json } = await postRpc(solana.rpcUrl, '{"jsonrpc":"2.0","id":1,"method":')
    expect(status).toBe(200)
    expect(json).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null })
  })

  it('answers an unknown method with -32601', async () => {
    const answer = await callRpc(solana.rpcUrl, 'getEverything', [])
    expect(answer.error?.code).toBe(-32601)
    expect(answer.id).toBe(1)
  })

  it('answers bad params with -32602 naming the problem', async () => {
    expect((await callRpc(solana.rpcUrl, 'getBalance', ['not-an-address'])).error).toEqual({
      code: -32602,
      message: 'Invalid params: address (param 0) is not a base58 public key',
    })
    expect((await callRpc(solana.rpcUrl, 'getBalance', [])).error?.message).toBe(
      'Invalid params: missing address (param 0)',
    )
    const limit = await callRpc(solana.rpcUrl, 'getSignaturesForAddress', [
      solanaTestAddresses[0],
      { limit: 5000 },
    ])
    expect(limit.error).toEqual({ code: -32602, message: 'Invalid params: Invalid limit; max 1000' })
    const encoding = await callRpc(solana.rpcUrl, 'getAccountInfo', [
      solanaTestAddresses[0],
      { encoding: 'hex' },
    ])
    expect(encoding.error?.message).toMatch(/^Invalid params: encoding must be one of/)
    const transaction = await callRpc(solana.rpcUrl, 'sendTransaction', ['AAAA', { encoding: 'base64' }])
    expect(transaction.error?.code).toBe(-32602)
    expect(transaction.error?.message).toMatch(/^Invalid params: invalid transaction/)
  })

  it('refuses a body over 1 MiB with 413', async () => {
    const { status } = await postRpc(solana.rpcUrl, `"${'x'.repeat(maxRequestBytes)}"`)
    expect(status).toBe(413)
    // The server still answers after it.
    expect((await callRpc(solana.rpcUrl, 'getHealth')).result).toBe('ok')
  })

  it('answers a batch in order, and refuses one over 100 calls', async () => {
    const { json } = await postRpc(solana.rpcUrl, [call('getHealth', [], 'a'), call('nope', [], 'b'), 7])
    expect(json).toEqual([
      { jsonrpc: '2.0', result: 'ok', id: 'a' },
      { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found: nope' }, id: 'b' },
      { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id: null },
    ])
    const tooMany = await postRpc(
      solana.rpcUrl,
      Array.from({ length: 101 }, (_, id) => call('getSlot', [], id)),
    )
    expect((tooMany.json as RpcAnswer).error?.code).toBe(-32600)
  })

  it('answers CORS preflights and GET /health', async () => {
    const preflight = await fetch(solana.rpcUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, solana-client',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type, solana-client')
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, GET, OPTIONS')
    const { headers } = await postRpc(solana.rpcUrl, call('getSlot'))
    expect(headers.get('access-control-allow-origin')).toBe('*')
    expect(await (await fetch(`${solana.rpcUrl}/health`)).text()).toBe('ok')
  })

  it('never answers 5xx, an internal error or stops answering, whatever JSON it is sent', async () => {
    const methods = Object.keys(solanaRpcMethods)
    const anyCall = fc.record(
      {
        jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue()),
        id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.jsonValue()),
        method: fc.oneof(fc.constantFrom(...methods), fc.string()),
        params: fc.oneof(
          fc.array(
            fc.oneof(
              fc.jsonValue(),
              fc.constantFrom(...solanaTestAddresses),
              fc.constantFrom('base64', 'jsonParsed'),
            ),
          ),
          fc.jsonValue(),
        ),
      },
      { requiredKeys: [] },
    )
    const body = fc.oneof(
      anyCall.map((value) => JSON.stringify(value)),
      fc.array(anyCall, { maxLength: 5 }).map((value) => JSON.stringify(value)),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string(),
    )
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const { status, json } = await postRpc(solana.rpcUrl, text)
        expect(status).toBe(200)
        const answers = Array.isArray(json) ? json : json === undefined ? [] : [json]
        for (const answer of answers) {
          expect(answer.jsonrpc).toBe('2.0')
          expect('result' in answer || (answer.error !== undefined && answer.error.code !== -32603)).toBe(
            true,
          )
        }
      }),
      { numRuns: 300 },
    )
    expect((await callRpc(solana.rpcUrl, 'getHealth')).result).toBe('ok')
  })
})
