// The way to a bundler: only the methods a wallet needs, one request at a time, with a timeout and a cap on what is
// read back. The bundler itself (alto in development) is never reachable from outside: this is its only door.
import { readCapped } from '../providerHttp.ts'
import { INTERNAL_ERROR, JsonRpcError, METHOD_NOT_FOUND, SERVER_ERROR } from './jsonRpc.ts'

/**
 * What the proxy forwards: ERC-4337's `eth_*UserOperation*` methods, the EntryPoints and chain id, and the gas price
 * method standard clients (permissionless, viem with a Pimlico-compatible bundler) ask before sending.
 */
export const bundlerMethods = [
  'eth_sendUserOperation',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'eth_supportedEntryPoints',
  'eth_chainId',
  'pimlico_getUserOperationGasPrice',
] as const

/** The most read of a bundler's answer: a receipt with its logs is some KiB. */
const maxAnswerBytes = 1024 * 1024

export interface BundlerCallOptions {
  /** The bundler's JSON-RPC URL. */
  url: string
  /** How the errors name it: 'eip155:31337'. */
  name: string
  /** Milliseconds before the call is given up (default 30 s: sending waits for the bundler's simulation). */
  timeoutMs?: number
}

/**
 * Forwards one allowed request and answers its result; the bundler's JSON-RPC errors are thrown as they are (code,
 * message, data), so the caller sees the bundler's reason ('AA21 didn't pay prefund'); a bundler out of reach or
 * answering something else than JSON-RPC is a -32000 naming the chain.
 *
 * @example
 * await callBundler({ url: 'http://127.0.0.1:8791', name: 'eip155:31337' }, 'eth_supportedEntryPoints', [])
 */
export async function callBundler(
  options: BundlerCallOptions,
  method: string,
  params: unknown,
): Promise<unknown> {
  if (!(bundlerMethods as readonly string[]).includes(method))
    throw new JsonRpcError(
      METHOD_NOT_FOUND,
      `Method not found: ${method} (this bundler answers ${bundlerMethods.join(', ')})`,
    )
  const unavailable = () => new JsonRpcError(SERVER_ERROR, `The bundler for ${options.name} did not answer`)
  let text: string
  try {
    const response = await fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      redirect: 'error',
    })
    text = await readCapped(response, options.name, maxAnswerBytes)
  } catch {
    throw unavailable()
  }
  let answer: unknown
  try {
    answer = JSON.parse(text)
  } catch {
    throw unavailable()
  }
  if (typeof answer !== 'object' || answer === null) throw unavailable()
  const { result, error } = answer as { result?: unknown; error?: unknown }
  if (error !== undefined) {
    const { code, message, data } = (error ?? {}) as { code?: unknown; message?: unknown; data?: unknown }
    throw new JsonRpcError(
      typeof code === 'number' && Number.isInteger(code) ? code : INTERNAL_ERROR,
      typeof message === 'string' ? message.slice(0, 2000) : 'The bundler refused the request',
      data,
    )
  }
  if (!('result' in answer)) throw unavailable()
  return result
}
