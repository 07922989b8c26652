// What every RPC method handler shares: its signature and the `{ context, value }` wrapper.
import type { SolanaChain } from './chain.ts'

/** The agave version the chain reports (getVersion, every context's apiVersion). */
export const solanaRpcApiVersion = '2.3.0'

/** One JSON-RPC method: positional params in, the `result` out (or an RpcError thrown). */
export type RpcMethod = (params: unknown[], chain: SolanaChain) => unknown

/**
 * The RPC's `{ context: { apiVersion, slot }, value }` answer.
 *
 * @example
 * withContext(chain, 5000n) // { context: { apiVersion: '2.3.0', slot: 12n }, value: 5000n }
 */
export function withContext<T>(
  chain: SolanaChain,
  value: T,
): { context: { apiVersion: string; slot: bigint }; value: T } {
  return { context: { apiVersion: solanaRpcApiVersion, slot: chain.slot }, value }
}
