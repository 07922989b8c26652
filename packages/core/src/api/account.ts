// An account's balances, identity, history and names: its own chunk (`api.account()`), so that an app
// showing only the wallet list does not load it.
import type { InfiniteData, InfiniteQueryObserverOptions, QueryObserverOptions } from '@tanstack/query-core'
import { type BalanceQueries, createBalanceQueries } from './balances.ts'
import { type BlockchainClient, createBlockchainClient } from './blockchain.ts'
import { type FetchFunction, HttpError } from './http.ts'
import { coinTypeOf, DEFAULT_NAME_ZONE, fullName, nameRegistrationMessage } from './names.ts'
import { QUERY_RETRIES } from './queries.ts'
import type { Identity, NameProfile, NameSuggestion, TransactionsPage } from './types.ts'

/** SPEC §9: names and identity are cached 5 minutes; history (portfolio) 30 s. */
export const IDENTITY_STALE_TIME_MS = 5 * 60_000
export const HISTORY_STALE_TIME_MS = 30_000

type Scope = { chainApiUrl: string; projectId: string | undefined }

export type IdentityQueryKey = readonly ['latch', 'identity', Scope & { address: string }]
export type HistoryQueryKey = readonly ['latch', 'history', Scope & { address: string; chainId: string }]
export type NameQueryKey = readonly ['latch', 'name', Scope & { name: string }]
export type NameSuggestionsQueryKey = readonly [
  'latch',
  'nameSuggestions',
  Scope & { label: string; zone: string },
]

export type IdentityQueryOptions = QueryObserverOptions<Identity, Error, Identity, Identity, IdentityQueryKey>
export type HistoryQueryOptions = InfiniteQueryObserverOptions<
  TransactionsPage,
  Error,
  InfiniteData<TransactionsPage, string | undefined>,
  HistoryQueryKey,
  string | undefined
>
export type NameQueryOptions = QueryObserverOptions<
  NameProfile,
  Error,
  NameProfile,
  NameProfile,
  NameQueryKey
>
export type NameSuggestionsQueryOptions = QueryObserverOptions<
  NameSuggestion[],
  Error,
  NameSuggestion[],
  NameSuggestion[],
  NameSuggestionsQueryKey
>

export interface RegisterNameParameters {
  /** The label the visitor chose, e.g. 'alice' (or the full name in the zone). */
  name: string
  address: string
  /** CAIP-2 of the network the account signs on: it picks the ENSIP-11 coin type. */
  chainId: string
  /** Signs the registration message with the visitor's wallet (`client.signMessage`). */
  signMessage(message: string): Promise<string>
  zone?: string
}

/** What the modal asks the blockchain API about the connected account. */
export interface AccountQueries extends BalanceQueries {
  /** The blockchain API at `chainApiUrl` (by default `apiUrl`). */
  readonly blockchain: BlockchainClient
  /** The account's name and avatar, fresh for 5 minutes. */
  identityQuery(address: string): IdentityQueryOptions
  /** The account's transactions on one network, in cursor pages. */
  historyQuery(address: string, chainId: string): HistoryQueryOptions
  /** A registered name and its addresses (a send's receiver), fresh for 5 minutes. */
  nameQuery(name: string): NameQueryOptions
  /** Where a name's profile points on a network (ENSIP-11 coin type), else its Ethereum address. */
  nameAddress(profile: NameProfile, caipNetworkId: string): string | undefined
  /** The label asked for (with availability) and free alternatives. */
  nameSuggestionsQuery(label: string, zone?: string): NameSuggestionsQueryOptions
  /**
   * Signs the registration message with the wallet and registers the name; then forgets the account's
   * identity and the suggestions, so the name shows everywhere at once.
   */
  registerName(parameters: RegisterNameParameters): Promise<NameProfile>
  /**
   * The account's funds moved (a send, a swap, a purchase): its tokens read past the server's cache and its
   * activity asked again, so the views show the new amounts at once rather than after the 30 s cache (SPEC §9).
   */
  refresh(address: string, chainId: string): Promise<void>
}

