import { type AnalyticsProperties, createAnalytics } from '../analytics/analytics.ts'
import type { AnalyticsEventName } from '../api/types.ts'
import type { ResolvedOptions } from '../options/types.ts'
import { getRecentWallets } from '../persistence/recent.ts'
import { createRouter, type Router } from '../router/router.ts'
import { type AccountsStore, createAccountsStore } from '../state/account.ts'
import { type ConnectionState, createConnectionStore } from '../state/connection.ts'
import { createModalStore, type ModalStore } from '../state/modal.ts'
import { createNetworkStore, type NetworkState } from '../state/network.ts'
import { createSendStore, type SendState } from '../state/send.ts'
import { createSnackStore, type SnackStore } from '../state/snack.ts'
import { createStore, type Store } from '../state/store.ts'
import { createThemeStore, type ThemeState } from '../state/theme.ts'
import type { ChainNamespace, Connector } from '../types.ts'

export interface ConnectorsState {
  /** Every discovered connector, ordered by `connectorTypeOrder`. */
  list: readonly Connector[]
  /** Recent connector ids, most recent first. */
  recent: readonly string[]
}

/** The stores of one client, one per concern (DESIGN.md rule 2). */
export interface ClientStores {
  readonly modal: ModalStore
  readonly router: Router
  readonly connection: Store<ConnectionState>
  readonly accounts: AccountsStore
  readonly network: Store<NetworkState>
  readonly connectors: Store<ConnectorsState>
  readonly snack: SnackStore
  readonly send: Store<SendState>
  readonly theme: Store<ThemeState>
}

/** What the client's parts share: the options, the stores and a few derived helpers. */
export interface ClientContext extends ClientStores {
  readonly options: ResolvedOptions
  debug(...args: unknown[]): void
  activeNamespace(): ChainNamespace
  /** Closes the modal; in embedded mode routes to Account if connected, otherwise Connect (SPEC §2). */
  closeModal(): void
  /**
   * When set and true, closing only shakes the modal. Sign-in sets it (SPEC §4: closing is disabled on the
   * sign and approve views while sign-in is required and there is no session).
   */
  closeGuard?: (() => boolean) | undefined
  /** The connector a silent reconnect is asking right now, if any: a connect to it waits for its turn. */
  reconnecting?: string | undefined
  /** Reports an analytics event; a no-op unless `features.analytics` and `apiUrl`. Never throws. */
  track(event: AnalyticsEventName, properties?: AnalyticsProperties): void
  /** Stops analytics (its timer and page listeners). */
  stopAnalytics(): void
}

export function createClientContext(options: ResolvedOptions): ClientContext {
  const stores: ClientStores = {
    modal: createModalStore(),
    router: createRouter(),
    connection: createConnectionStore(),
    accounts: createAccountsStore(),
    network: createNetworkStore(options.defaultNetwork),
    connectors: createStore<ConnectorsState>({ list: [], recent: getRecentWallets(options.storage) }),
    snack: createSnackStore(),
    send: createSendStore(),
    theme: createThemeStore(options.themeMode, options.themeVariables),
  }
  const debug = (...args: unknown[]) => {
    if (options.debug) console.debug('[latch]', ...args)
  }
  const activeNamespace = () => stores.network.getState().activeNamespace
  const analytics = createAnalytics({
    options,
    snack: stores.snack,
    debug,
    address: () => stores.accounts.get(activeNamespace()).address,
  })
  const context: ClientContext = {
    ...stores,
    options,
    debug,
    activeNamespace,
    closeModal() {
      if (context.closeGuard?.()) {
        stores.modal.triggerShake()
        return
      }
      if (options.embedded) {
        stores.router.reset(stores.connection.getState().status === 'connected' ? 'Account' : 'Connect')
        return
      }
      const wasOpen = stores.modal.getState().open
      stores.modal.setOpen(false)
      if (wasOpen) {
        analytics.track('MODAL_CLOSE', { connected: stores.connection.getState().status === 'connected' })
      }
    },
    track: analytics.track,
    stopAnalytics: analytics.destroy,
  }
  return context
}
