import { InfiniteQueryObserver, type QueryClient, QueryObserver } from '@tanstack/query-core'
import { ApiNotConfiguredError } from '../errors/BaseError.ts'
import type { ResolvedOptions } from '../options.ts'
import { type AccountQueries, createAccountQueries } from './account.ts'
import { type BalanceQueries, createBalanceQueries } from './balances.ts'
import { type BlockchainClient, createBlockchainClient } from './blockchain.ts'
import { createDirectoryClient, type DirectoryClient } from './directory.ts'
import type { FetchFunction } from './http.ts'
import { createQueryClient, createWalletQueries, type WalletQueries } from './queries.ts'

/**
 * The server side of one client, loaded on first use (`client.api()`): its query client, the directory and
 * blockchain API calls, and their query options. The observer classes come along so views need not import
 * query-core.
 */
export interface LatchApi extends WalletQueries, BalanceQueries, AccountQueries {
  readonly queryClient: QueryClient
  readonly directory: DirectoryClient
  /** The blockchain API at `chainApiUrl` (by default `apiUrl`). */
  readonly blockchain: BlockchainClient
  readonly QueryObserver: typeof QueryObserver
  readonly InfiniteQueryObserver: typeof InfiniteQueryObserver
  /** Cancels queries and forgets the cache; the client calls it on `destroy()`. */
  destroy(): void
}

/**
 * Builds the API of a client whose options name an `apiUrl`.
 *
 * @example
 * const api = createApi(client)
 * const page = await api.queryClient.fetchQuery(api.walletsPageQuery({ page: 1 }))
 */
export function createApi(client: { options: ResolvedOptions }, fetch?: FetchFunction): LatchApi {
  const { apiUrl, chainApiUrl = apiUrl, projectId } = client.options
  if (!apiUrl || !chainApiUrl) throw new ApiNotConfiguredError()
  const directory = createDirectoryClient({ apiUrl, projectId, fetch })
  const blockchain = createBlockchainClient({ chainApiUrl, projectId, fetch })
  const queryClient = createQueryClient()
  queryClient.mount()
  return {
    queryClient,
    directory,
    blockchain,
    ...createWalletQueries(directory, client.options),
    ...createBalanceQueries(blockchain, client.options),
    ...createAccountQueries(blockchain, client.options, (queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
    QueryObserver,
    InfiniteQueryObserver,
    destroy() {
      queryClient.unmount()
      queryClient.clear()
    },
  }
}
