import { createPublicClient, type HttpTransportConfig, http, type PublicClient } from 'viem'
import type { ChainConfig } from './types.ts'

/** What a client is for: each use has its own transport (batching, retries, timeout). */
export type ChainClientUse = 'balances' | 'indexer' | 'signatures' | 'swaps'

const transports = {
  // One balance read is one HTTP request; few retries: a chain that is down should not hold up the others' answer.
  balances: { batch: true, retryCount: 2, timeout: 5000 },
  // A round's blocks and receipts go in large batches; a failed round is retried by the indexer's own backoff.
  indexer: { batch: { batchSize: 200 }, retryCount: 0, timeout: 10_000 },
  // A sign-in, a name registration or a sponsorship waits on the answer: one retry, then the chain counts as unreachable.
  signatures: { retryCount: 1, timeout: 5000 },
  // A quote's calls (the router's amounts, the pools' reserves) go as one request; a visitor waits on it.
  swaps: { batch: true, retryCount: 1, timeout: 5000 },
} as const satisfies Record<ChainClientUse, HttpTransportConfig>

/**
 * A read-only viem client for a configured chain, over HTTP to its `rpcUrl`, with the transport its use needs.
 *
 * @example
 * const client = chainClient(chain, 'balances')
 * await client.getBalance({ address })
 */
export function chainClient(chain: Pick<ChainConfig, 'rpcUrl'>, use: ChainClientUse): PublicClient {
  return createPublicClient({ transport: http(chain.rpcUrl, transports[use]) })
}
