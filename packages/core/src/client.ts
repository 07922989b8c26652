import { formatCaipAddress } from './caip/caip.ts'
import { orderConnectors } from './connectors/order.ts'
import {
  AccountNotFoundError,
  type BaseError,
  ChainAdapterNotFoundError,
  ChainNotConfiguredError,
  ConnectorNotConnectedError,
  DisconnectError,
  TimeoutError,
} from './errors/BaseError.ts'
import { isUserRejection, toRpcError } from './errors/rpc.ts'
import { floorBalance } from './format/format.ts'
import { type LatchOptions, type ResolvedOptions, resolveOptions } from './options.ts'
import { createRouter, type Router, type RouterData, resolveOpeningView, type View } from './router/router.ts'
import {
  addRecentWallet,
  getRecentWallets,
  getStoredConnections,
  removeStoredKey,
  setStoredConnection,
  storageKeys,
} from './storage/recent.ts'
import { createStore, type Store } from './store.ts'
import { type AccountState, type AccountsStore, createAccountsStore } from './stores/account.ts'
import { type ConnectionState, createConnectionStore } from './stores/connection.ts'
import { createModalStore, type ModalStore } from './stores/modal.ts'
import { createNetworkStore, type NetworkState } from './stores/network.ts'
import { createSendStore, initialSendState, type SendState } from './stores/send.ts'
import { createSnackStore, type SnackStore } from './stores/snack.ts'
import { createThemeStore, type ThemeState } from './stores/theme.ts'
import type {
  AdapterEvent,
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  Connector,
  ConnectResult,
  Network,
} from './types.ts'
import { withTimeout } from './utils/withTimeout.ts'

export interface ConnectorsState {
  /** Every discovered connector, ordered by `connectorTypeOrder`. */
  list: readonly Connector[]
  /** Recent connector ids, most recent first. */
  recent: readonly string[]
}

export interface OpenParameters {
  view?: View
  data?: RouterData
}

/** Balance and portfolio are cached for 30 s (SPEC §9). */
export const BALANCE_CACHE_MS = 30_000
/** How long `open()` waits for the adapters' code before it stops showing the loading state. */
export const ADAPTER_LOAD_TIMEOUT_MS = 15_000

/** One Latch instance: all state and every action of the modal (DESIGN.md rule 1). */
export interface LatchClient {
  readonly options: ResolvedOptions
  readonly modal: ModalStore
  readonly router: Router
  readonly connection: Store<ConnectionState>
  readonly accounts: AccountsStore
  readonly network: Store<NetworkState>
  readonly connectors: Store<ConnectorsState>
  readonly snack: SnackStore
  readonly send: Store<SendState>
  /** Theme mode and variables; starts from `themeMode` / `themeVariables`. */
  readonly theme: Store<ThemeState>
  setThemeMode(mode: ThemeState['mode']): void
  /** Opens the modal at the view the opening rules choose (SPEC §2). Always settles. */
  open(parameters?: OpenParameters): Promise<void>
  close(): void
  /** Back-navigation: closes from the first view, blocked on UnsupportedChain. */
  back(): void
  /** Connects through a discovered connector. Rejects with a typed error; the view shows declined / retry. */
  connect(connectorId: string): Promise<void>
  disconnect(): Promise<void>
  switchNetwork(network: Network | CaipNetworkId): Promise<void>
  /** Silent reconnect of the stored connection, recent connectors first (SPEC §4). */
  reconnect(): Promise<void>
  refreshBalance(parameters?: { force?: boolean }): Promise<void>
  signMessage(message: string): Promise<string>
  sendTransaction(parameters: { to: string; value?: bigint; data?: string }): Promise<string>
  /** Loads the adapter of a namespace (lazily, once). */
  getAdapter(namespace: ChainNamespace): Promise<ChainAdapter>
  /** Account state of the active namespace. */
  getAccount(): AccountState
  /** Stops timers and listeners. */
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
  const { storage } = resolved
  const modal = createModalStore()
  const router = createRouter()
  const connection = createConnectionStore()
  const accounts = createAccountsStore()
  const network = createNetworkStore(resolved.defaultNetwork)
  const snack = createSnackStore()
  const send = createSendStore()
  const theme = createThemeStore(resolved.themeMode, resolved.themeVariables)
  const connectors = createStore<ConnectorsState>({ list: [], recent: getRecentWallets(storage) })

