import { InfiniteQueryObserver, type QueryClient, QueryObserver } from '@tanstack/query-core'
import { ApiNotConfiguredError } from '../errors/BaseError.ts'
import type { ResolvedOptions } from '../options/types.ts'
import { lazy } from '../utils/lazy.ts'
import type { AccountQueries } from './account.ts'
import { createDirectoryClient, type DirectoryClient } from './directory.ts'
import type { FetchFunction } from './http.ts'
import { createQueryClient, createWalletQueries, type WalletQueries } from './queries.ts'

/**
 * The server side of one client, loaded on first use (`client.api()`): its query client, the directory and
 * blockchain API calls, and their query options. The observer classes come along so views need not import
 * query-core.
 */
export interface LatchApi extends WalletQueries {
  readonly queryClient: QueryClient
  readonly directory: DirectoryClient
  readonly QueryObserver: typeof QueryObserver
  readonly InfiniteQueryObserver: typeof InfiniteQueryObserver
  /**
   * The blockchain API: the account's balances, identity, history and names. Loaded on first call (its own
   * chunk), then the same object.
   */
  account(): Promise<AccountQueries>
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
  const queryClient = createQueryClient()
  queryClient.mount()
  // Its own chunk, loaded by the first view that shows account data (and again after a failed request).
  const account = lazy(() =>
    import('./account.ts').then(({ createAccountQueries }) =>
      createAccountQueries({
        chainApiUrl,
        projectId,
        fetch,
        invalidate: (queryKey) => queryClient.invalidateQueries({ queryKey }),
        setData: (queryKey, data) => queryClient.setQueryData(queryKey, data),
      }),
    ),
  )
  return {
    queryClient,
    directory,
    ...createWalletQueries(directory, client.options),
    QueryObserver,
    InfiniteQueryObserver,
    account: account.load,
    destroy() {
      queryClient.unmount()
      queryClient.clear()
    },
  }
}
