import type { WalletListing } from '../api/types.ts'
import { hasWalletAdapters } from '../options/resolve.ts'
import type { ResolvedOptions } from '../options/types.ts'
import { createStore, type Store } from '../state/store.ts'

/** The modal's internal views (SPEC §2, plus Networks for the network picker). */
export type View =
  | 'Connect'
  | 'Account'
  | 'AllWallets'
  | 'Networks'
  | 'ConnectingExternal'
  | 'ConnectingWalletConnect'
  | 'ConnectingWalletConnectBasic'
  | 'ConnectingSiwe'
  | 'ConnectingFarcaster'
  | 'UnsupportedChain'
  | 'SIWXSignMessage'
  | 'ApproveTransaction'
  /** E-mail login: a new device's mailed link to open, then the code mailed to the address. */
  | 'EmailVerify'
  /** Social login: the provider's popup is open; cancelled or failed, a retry. */
  | 'ConnectingSocial'
  /** The embedded wallet's account moves to another e-mail address (codes mailed to both). */
  | 'UpdateEmail'
  /** Choose and register a name. */
  | 'RegisterName'
  /** The address as text and QR code, and the networks it can receive on. */
  | 'WalletReceive'
  /** Send: token, amount and receiver. */
  | 'WalletSend'
  /** Send: choose the token. */
  | 'WalletSendSelectToken'
  /** Send: check and confirm, then the wallet signs. */
  | 'WalletSendPreview'
  /** Swap: the tokens, the amount and the quote. */
  | 'Swap'
  /** Swap: choose the token to pay with or to receive. */
  | 'SwapSelectToken'
  /** Swap: check and confirm; the approval, then the swap, in the wallet. */
  | 'SwapPreview'
  /** Buy: the amount, the fiat and the token, and each on-ramp provider's quote. */
  | 'OnRampBuy'
  /** Buy: choose the token to buy. */
  | 'OnRampTokenSelect'
  /** Buy: choose the fiat currency to pay in. */
  | 'OnRampFiatSelect'
  /** Buy: the provider's checkout is open; the purchase is followed until it completes or fails. */
  | 'BuyInProgress'
  /** Buy: what buying crypto here means. */
  | 'WhatIsABuy'

export interface RouterData {
  connectorId?: string
  /** The header's title, where the view's own would not say what it shows (the frame's passphrase form). */
  title?: string
  /** A directory wallet to connect to that the browser has no connector for (ConnectingExternal). */
  wallet?: WalletListing
  /** The social login's provider (ConnectingSocial). */
  social?: string
}

export interface RouterState {
  view: View
  /** Every view visited since opening, the current one last. */
  history: readonly View[]
  data: RouterData
}

/**
 * The view `open()` starts on (SPEC §2's opening rules, in order): the view asked for; with no wallet adapters and
 * nobody connected, ConnectingWalletConnectBasic on a desktop and All Wallets on a phone (Connect with
 * `legalCheckbox`: the terms are agreed to on that list); Account once connected; else Connect.
 *
 * @example
 * openingView(client.options, client.getAccount().address) // 'Connect'
 */
export function openingView(
  options: Pick<ResolvedOptions, 'adapters' | 'basic' | 'isMobile' | 'features'>,
  address: string | undefined,
  requested?: View,
): View {
  if (requested) return requested
  if (address) return 'Account'
  if (!hasWalletAdapters(options)) {
    if (!options.isMobile()) return 'ConnectingWalletConnectBasic'
    return options.features.legalCheckbox ? 'Connect' : 'AllWallets'
  }
  return 'Connect'
}

export type BackResult = 'navigated' | 'close' | 'blocked'

export interface Router {
  store: Store<RouterState>
  /** Starts a fresh history at `view`. */
  reset(view: View, data?: RouterData): void
  push(view: View, data?: RouterData): void
  /** Replaces the current view without growing history. */
  replace(view: View, data?: RouterData): void
  /**
   * Goes back one view. From the first view the caller should close the modal; from UnsupportedChain
   * back-navigation is blocked (SPEC §2).
   */
  back(): BackResult
}

export function createRouter(): Router {
  const store = createStore<RouterState>({ view: 'Connect', history: ['Connect'], data: {} })
  return {
    store,
    reset(view, data = {}) {
      store.replace({ view, history: [view], data })
    },
    push(view, data = {}) {
      const { history } = store.getState()
      store.replace({ view, history: [...history, view], data })
    },
    replace(view, data = {}) {
      const { history } = store.getState()
      store.replace({ view, history: [...history.slice(0, -1), view], data })
    },
    back() {
      const { view, history } = store.getState()
      if (view === 'UnsupportedChain') return 'blocked'
      if (history.length <= 1) return 'close'
      const previous = history.slice(0, -1)
      store.replace({ view: previous[previous.length - 1]!, history: previous, data: {} })
      return 'navigated'
    },
  }
}