  const adapters = new Map<ChainNamespace, Promise<ChainAdapter>>()
  const discovered = new Map<ChainNamespace, readonly Connector[]>()
  const stops: Array<() => void> = []
  const connectionWatchers = new Map<ChainNamespace, () => void>()
  const balanceFetchedAt = new Map<string, number>()
  let connectAttempt = 0

  const debug = (...args: unknown[]) => {
    if (resolved.debug) console.debug('[latch]', ...args)
  }

  const publishConnectors = () => {
    const { recent } = connectors.getState()
    connectors.setState({
      list: orderConnectors([...discovered.values()].flat(), {
        order: resolved.connectorTypeOrder,
        recent,
        featuredWalletIds: resolved.featuredWalletIds,
        customWalletIds: resolved.customWallets.map((w) => w.id),
      }),
    })
  }

  const getAdapter = (namespace: ChainNamespace): Promise<ChainAdapter> => {
    const cached = adapters.get(namespace)
    if (cached) return cached
    const factory = resolved.adapters.find((a) => a.namespace === namespace)
    if (!factory) return Promise.reject(new ChainAdapterNotFoundError(namespace))
    const loading = factory
      .load({ networks: resolved.networks.filter((n) => n.chainNamespace === namespace) })
      .then((adapter) => {
        stops.push(
          adapter.watchConnectors((list) => {
            discovered.set(namespace, list)
            publishConnectors()
          }),
        )
        return adapter
      })
    // A failed load may succeed later (a flaky chunk request): do not cache the failure.
    loading.catch(() => adapters.delete(namespace))
    adapters.set(namespace, loading)
    return loading
  }

  const findConnector = (connectorId: string) => connectors.getState().list.find((c) => c.id === connectorId)
  const findNetwork = (namespace: ChainNamespace, chainId: number | string) =>
    resolved.networks.find((n) => n.chainNamespace === namespace && String(n.id) === String(chainId))
  const activeNamespace = () => network.getState().activeNamespace
  const blocksUnsupported = () =>
    resolved.enableNetworkSwitch && !resolved.allowUnsupportedChain && !resolved.basic

  const openUnsupportedChain = () => {
    router.reset('UnsupportedChain')
    modal.setOpen(true)
    modal.setLoading(false)
  }

  const closeModal = () => {
    if (resolved.embedded) {
      router.reset(connection.getState().status === 'connected' ? 'Account' : 'Connect')
      return
    }
    modal.setOpen(false)
  }

  const setAddress = (namespace: ChainNamespace, address: string, all: readonly string[]) => {
    const { activeNetwork, unsupportedChainId } = network.getState()
    const chainId = unsupportedChainId ?? activeNetwork.id
    const explorer = unsupportedChainId === undefined ? activeNetwork.blockExplorers?.default.url : undefined
    accounts.update(namespace, {
      address,
      caipAddress: formatCaipAddress(`${namespace}:${chainId}`, address),
      allAccounts: all,
      status: 'connected',
      addressExplorerUrl: explorer ? `${explorer.replace(/\/$/, '')}/address/${address}` : undefined,
    })
  }

