import type { AnalyticsProperties } from './analytics/analytics.ts'
import type { LatchApi } from './api/api.ts'
import type { AnalyticsEventName } from './api/types.ts'
import type { Actions } from './client/actions.ts'
import type {
  ConnectParameters,
  RefreshParameters,
  SendTransactionParameters,
  SendTransactionReturnType,
  SignMessageParameters,
  SignMessageReturnType,
  SwitchNetworkParameters,
} from './client/actionTypes.ts'
import { createAdapterRegistry } from './client/adapters.ts'
import { createBalanceReader } from './client/balance.ts'
import { type ClientStores, createClientContext } from './client/context.ts'
import { createIdentityReader } from './client/identity.ts'
import { createSession } from './client/session.ts'
import { ApiNotConfiguredError, BaseError } from './errors/BaseError.ts'
import type { FrameSession } from './frame/types.ts'
import { resolveOptions } from './options/resolve.ts'
import type { LatchOptions, ResolvedOptions } from './options/types.ts'
import { getStoredConnections } from './persistence/recent.ts'
import { openingView, type RouterData, type View } from './router/router.ts'
import type { SiwxController } from './siwx/siwx.ts'
import type { AccountState } from './state/account.ts'
import type { ThemeState } from './state/theme.ts'
import type { ChainAdapter, ChainNamespace } from './types.ts'
import { lazy } from './utils/lazy.ts'
import { withTimeout } from './utils/withTimeout.ts'

export { BALANCE_CACHE_MS } from './client/balance.ts'
export type { ConnectorsState } from './client/context.ts'

export interface OpenParameters {
  view?: View
  data?: RouterData
}

/** How long `open()` waits for the adapters' code before it stops showing the loading state. */
export const ADAPTER_LOAD_TIMEOUT_MS = 15_000

/** One Latch instance: all state and every action of the modal (DESIGN.md rule 1). */
export interface LatchClient extends ClientStores {
  readonly options: ResolvedOptions
  setThemeMode(mode: ThemeState['mode']): void
  /** Opens the modal at the view the opening rules choose (SPEC §2). Always settles. */
  open(parameters?: OpenParameters): Promise<void>
  close(): void
  /** Back-navigation: closes from the first view, blocked on UnsupportedChain. */
  back(): void
  /**
   * Connects through a discovered connector. Rejects with a typed error; the view shows declined / retry. A
   * WalletConnect connector pairs as `connectWalletConnect` does. With the modal open, the modal first shows the
   * connector's Connecting view (ConnectingWalletConnect for WalletConnect, else ConnectingExternal).
   */
  connect(connectorId: ConnectParameters): Promise<void>
  /**
   * Starts a WalletConnect pairing, or keeps the one in progress while its link is good. The URI lands in
   * `connection` (`wcUri`, `wcPairingExpiry`) for the QR code and the wallets' links; it is renewed shortly
   * before it expires while the modal is open, and given up when the modal closes (SPEC §4). Resolves once a
   * wallet connects; rejects with 'WalletConnect is not available' without the `walletConnect` option.
   */
  connectWalletConnect(): Promise<void>
  disconnect(): Promise<void>
  switchNetwork(network: SwitchNetworkParameters): Promise<void>
  /** Silent reconnect of the stored connection, recent connectors first (SPEC §4). */
  reconnect(): Promise<void>
  refreshBalance(parameters?: RefreshParameters): Promise<void>
  /**
   * The account's funds moved: its native balance, tokens and activity read afresh together, past their 30 s caches
   * (SPEC §9). Latch does it after its own sends, swaps and purchases; call it after funds move by other means.
   */
  refreshAccount(): Promise<void>
  /**
   * Reads the account's name and avatar (`GET /v1/identity`) into `profileName` / `profileImage`; cached
   * 5 minutes unless `force`. Done on connect and account change; call it after registering a name.
   */
  refreshIdentity(parameters?: RefreshParameters): Promise<void>
  signMessage(message: SignMessageParameters): Promise<SignMessageReturnType>
  sendTransaction(parameters: SendTransactionParameters): Promise<SendTransactionReturnType>
  /** Loads the adapter of a namespace (lazily, once). */
  getAdapter(namespace: ChainNamespace): Promise<ChainAdapter>
  /** Account state of the active namespace. */
  getAccount(): AccountState
  /**
   * The wallet directory of the `apiUrl` server: loaded on first call (its own chunk), then the same object.
   * Rejects with `ApiNotConfiguredError` when the client has no `apiUrl`.
   */
  api(): Promise<LatchApi>
  /** What `api()` has loaded, else undefined: a view mounted again renders the directory in its first commit. */
  loadedApi(): LatchApi | undefined
  /**
   * Reports an analytics event (`POST /e`, batched). A no-op unless `features.analytics` is on and `apiUrl`
   * is set; never throws and never waits.
   */
  track(event: AnalyticsEventName, properties?: AnalyticsProperties): void
  /**
   * Sign-in (SPEC §4): the sign views' controller, loaded once. Rejects with 'SIWX is not enabled' without
   * the `siwx` or `siwe` option.
   */
  siwxController(): Promise<SiwxController>
  /**
   * The embedded wallet (e-mail login, SPEC §7): loads its login steps and the frame's channel once. Undefined
   * without the `frameUrl` option.
   */
  readonly frame: (() => Promise<FrameSession>) | undefined
  /** What `frame()` has loaded, else undefined: a view mounted again shows the login in its first commit. */
  loadedFrame(): FrameSession | undefined
  /** Stops timers and listeners, and forgets the query cache. */
  destroy(): void
}

