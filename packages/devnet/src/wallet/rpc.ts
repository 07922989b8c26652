import { errorCodes, ProviderRpcError } from './errors.ts'
import type { DevWalletChain } from './types.ts'

let nextId = 1

/** The chain's RPC URL, or the EIP-1193 "chain disconnected" error for a chain the wallet cannot read. */
export function requireRpcUrl(chain: DevWalletChain): string {
  if (chain.rpcUrl) return chain.rpcUrl
  throw new ProviderRpcError(
    errorCodes.chainDisconnected,
    `Latch Dev Wallet cannot reach ${chain.name} (chain id ${chain.chainId}): it has no RPC URL.`,
  )
}

/**
 * Sends one JSON-RPC request to the chain's node and returns its result; a node error keeps its code.
 *
 * @example
 * await forwardRequest({ chainId: 31337, name: 'A', rpcUrl: 'http://127.0.0.1:8545' }, 'eth_blockNumber', [])
 */
export async function forwardRequest(
  chain: DevWalletChain,
  method: string,
  params: unknown,
): Promise<unknown> {
  const rpcUrl = requireRpcUrl(chain)
  let body: { result?: unknown; error?: { code?: number; message?: string; data?: unknown } }
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
    })
    body = await response.json()
  } catch (cause) {
    throw new ProviderRpcError(
      errorCodes.internal,
      `Latch Dev Wallet could not reach ${chain.name} at ${rpcUrl}: ${cause instanceof Error ? cause.message : String(cause)}`,
    )
  }
  if (body.error) {
    throw new ProviderRpcError(
      body.error.code ?? errorCodes.internal,
      body.error.message ?? 'RPC error',
      body.error.data,
    )
  }
  return body.result ?? null
}