  const refreshBalance = async ({ force = false } = {}): Promise<void> => {
    const namespace = activeNamespace()
    const { address } = accounts.get(namespace)
    const { activeNetwork, unsupportedChainId } = network.getState()
    if (!address || unsupportedChainId !== undefined) return
    const key = `${activeNetwork.caipNetworkId}:${address}`
    const fetchedAt = balanceFetchedAt.get(key)
    const current = accounts.get(namespace)
    if (!force && fetchedAt && Date.now() - fetchedAt < BALANCE_CACHE_MS && current.balanceStatus === 'ready')
      return
    accounts.update(namespace, {
      balanceStatus: 'loading',
      balanceSymbol: activeNetwork.nativeCurrency.symbol,
    })
    const stillCurrent = () =>
      accounts.get(namespace).address === address &&
      network.getState().activeNetwork.caipNetworkId === activeNetwork.caipNetworkId
    try {
      const adapter = await getAdapter(namespace)
      const balance = await adapter.getBalance({ address, network: activeNetwork })
      if (!stillCurrent()) return
      balanceFetchedAt.set(key, Date.now())
      accounts.update(namespace, {
        balance: floorBalance(balance.value, balance.decimals),
        balanceSymbol: balance.symbol,
        balanceStatus: 'ready',
      })
    } catch (error) {
      debug('balance unavailable', error)
      if (!stillCurrent()) return
      balanceFetchedAt.delete(key)
      accounts.update(namespace, { balance: undefined, balanceStatus: 'unavailable' })
    }
  }

  const applyChain = (namespace: ChainNamespace, chainId: number | string) => {
    send.replace(initialSendState())
    const target = findNetwork(namespace, chainId)
    if (target) {
      network.setState({ activeNamespace: namespace, activeNetwork: target, unsupportedChainId: undefined })
      if (router.store.getState().view === 'UnsupportedChain' && modal.getState().open) closeModal()
    } else {
      network.setState({ activeNamespace: namespace, unsupportedChainId: chainId })
      accounts.update(namespace, { balance: undefined, balanceStatus: 'idle' })
      if (blocksUnsupported()) openUnsupportedChain()
    }
    const { address, allAccounts } = accounts.get(namespace)
    if (address) setAddress(namespace, address, allAccounts)
  }

  const resetSession = (namespaces: readonly ChainNamespace[]) => {
    for (const namespace of namespaces) {
      connectionWatchers.get(namespace)?.()
      connectionWatchers.delete(namespace)
      accounts.reset(namespace)
      setStoredConnection(storage, namespace, undefined)
    }
    const remaining = { ...connection.getState().connections }
    for (const namespace of namespaces) delete remaining[namespace]
    connection.setState({
      connections: remaining,
      status: Object.keys(remaining).length ? 'connected' : 'disconnected',
      wcUri: undefined,
      pendingConnectorId: undefined,
    })
    send.replace(initialSendState())
    network.setState({ unsupportedChainId: undefined })
    removeStoredKey(storage, storageKeys.deepLink)
    removeStoredKey(storage, storageKeys.socialProvider)
    balanceFetchedAt.clear()
    // Inside the executor, so a hook that throws at once is caught like one that rejects.
    new Promise<void>((resolve) => resolve(resolved.siwx?.clearSessions?.())).catch((error: unknown) =>
      debug('clearing sessions failed', error),
    )
  }

  const onAdapterEvent = (namespace: ChainNamespace) => (event: AdapterEvent) => {
    debug('wallet event', namespace, event)
    if (event.type === 'disconnect') {
      resetSession([namespace])
      if (modal.getState().open) closeModal()
      return
    }
    if (event.type === 'accountsChanged') {
      const [address] = event.accounts
      if (!address) {
        resetSession([namespace])
        return
      }
      setAddress(namespace, address, event.accounts)
    } else {
      applyChain(namespace, event.chainId)
    }
    void refreshBalance()
  }

  const establish = (connector: Connector, result: ConnectResult, adapter: ChainAdapter) => {
    const namespace = connector.chain
    connectionWatchers.get(namespace)?.()
    connectionWatchers.set(namespace, adapter.watchConnection(connector.id, onAdapterEvent(namespace)))
    connection.setState((state) => ({
      status: 'connected',
      connections: {
        ...state.connections,
        [namespace]: { connectorId: connector.id, connectorType: connector.type },
      },
      pendingConnectorId: undefined,
      failure: undefined,
      error: undefined,
    }))
    accounts.update(namespace, {
      preferredAccountTypes: { [namespace]: resolved.defaultAccountTypes[namespace] },
      connectedWalletInfo: { name: connector.name, icon: connector.imageUrl },
    })
    network.setState({ activeNamespace: namespace })
    const [address] = result.accounts
    if (address) setAddress(namespace, address, result.accounts)
    applyChain(namespace, result.chainId)
    setStoredConnection(storage, namespace, connector.id)
    connectors.setState({ recent: addRecentWallet(storage, connector.id) })
    publishConnectors()
    void refreshBalance({ force: true })
  }