/**
 * Creates a Latch client. Nothing is loaded and no request is made until the client is used.
 *
 * @example
 * const latch = createLatch({ networks: [mainnet, base], adapters: [evmAdapter()] })
 * await latch.open()
 */
export function createLatch(options: LatchOptions): LatchClient {
  const resolved = resolveOptions(options)
  const context = createClientContext(resolved)
  const { modal, router, accounts, theme, connection } = context
  // The embedded wallet (e-mail login): a chunk of its own; the frame itself loads only when the visitor acts.
  const frame = lazy(() =>
    import('./frame/session.ts').then(({ createFrameSession }) => createFrameSession(context)),
  )
  const loadFrame = resolved.frameUrl ? frame.load : undefined
  const registry = createAdapterRegistry(context, loadFrame)
  const balance = createBalanceReader(context, registry.getAdapter)
  let destroyed = false
  // The server API, sign-in and the actions are chunks of their own, each loaded on first use (and again after a
  // failed request).
  const api = lazy(() =>
    import('./api/api.ts').then(({ createApi }) => {
      const created = createApi({ options: resolved })
      if (destroyed) created.destroy()
      return created
    }),
  )
  const loadApi = () => (resolved.apiUrl ? api.load() : Promise.reject(new ApiNotConfiguredError()))
  const siwx = lazy(() => import('./siwx/siwx.ts').then(({ createSiwx }) => createSiwx(client, context)))
  const loadSiwx = (): Promise<SiwxController> =>
    resolved.siwx || resolved.siwe ? siwx.load() : Promise.reject(new BaseError('SIWX is not enabled'))
  const identity = createIdentityReader(context, loadApi)
  const session = createSession(context, registry, balance, identity, (reset) => {
    if (resolved.siwx || resolved.siwe)
      loadSiwx().then(
        (controller) => (reset ? controller.reset() : controller.check()),
        (error: unknown) => context.debug('sign-in failed to load', error),
      )
  })
  // Connect, disconnect, switch network, sign and send arrive with the first of them (client/actions.ts).
  const actions = lazy(() =>
    import('./client/actions.ts').then(({ createActions }) => {
      const created = createActions(context, registry, session, balance, api.get)
      if (destroyed) created.stop()
      return created
    }),
  )
  const act = <T>(run: (loaded: Actions) => Promise<T>): Promise<T> => actions.load().then(run)
  // Reconnecting is its own chunk, fetched only when there is a stored connection to restore.
  const reconnector = lazy(() =>
    import('./client/reconnect.ts').then(({ createReconnect }) =>
      createReconnect(context, registry, session),
    ),
  )

  const client: LatchClient = {
    options: resolved,
    modal: context.modal,
    router: context.router,
    connection: context.connection,
    accounts: context.accounts,
    network: context.network,
    connectors: context.connectors,
    snack: context.snack,
    send: context.send,
    theme: context.theme,
    setThemeMode(mode) {
      theme.setState({ mode })
    },
    async open(parameters = {}) {
      const view = openingView(resolved, accounts.get(context.activeNamespace()).address, parameters.view)
      router.reset(view, parameters.data)
      const wasOpen = modal.getState().open
      modal.setOpen(true)
      if (!wasOpen) context.track('MODAL_OPEN', { connected: connection.getState().status === 'connected' })
      // Bounded (DESIGN.md rule 8): a chunk that never arrives must not leave the modal loading forever.
      await Promise.all(
        resolved.adapters.map((factory) =>
          withTimeout(
            registry.getAdapter(factory.namespace),
            ADAPTER_LOAD_TIMEOUT_MS,
            'loading the adapter',
          ).catch((error: unknown) => context.debug('adapter failed to load', error)),
        ),
      )
      modal.setLoading(false)
      // The visitor is about to pick a wallet (or act on their account): have the actions' code ready for it.
      act(async (loaded) => loaded.opened(view)).catch((error: unknown) =>
        context.debug('actions failed to load', error),
      )
    },
    close: context.closeModal,
    back() {
      if (router.back() === 'close') context.closeModal()
    },
    connect: (connectorId) => act((loaded) => loaded.connect(connectorId)),
    connectWalletConnect: () => act((loaded) => loaded.connectWalletConnect()),
    disconnect: () => act((loaded) => loaded.disconnect()),
    switchNetwork: (target) => act((loaded) => loaded.switchNetwork(target)),
    reconnect() {
      if (Object.keys(connection.getState().connections).length) return Promise.resolve()
      // 'connecting' at once, as the reconnect's code arrives: a returning visitor's button says so from the start.
      const stored = Object.keys(getStoredConnections(resolved.storage)).length
      connection.setState({ status: stored ? 'connecting' : 'disconnected' })
      return stored ? reconnector.load().then((run) => run()) : Promise.resolve()
    },
    refreshBalance: balance.refreshBalance,
    refreshAccount: () => act((loaded) => loaded.refreshAccount()),
    refreshIdentity: identity.refreshIdentity,
    signMessage: (message) => act((loaded) => loaded.signMessage(message)),
    sendTransaction: (parameters) => act((loaded) => loaded.sendTransaction(parameters)),
    getAdapter: registry.getAdapter,
    getAccount: () => accounts.get(context.activeNamespace()),
    api: loadApi,
    loadedApi: api.get,
    track: context.track,
    siwxController: loadSiwx,
    frame: loadFrame,
    loadedFrame: frame.get,
    destroy() {
      destroyed = true
      registry.stop()
      session.stop()
      actions.get()?.stop()
      modal.dispose()
      context.snack.dispose()
      context.stopAnalytics()
      api.get()?.destroy()
      frame.get()?.close()
    },
  }
  return client
}
