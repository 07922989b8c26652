// The wallet-directory and analytics API shapes (SPEC §3, §7) shared by the client and, as pure types, the
// server. No runtime code here: this file is safe to import from anywhere.

/** A wallet of the directory as `GET /getWallets` returns it (SPEC §3 plus store links, injected ids, order). */
export interface WalletListing {
  id: string
  name: string
  image_id: string | null
  /** Absolute URL of the wallet's image on the server that answered. Clients build their own from image_id. */
  image_url: string | null
  rdns: string | null
  /** CAIP-2 network ids. */
  chains: string[]
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  chrome_store: string | null
  homepage: string | null
  injected: { namespace: string; injected_id: string }[]
  badge_type: 'certified' | 'none'
  order: number
}

export interface WalletsPage {
  /** Wallets matching the query (all pages). */
  count: number
  data: WalletListing[]
}

/** `GET /getWallets` query (SPEC §7). Lists are sent comma-separated. */
export interface GetWalletsParameters {
  page: number
  entries: number
  include?: readonly string[]
  exclude?: readonly string[]
  search?: string
  badge_type?: 'certified' | 'none'
  /** CAIP-2 network ids. */
  chains?: readonly string[]
}

export interface AnalyticsConfig {
  isAnalyticsEnabled: boolean
}

/** The events the modal reports. */
export type AnalyticsEventName =
  | 'MODAL_OPEN'
  | 'MODAL_CLOSE'
  | 'SELECT_WALLET'
  | 'CONNECT_SUCCESS'
  | 'CONNECT_ERROR'
  | 'DISCONNECT_SUCCESS'
  | 'SWITCH_NETWORK'

/** One event of `POST /e` (SPEC §7): the body is one of these or an array of up to 100. */
export interface AnalyticsEvent {
  /** A UUID; the server stores each (project, eventId) once, so a resent batch is harmless. */
  eventId: string
  url: string
  domain: string
  /** Milliseconds since the epoch. */
  timestamp: number
  props: {
    type: 'track'
    event: AnalyticsEventName
    /** The connected address, when there is one. */
    address?: string
    properties?: Record<string, string | number | boolean | null>
  }
}

/** A token the account holds (SPEC §3 Token balance), as `GET /v1/account/{address}/balance` lists it. */
export interface TokenBalance {
  name: string
  symbol: string
  /** CAIP-2 network id. */
  chainId: string
  /** CAIP-10 id of the token contract; absent for the network's own coin. */
  address?: string
  /** What the holding is worth in `currency` (USD); absent when the server knows no price. */
  value?: number
  /** The price of one token in `currency`; absent when the server knows none. */
  price?: number
  quantity: {
    /** The token's decimals, as a string. '0' marks a token the modal does not list (SPEC §5). */
    decimals: string
    /** The amount held as an exact decimal, e.g. '12.5'. */
    numeric: string
  }
  iconUrl: string
}

/** `GET /v1/account/{address}/balance` (SPEC §7): the non-zero balances of an account. */
export interface BalancesResponse {
  balances: TokenBalance[]
}

/** `GET /v1/account/{address}/balance` query (SPEC §7). */
export interface GetBalancesParameters {
  /** The account's plain address (not CAIP-10). */
  address: string
  /** CAIP-2 network id. */
  chainId: string
  /** Skip the server's 30 s cache. */
  forceUpdate?: boolean
}

/** `GET /v1/identity/{address}` (SPEC §7): the account's name and avatar, when it has them. */
export interface Identity {
  name: string | null
  avatar: string | null
}

/** What moved in a transaction, seen from the account whose history it is (SPEC §3 Transaction). */
export interface TransactionTransfer {
  fungible_info?: { name: string; symbol: string; icon: { url: string } | null }
  nft_info?: { name: string; content: { preview: { url: string } | null }; flags: { is_spam: boolean } }
  direction: 'in' | 'out' | 'self'
  quantity: {
    /** Whole units as an exact decimal, e.g. '1.5'. */
    numeric: string
  }
  /** What the transfer was worth in USD, when the server knows a price. */
  value?: number
  price?: number
}

export type TransactionOperationType =
  | 'send'
  | 'receive'
  /** Something went out and something else came in (a swap). */
  | 'trade'
  | 'execute'
  | 'deploy'
  | 'approve'
  | 'mint'
  | 'burn'

/** One transaction of an account's history (SPEC §3). */
export interface Transaction {
  /** `<CAIP-2>:<hash>`. */
  id: string
  metadata: {
    operationType: TransactionOperationType
    hash: string
    /** ISO 8601. */
    minedAt: string
    sentFrom: string
    sentTo: string | null
    status: 'confirmed' | 'failed' | 'pending'
    nonce: number
    /** CAIP-2. */
    chain: string
  }
  transfers: TransactionTransfer[]
}

/** `GET /v1/account/{account}/history` (SPEC §7): one page, newest first; `next` is the cursor of the next. */
export interface TransactionsPage {
  data: Transaction[]
  next: string | null
}

/** A registered name (`GET /v1/profile/account/{name}`, `GET /v1/profile/reverse/{address}`). */
export interface NameProfile {
  /** The full name, e.g. 'alice.latch.id'. */
  name: string
  /** Unix seconds. */
  registered: number
  updated: number
  /** By ENSIP-11 coin type. */
  addresses: Record<string, { address: string; created: number }>
  attributes: Record<string, string>
}

/** `GET /v1/profile/suggestions/{name}`: the name asked for first, then free alternatives. */
export interface NameSuggestion {
  name: string
  registered: boolean
}

/** `POST /v1/profile/account` (SPEC §7). */
export interface RegisterNameBody {
  coin_type: number
  address: string
  /** JSON `{"name","attributes","timestamp"}` as the wallet signed it. */
  message: string
  signature: string
}