  const connect = async (connectorId: string): Promise<void> => {
    const attempt = ++connectAttempt
    connection.setState({
      status: 'connecting',
      pendingConnectorId: connectorId,
      failure: undefined,
      error: undefined,
    })
    try {
      const connector = findConnector(connectorId)
      if (!connector) throw new ConnectorNotConnectedError(`No connector "${connectorId}" was discovered.`)
      const adapter = await getAdapter(connector.chain)
      const { activeNetwork } = network.getState()
      const result = await withTimeout(
        adapter.connect({
          connectorId,
          network: activeNetwork.chainNamespace === connector.chain ? activeNetwork : undefined,
        }),
        resolved.connectTimeoutMs,
        'connect',
      )
      if (attempt !== connectAttempt) return
      if (!result.accounts.length) throw new AccountNotFoundError(connectorId)
      establish(connector, result, adapter)
      if (modal.getState().open && network.getState().unsupportedChainId === undefined) closeModal()
    } catch (cause) {
      const error = toRpcError(cause)
      if (attempt === connectAttempt) {
        // From the live connections, not the status before this attempt: that is 'connecting' on a retry.
        connection.setState({
          status: Object.keys(connection.getState().connections).length ? 'connected' : 'disconnected',
          failure: error instanceof TimeoutError ? 'timeout' : isUserRejection(error) ? 'declined' : 'error',
          error,
        })
        modal.triggerShake()
      }
      throw error
    }
  }

  const disconnect = async (): Promise<void> => {
    const { connections } = connection.getState()
    const active = connections[activeNamespace()] ?? Object.values(connections)[0]
    if (!active) {
      resetSession([])
      return
    }
    // Companion chains connected through the same kind of connector go too (SPEC §4).
    const namespaces = (Object.keys(connections) as ChainNamespace[]).filter(
      (namespace) => connections[namespace]?.connectorType === active.connectorType,
    )
    try {
      await Promise.all(
        namespaces.map(async (namespace) => {
          const adapter = await getAdapter(namespace)
          await adapter.disconnect({ connectorId: connections[namespace]!.connectorId })
        }),
      )
    } catch (cause) {
      const error = new DisconnectError(cause)
      snack.show('error', error.shortMessage)
      throw error
    }
    resetSession(namespaces)
    if (modal.getState().open) closeModal()
  }

  const runReconnect = async (): Promise<void> => {
    if (Object.keys(connection.getState().connections).length > 0) return
    const stored = getStoredConnections(storage)
    const namespaces = (Object.keys(stored) as ChainNamespace[]).filter((ns) =>
      resolved.adapters.some((a) => a.namespace === ns),
    )
    if (namespaces.length === 0) {
      connection.setState({ status: 'disconnected' })
      return
    }
    connection.setState({ status: 'connecting' })
    for (const namespace of namespaces) {
      const lastUsed = stored[namespace]!
      const candidates = [lastUsed, ...connectors.getState().recent.filter((id) => id !== lastUsed)]
      try {
        const adapter = await getAdapter(namespace)
        for (const connectorId of candidates) {
          // Bounded like connect (DESIGN.md rule 8): a wallet that never answers must not hold 'connecting'.
          const result = await withTimeout(
            adapter.reconnect({ connectorId }),
            resolved.connectTimeoutMs,
            'reconnect',
          ).catch((error: unknown) => {
            debug('reconnect failed', connectorId, error)
            return undefined
          })
          const connector = findConnector(connectorId)
          if (result?.accounts.length && connector) {
            establish(connector, result, adapter)
            // An embedded modal is always shown: a returning visitor belongs on Account, not Connect.
            if (resolved.embedded && router.store.getState().view === 'Connect') router.reset('Account')
            break
          }
        }
      } catch (error) {
        debug('adapter failed to load', namespace, error)
      }
      if (!connection.getState().connections[namespace]) setStoredConnection(storage, namespace, undefined)
    }
    if (Object.keys(connection.getState().connections).length === 0) {
      connection.setState({ status: 'disconnected' })
    }
  }

