import {
  type InfiniteData,
  type InfiniteQueryObserverOptions,
  QueryClient,
  type QueryObserverOptions,
} from '@tanstack/query-core'
import type { ResolvedOptions } from '../options/types.ts'
import type { DirectoryClient } from './directory.ts'
import type { GetWalletsParameters, WalletListing, WalletsPage } from './types.ts'

/** SPEC §9: queries retry 3 times, back-off from 1 s doubling, capped at 30 s; unused cache kept 5 minutes. */
export const QUERY_RETRIES = 3
export const QUERY_RETRY_DELAY_CAP_MS = 30_000
export const QUERY_GC_TIME_MS = 5 * 60_000
/** SPEC §9 wallet lists: pages of 40, search 100, featured 4. */
export const WALLETS_PAGE_ENTRIES = 40
export const SEARCH_ENTRIES = 100
export const FEATURED_WALLETS_LIMIT = 4
/** The server answers `/getWallets` with `Cache-Control: max-age=60`; the same freshness here. */
export const WALLETS_STALE_TIME_MS = 60_000

/** SPEC §9 back-off: 1 s, 2 s, 4 s … capped at 30 s. */
export function queryRetryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, QUERY_RETRY_DELAY_CAP_MS)
}

/**
 * A query client with SPEC §9's retry and cache rules. One per `LatchClient` (DESIGN.md rule 1).
 *
 * @example
 * const queryClient = createQueryClient()
 * await queryClient.fetchQuery(api.walletsPageQuery({ page: 1 }))
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: QUERY_RETRIES, retryDelay: queryRetryDelay, gcTime: QUERY_GC_TIME_MS },
    },
  })
}

/** What identifies a directory query besides its kind: the server, the project and every parameter sent. */
export type DirectoryQueryScope = { apiUrl: string; projectId: string | undefined }
export type WalletsQueryKey = readonly ['latch', 'wallets', DirectoryQueryScope & GetWalletsParameters]
export type WalletsInfiniteQueryKey = readonly [
  'latch',
  'walletsInfinite',
  DirectoryQueryScope & Omit<GetWalletsParameters, 'page'>,
]
export type FeaturedWalletsQueryKey = readonly [
  'latch',
  'featuredWallets',
  DirectoryQueryScope & { ids: string[] },
]

export type WalletsQueryOptions = QueryObserverOptions<
  WalletsPage,
  Error,
  WalletsPage,
  WalletsPage,
  WalletsQueryKey
>
export type WalletsInfiniteQueryOptions = InfiniteQueryObserverOptions<
  WalletsPage,
  Error,
  InfiniteData<WalletsPage, number>,
  WalletsInfiniteQueryKey,
  number
>
export type FeaturedWalletsQueryOptions = QueryObserverOptions<
  WalletListing[],
  Error,
  WalletListing[],
  WalletListing[],
  FeaturedWalletsQueryKey
>

export interface WalletsPageQueryParameters {
  /** Defaults to 1. */
  page?: number
  /** Defaults to 40 (SPEC §9). */
  entries?: number
  /** Trimmed; empty means no search. */
  search?: string
  /** CAIP-2 ids: only wallets supporting any of them. */
  chains?: readonly string[]
}

export interface WalletQueries {
  /** One page of the directory, honouring `includeWalletIds` / `excludeWalletIds`. */
  walletsPageQuery(parameters?: WalletsPageQueryParameters): WalletsQueryOptions
  /** Pages of 40 for infinite scrolling; there is a next page while fewer than `count` are loaded. */
  walletsInfiniteQuery(parameters?: { search?: string }): WalletsInfiniteQueryOptions
  /** SPEC §9 search: page 1 of up to 100 wallets matching the trimmed text. */
  searchWalletsQuery(search: string): WalletsQueryOptions
  /** The first 4 `featuredWalletIds`, in the order the app lists them; no request when there are none. */
  featuredWalletsQuery(): FeaturedWalletsQueryOptions
}

type WalletListOptions = Pick<
  ResolvedOptions,
  'projectId' | 'includeWalletIds' | 'excludeWalletIds' | 'featuredWalletIds'
>

/**
 * Query-option factories for the wallet lists of one client: pass them to `QueryObserver`,
 * `InfiniteQueryObserver` or `queryClient.fetchQuery`.
 *
 * @example
 * const queries = createWalletQueries(directory, client.options)
 * new QueryObserver(queryClient, queries.searchWalletsQuery('rain')).subscribe(render)
 */
export function createWalletQueries(directory: DirectoryClient, options: WalletListOptions): WalletQueries {
  const scope: DirectoryQueryScope = { apiUrl: directory.apiUrl, projectId: options.projectId }
  const filters = {
    ...(options.includeWalletIds.length ? { include: [...options.includeWalletIds] } : {}),
    ...(options.excludeWalletIds.length ? { exclude: [...options.excludeWalletIds] } : {}),
  }
  const trimmed = (search: string | undefined) => {
    const text = search?.trim()
    return text ? { search: text } : {}
  }

  const walletsPageQuery = (parameters: WalletsPageQueryParameters = {}): WalletsQueryOptions => {
    const wallets: GetWalletsParameters = {
      page: parameters.page ?? 1,
      entries: parameters.entries ?? WALLETS_PAGE_ENTRIES,
      ...filters,
      ...trimmed(parameters.search),
      ...(parameters.chains?.length ? { chains: [...parameters.chains] } : {}),
    }
    return {
      queryKey: ['latch', 'wallets', { ...scope, ...wallets }],
      queryFn: ({ signal }) => directory.getWallets(wallets, signal),
      staleTime: WALLETS_STALE_TIME_MS,
    }
  }

  return {
    walletsPageQuery,
    walletsInfiniteQuery(parameters = {}) {
      const wallets = { entries: WALLETS_PAGE_ENTRIES, ...filters, ...trimmed(parameters.search) }
      return {
        queryKey: ['latch', 'walletsInfinite', { ...scope, ...wallets }],
        queryFn: ({ pageParam, signal }) => directory.getWallets({ ...wallets, page: pageParam }, signal),
        initialPageParam: 1,
        getNextPageParam: (lastPage, _pages, lastPageParam) =>
          lastPageParam * WALLETS_PAGE_ENTRIES < lastPage.count && lastPage.data.length > 0
            ? lastPageParam + 1
            : undefined,
        staleTime: WALLETS_STALE_TIME_MS,
      }
    },
    searchWalletsQuery: (search) => walletsPageQuery({ page: 1, entries: SEARCH_ENTRIES, search }),
    featuredWalletsQuery() {
      const ids = options.featuredWalletIds.slice(0, FEATURED_WALLETS_LIMIT)
      return {
        queryKey: ['latch', 'featuredWallets', { ...scope, ids }],
        queryFn: async ({ signal }) => {
          if (!ids.length) return []
          const { data } = await directory.getWallets({ page: 1, entries: ids.length, include: ids }, signal)
          const byId = new Map(data.map((wallet) => [wallet.id, wallet]))
          return ids.flatMap((id) => byId.get(id) ?? [])
        },
        staleTime: WALLETS_STALE_TIME_MS,
      }
    },
  }
}