export interface AccountQueriesParameters {
  /** Base URL of the blockchain API, without a trailing slash. */
  chainApiUrl: string
  projectId: string | undefined
  /** Marks queries stale (the client's `queryClient.invalidateQueries`). */
  invalidate(queryKey: readonly unknown[]): Promise<void>
  /** Puts an answer in the cache (the client's `queryClient.setQueryData`). */
  setData(queryKey: readonly unknown[], data: unknown): void
  /** Defaults to the global `fetch`, looked up at call time. */
  fetch?: FetchFunction | undefined
}

/**
 * Query-option factories for an account's identity, history and names on one blockchain API (SPEC §7).
 *
 * @example
 * const queries = createAccountQueries({ chainApiUrl, projectId, invalidate, setData })
 * const identity = await queryClient.fetchQuery(queries.identityQuery('0xf39F…'))
 */
export function createAccountQueries(parameters: AccountQueriesParameters): AccountQueries {
  const { chainApiUrl, projectId, invalidate, setData } = parameters
  const blockchain = createBlockchainClient({ chainApiUrl, projectId, fetch: parameters.fetch })
  const scope: Scope = { chainApiUrl, projectId }
  const queries: AccountQueries = {
    blockchain,
    ...createBalanceQueries(blockchain, { projectId }),
    identityQuery: (address) => ({
      queryKey: ['latch', 'identity', { ...scope, address: address.toLowerCase() }],
      queryFn: ({ signal }) => blockchain.getIdentity(address, signal),
      staleTime: IDENTITY_STALE_TIME_MS,
    }),
    historyQuery: (address, chainId) => ({
      queryKey: ['latch', 'history', { ...scope, address: address.toLowerCase(), chainId }],
      queryFn: ({ pageParam, signal }) =>
        blockchain.getHistory({ address, chainId, cursor: pageParam }, signal),
      initialPageParam: undefined,
      getNextPageParam: (last) => last.next ?? undefined,
      staleTime: HISTORY_STALE_TIME_MS,
    }),
    nameQuery: (name) => ({
      queryKey: ['latch', 'name', { ...scope, name: name.trim().toLowerCase() }],
      queryFn: ({ signal }) => blockchain.getName(name.trim().toLowerCase(), signal),
      staleTime: IDENTITY_STALE_TIME_MS,
      // Retried like any query (SPEC §9), except a name nobody holds: that is an answer.
      retry: (failures, error) =>
        failures < QUERY_RETRIES && !(error instanceof HttpError && error.status === 404),
    }),
    nameAddress: (profile, caipNetworkId) =>
      (profile.addresses[String(coinTypeOf(caipNetworkId))] ?? profile.addresses['60'])?.address,
    nameSuggestionsQuery: (label, zone = DEFAULT_NAME_ZONE) => ({
      queryKey: ['latch', 'nameSuggestions', { ...scope, label: label.trim().toLowerCase(), zone }],
      queryFn: ({ signal }) => blockchain.getNameSuggestions(label.trim().toLowerCase(), zone, signal),
      // SPEC §9: names are cached 5 minutes; registering one forgets the suggestions (registerName).
      staleTime: IDENTITY_STALE_TIME_MS,
    }),
    async registerName({ name, address, chainId, signMessage, zone }) {
      const message = nameRegistrationMessage(fullName(name, zone))
      const signature = await signMessage(message)
      const profile = await blockchain.registerName({
        coin_type: coinTypeOf(chainId),
        address,
        message,
        signature,
      })
      await Promise.all([
        invalidate(queries.identityQuery(address).queryKey),
        invalidate(['latch', 'nameSuggestions']),
      ])
      return profile
    },
    async refresh(address, chainId) {
      const balances = await blockchain.getBalances({ address, chainId, forceUpdate: true })
      setData(queries.balancesQuery(address, chainId).queryKey, balances)
      await invalidate(['latch', 'history'])
    },
  }
  return queries
}