  // One reconnect at a time: a provider mounted twice (React StrictMode) must not establish twice.
  let reconnecting: Promise<void> | undefined
  const reconnect = (): Promise<void> => {
    reconnecting ??= runReconnect().finally(() => {
      reconnecting = undefined
    })
    return reconnecting
  }

  const activeConnection = () => {
    const namespace = activeNamespace()
    const active = connection.getState().connections[namespace]
    const { address } = accounts.get(namespace)
    if (!active || !address) throw new ConnectorNotConnectedError()
    return { namespace, active, address }
  }

  const client: LatchClient = {
    options: resolved,
    modal,
    router,
    connection,
    accounts,
    network,
    connectors,
    snack,
    send,
    theme,
    setThemeMode(mode) {
      theme.setState({ mode })
    },
    async open(parameters = {}) {
      const { address } = accounts.get(activeNamespace())
      const view = resolveOpeningView({
        requested: parameters.view,
        hasAdapters: resolved.adapters.length > 0,
        address,
        isMobile: resolved.isMobile(),
      })
      router.reset(view, parameters.data)
      modal.setOpen(true)
      // Bounded (DESIGN.md rule 8): a chunk that never arrives must not leave the modal loading forever.
      await Promise.all(
        resolved.adapters.map((factory) =>
          withTimeout(getAdapter(factory.namespace), ADAPTER_LOAD_TIMEOUT_MS, 'loading the adapter').catch(
            (error: unknown) => debug('adapter failed to load', error),
          ),
        ),
      )
      modal.setLoading(false)
    },
    close() {
      closeModal()
    },
    back() {
      if (router.back() === 'close') closeModal()
    },
    connect,
    disconnect,
    async switchNetwork(target) {
      const caipNetworkId = typeof target === 'string' ? target : target.caipNetworkId
      const next = resolved.networks.find((n) => n.caipNetworkId === caipNetworkId)
      if (!next) throw new ChainNotConfiguredError(caipNetworkId)
      send.replace(initialSendState())
      const namespace = next.chainNamespace
      const active = connection.getState().connections[namespace]
      if (!active) {
        network.setState({ activeNamespace: namespace, activeNetwork: next, unsupportedChainId: undefined })
        return
      }
      try {
        const adapter = await getAdapter(namespace)
        await adapter.switchNetwork({ connectorId: active.connectorId, network: next })
      } catch (cause) {
        const error: BaseError = toRpcError(cause)
        snack.show('error', error.shortMessage)
        throw error
      }
      // Wallets also emit chainChanged; applying it here too keeps the UI right when one does not.
      applyChain(namespace, next.id)
      await refreshBalance()
    },
    reconnect,
    refreshBalance,
    async signMessage(message) {
      const { namespace, active, address } = activeConnection()
      const adapter = await getAdapter(namespace)
      return adapter
        .signMessage({ connectorId: active.connectorId, address, message })
        .catch((e: unknown) => {
          throw toRpcError(e)
        })
    },
    async sendTransaction({ to, value, data }) {
      const { namespace, active, address } = activeConnection()
      const adapter = await getAdapter(namespace)
      const hash = await adapter
        .sendTransaction({
          connectorId: active.connectorId,
          network: network.getState().activeNetwork,
          from: address,
          to,
          value,
          data,
        })
        .catch((e: unknown) => {
          throw toRpcError(e)
        })
      void refreshBalance({ force: true })
      return hash
    },
    getAdapter,
    getAccount: () => accounts.get(activeNamespace()),
    destroy() {
      for (const stop of stops.splice(0)) stop()
      for (const stop of connectionWatchers.values()) stop()
      connectionWatchers.clear()
      modal.dispose()
      snack.dispose()
    },
  }
  return client
}
