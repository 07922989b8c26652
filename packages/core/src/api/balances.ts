import type { QueryObserverOptions } from '@tanstack/query-core'
import { BaseError } from '../errors/BaseError.ts'
import type { BlockchainClient } from './blockchain.ts'
import type { TokenBalance } from './types.ts'

/** SPEC §9: balances stay fresh 30 s; after a failure no retry for 30 s. */
export const TOKEN_BALANCE_STALE_TIME_MS = 30_000
export const TOKEN_BALANCE_RETRY_MS = 30_000

/**
 * SPEC §8: the token list could not be loaded. No new request is sent before `retryAt` (SPEC §9: balance
 * retry 30 s); `cause` is what failed, e.g. an `HttpError`.
 */
export class TokenBalanceUnavailableError extends BaseError {
  override name = 'TokenBalanceUnavailableError'
  /** Epoch milliseconds from which a retry may be sent. */
  readonly retryAt: number

  constructor(cause: unknown, retryAt: number) {
    super('Token Balance Unavailable', { cause })
    this.retryAt = retryAt
  }
}

export type BalancesQueryKey = readonly [
  'latch',
  'balances',
  { chainApiUrl: string; projectId: string | undefined; address: string; chainId: string },
]
export type BalancesQueryOptions = QueryObserverOptions<
  TokenBalance[],
  Error,
  TokenBalance[],
  TokenBalance[],
  BalancesQueryKey
>

export interface BalanceQueries {
  /**
   * The token balances of `address` on `caipNetworkId`, as the server lists them (filter them for display
   * with `tokensToShow`). A failure rejects with `TokenBalanceUnavailableError`; until its `retryAt` every
   * refetch answers that error again without a request.
   */
  balancesQuery(address: string, caipNetworkId: string): BalancesQueryOptions
}

/**
 * Query-option factories for the blockchain API of one client.
 *
 * @example
 * const queries = createBalanceQueries(blockchain, client.options)
 * const balances = await queryClient.fetchQuery(queries.balancesQuery(address, 'eip155:1'))
 */
export function createBalanceQueries(
  blockchain: BlockchainClient,
  options: { projectId: string | undefined },
): BalanceQueries {
  // The last failure per account and network, kept here rather than in the query so that no fetch path
  // (refetch, invalidation, a new observer, window focus) can send a request before its retryAt.
  const failures = new Map<string, TokenBalanceUnavailableError>()

  return {
    balancesQuery(address, chainId) {
      const key = `${chainId} ${address}`
      return {
        queryKey: [
          'latch',
          'balances',
          { chainApiUrl: blockchain.chainApiUrl, projectId: options.projectId, address, chainId },
        ],
        queryFn: async ({ signal }) => {
          const failed = failures.get(key)
          if (failed && Date.now() < failed.retryAt) throw failed
          try {
            const balances = await blockchain.getBalances({ address, chainId }, signal)
            failures.delete(key)
            return balances
          } catch (cause) {
            // A cancelled request (the view closed) is not the server failing.
            if (signal.aborted) throw cause
            const error = new TokenBalanceUnavailableError(cause, Date.now() + TOKEN_BALANCE_RETRY_MS)
            failures.set(key, error)
            throw error
          }
        },
        staleTime: TOKEN_BALANCE_STALE_TIME_MS,
        retry: false,
      }
    },
  }
}
