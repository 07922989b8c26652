import type { AccountType, CaipAddress, ChainNamespace } from '../types.ts'
import { createStore, type Store } from './store.ts'

export type BalanceStatus = 'idle' | 'loading' | 'ready' | 'unavailable'

/** SPEC §9: pending transactions kept (the newest). */
export const PENDING_TRANSACTIONS_LIMIT = 99

/** A transaction sent through the modal that the history may not list yet. */
export interface PendingTransaction {
  hash: string
  /** CAIP-2 of the network it was sent on. */
  chainId: string
  from: string
  to: string
  /** Native value in base units, as decimal text. */
  value: string
  /** Epoch milliseconds. */
  sentAt: number
}

/** Account state per chain namespace (SPEC §3). */
export interface AccountState {
  caipAddress: CaipAddress | undefined
  address: string | undefined
  /** Floored to 3 decimals for display (SPEC §5). */
  balance: string | undefined
  balanceSymbol: string | undefined
  balanceStatus: BalanceStatus
  profileName: string | undefined
  profileImage: string | undefined
  status: 'disconnected' | 'connecting' | 'connected' | 'reconnecting'
  tokenBalance: readonly unknown[]
  smartAccountDeployed: boolean
  preferredAccountTypes: Partial<Record<ChainNamespace, AccountType>>
  socialProvider: string | undefined
  allAccounts: readonly string[]
  user: { email?: string; username?: string } | undefined
  connectedWalletInfo: { name: string; icon?: string | undefined } | undefined
  addressExplorerUrl: string | undefined
  /** Sent through the modal, newest first, at most {@link PENDING_TRANSACTIONS_LIMIT}. */
  pendingTransactions: readonly PendingTransaction[]
}

export function initialAccountState(): AccountState {
  return {
    caipAddress: undefined,
    address: undefined,
    balance: undefined,
    balanceSymbol: undefined,
    balanceStatus: 'idle',
    profileName: undefined,
    profileImage: undefined,
    status: 'disconnected',
    tokenBalance: [],
    smartAccountDeployed: false,
    preferredAccountTypes: {},
    socialProvider: undefined,
    allAccounts: [],
    user: undefined,
    connectedWalletInfo: undefined,
    addressExplorerUrl: undefined,
    pendingTransactions: [],
  }
}

export type AccountsState = Partial<Record<ChainNamespace, AccountState>>

export interface AccountsStore extends Store<AccountsState> {
  get(namespace: ChainNamespace): AccountState
  update(namespace: ChainNamespace, patch: Partial<AccountState>): void
  reset(namespace: ChainNamespace): void
}

export function createAccountsStore(): AccountsStore {
  const store = createStore<AccountsState>({})
  return {
    ...store,
    get: (namespace) => store.getState()[namespace] ?? initialAccountState(),
    update(namespace, patch) {
      store.setState((state) => ({
        [namespace]: { ...(state[namespace] ?? initialAccountState()), ...patch },
      }))
    },
    reset(namespace) {
      store.setState({ [namespace]: undefined })
    },
  }
}
