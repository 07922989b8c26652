import type { InfiniteData, InfiniteQueryObserverOptions, QueryObserverOptions } from '@tanstack/query-core'
import type { BlockchainClient } from './blockchain.ts'
import type { Identity, NameProfile, NameSuggestion, TransactionsPage } from './types.ts'

/** SPEC §9: names and identity are cached 5 minutes; history (portfolio) 30 s. */
export const IDENTITY_STALE_TIME_MS = 5 * 60_000
export const HISTORY_STALE_TIME_MS = 30_000

/** Names live in this zone unless the app picks another (`names.zone`). */
export const DEFAULT_NAME_ZONE = 'latch.id'

type Scope = { chainApiUrl: string; projectId: string | undefined }

export type IdentityQueryKey = readonly ['latch', 'identity', Scope & { address: string }]
export type HistoryQueryKey = readonly ['latch', 'history', Scope & { address: string; chainId: string }]
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

export interface AccountQueries {
  /** The account's name and avatar, fresh for 5 minutes. */
  identityQuery(address: string): IdentityQueryOptions
  /** The account's transactions on one network, in cursor pages. */
  historyQuery(address: string, chainId: string): HistoryQueryOptions
  /** The label asked for (with availability) and free alternatives. */
  nameSuggestionsQuery(label: string, zone?: string): NameSuggestionsQueryOptions
  /**
   * Signs the registration message with the wallet and registers the name; then forgets the account's
   * identity and the suggestions, so the name shows everywhere at once.
   */
  registerName(parameters: RegisterNameParameters): Promise<NameProfile>
}

/**
 * ENSIP-11 coin type of an EVM network: 60 for Ethereum, `0x80000000 | chainId` for the others.
 *
 * @example
 * coinTypeOf('eip155:31337') // 2147514985
 */
export function coinTypeOf(caipNetworkId: string): number {
  const chainId = Number(caipNetworkId.split(':')[1])
  return chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0
}

/**
 * The full name for a label: trimmed, lower-case, in `zone` unless it already names that zone.
 *
 * @example
 * fullName(' Alice ') // 'alice.latch.id'
 */
export function fullName(label: string, zone = DEFAULT_NAME_ZONE): string {
  const name = label.trim().toLowerCase()
  return name.endsWith(`.${zone}`) ? name : `${name}.${zone}`
}

/**
 * The message a wallet signs to register `name`: JSON naming the name and the time, so the server can
 * refuse it for another name, twice, or late.
 */
export function nameRegistrationMessage(name: string, now = Date.now()): string {
  return JSON.stringify({ name, attributes: {}, timestamp: Math.floor(now / 1000) })
}

/**
 * Query-option factories for an account's identity, history and names.
 *
 * @example
 * const queries = createAccountQueries(blockchain, client.options, queryClient)
 * const identity = await queryClient.fetchQuery(queries.identityQuery('0xf39F…'))
 */
export function createAccountQueries(
  blockchain: BlockchainClient,
  options: { projectId: string | undefined },
  invalidate: (queryKey: readonly unknown[]) => Promise<void>,
): AccountQueries {
  const scope: Scope = { chainApiUrl: blockchain.chainApiUrl, projectId: options.projectId }
  const queries: AccountQueries = {
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
    nameSuggestionsQuery: (label, zone = DEFAULT_NAME_ZONE) => ({
      queryKey: ['latch', 'nameSuggestions', { ...scope, label: label.trim().toLowerCase(), zone }],
      queryFn: ({ signal }) => blockchain.getNameSuggestions(label.trim().toLowerCase(), zone, signal),
      staleTime: 30_000,
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
  }
  return queries
}
