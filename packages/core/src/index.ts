export type { AnalyticsProperties } from './analytics/analytics.ts'
export type { AccountQueries, RegisterNameParameters } from './api/account.ts'
export type { LatchApi } from './api/api.ts'
export type {
  BalanceQueries,
  BalancesQueryKey,
  BalancesQueryOptions,
  TokenBalanceUnavailableError,
} from './api/balances.ts'
export type { BlockchainClient } from './api/blockchain.ts'
export type { DirectoryClient } from './api/directory.ts'
export { HttpError } from './api/http.ts'
export { networkImageUrl } from './api/images.ts'
export { labelProblem, NAME_MAX_LENGTH, NAME_MIN_LENGTH } from './api/nameLabel.ts'
export { coinTypeOf, DEFAULT_NAME_ZONE, fullName, nameRegistrationMessage } from './api/names.ts'
export type {
  FeaturedWalletsQueryKey,
  FeaturedWalletsQueryOptions,
  WalletsInfiniteQueryKey,
  WalletsInfiniteQueryOptions,
  WalletsPageQueryParameters,
  WalletsQueryKey,
  WalletsQueryOptions,
} from './api/queries.ts'
export type * from './api/types.ts'
export * from './caip/caip.ts'
export { getCallsStatus, type SendCallsParameters, sendCalls } from './calls/calls.ts'
export type * from './client/actionTypes.ts'
export * from './connectors/order.ts'
export {
  ADAPTER_LOAD_TIMEOUT_MS,
  BALANCE_CACHE_MS,
  type ConnectorsState,
  createLatch,
  type LatchClient,
  type OpenParameters,
} from './createLatch.ts'
export * from './errors/index.ts'
export * from './format/format.ts'
export { floorDecimal, formatUsd, tokensToShow } from './format/tokens.ts'
export {
  groupTransactions,
  isSpamOnly,
  type TransactionMonth,
  type TransactionYear,
  transactionsToShow,
  transactionTitle,
  transferText,
} from './format/transactions.ts'
export {
  connectFarcaster,
  type FarcasterLoginState,
  farcasterLogin,
  stopFarcaster,
} from './frame/farcaster.ts'
export {
  connectSocial,
  connectTelegram,
  SOCIAL_WAIT_MS,
  type SocialLoginState,
  socialLogin,
} from './frame/social.ts'
export {
  type OfferedSocial,
  offeredSocials,
  openSocialPopup,
  rememberedSocial,
  socialsFor,
} from './frame/socials.ts'
export type { EmailLoginState, FrameFailure, FrameSession, FrameUser } from './frame/types.ts'
export * from './onramp/onramp.ts'
export * from './options/defaults.ts'
export * from './options/resolve.ts'
export * from './options/types.ts'
export { getRecentWallets, RECENT_WALLETS_LIMIT, STORAGE_PREFIX } from './persistence/recent.ts'
export * from './router/router.ts'
export * from './send/controller.ts'
export * from './send/send.ts'
export type { SiwxController, SiwxState } from './siwx/siwx.ts'
export type * from './siwx/types.ts'
export {
  type AccountState,
  type BalanceStatus,
  PENDING_TRANSACTIONS_LIMIT,
  type PendingTransaction,
} from './state/account.ts'
export type { ConnectFailure, ConnectionState, ConnectionStatus } from './state/connection.ts'
export { type ModalState, SHAKE_MS } from './state/modal.ts'
export type { NetworkState } from './state/network.ts'
export { initialSendState, type SendState } from './state/send.ts'
export { SNACK_HIDE_MS, SNACK_SWAP_MS, type SnackState, type SnackVariant } from './state/snack.ts'
export { createStore, type Store } from './state/store.ts'
export type { ThemeState } from './state/theme.ts'
export * from './swap/convert.ts'
export * from './swap/swap.ts'
export type * from './types.ts'
export { type Lazy, lazy } from './utils/lazy.ts'
export { whenIdle } from './utils/whenIdle.ts'
export { withTimeout } from './utils/withTimeout.ts'
export * from './validation/address.ts'
export { SDK_TYPE, SDK_VERSION } from './version.ts'
export * from './walletConnect/pairing.ts'
