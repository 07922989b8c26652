import { formatCaipAddress } from '../caip/caip.ts'
import { addRecentWallet, removeStoredKey, setStoredConnection, storageKeys } from '../persistence/recent.ts'
import { initialSendState } from '../state/send.ts'
import type { AdapterEvent, ChainAdapter, ChainNamespace, Connector, ConnectResult } from '../types.ts'
import type { AdapterRegistry } from './adapters.ts'
import type { BalanceReader } from './balance.ts'
import type { ClientContext } from './context.ts'
import type { IdentityReader } from './identity.ts'

/** The life of a connection: established, following the wallet's events, and reset. */
export interface Session {
  /** Records a wallet's accounts and chain, listens to its events and remembers it for reconnect. */
  establish(connector: Connector, result: ConnectResult, adapter: ChainAdapter): void
  /**
   * Applies the chain a wallet is on: a configured network becomes active, any other opens UnsupportedChain. With
   * `activate: false` (a wallet of a namespace in the background changed its chain) only that namespace's CAIP
   * address follows, for when it is active again.
   */
  applyChain(namespace: ChainNamespace, chainId: number | string, activate?: boolean): void
  /** Forgets the namespaces' connections and everything tied to them (SPEC §4 disconnect). */
  reset(namespaces: readonly ChainNamespace[]): void
  stop(): void
}

export function createSession(
  context: ClientContext,
  registry: AdapterRegistry,
  balance: BalanceReader,
  identity: IdentityReader,
  /**
   * Told when the connected account or its network changes, and with `true` on reset (sign-in checks for a
   * session, or forgets them).
   */
  onAccount: (reset?: boolean) => void,
): Session {
  const { options, accounts, connection, network, router, modal, send, connectors } = context
  const { storage } = options
  const watchers = new Map<ChainNamespace, () => void>()
  /** The chain a namespace in the background is on: its CAIP address's (namespace:chain:address). */
  const backgroundChain = (namespace: ChainNamespace) => accounts.get(namespace).caipAddress?.split(':')[1]

  const findNetwork = (namespace: ChainNamespace, chainId: number | string) =>
    options.networks.find((n) => n.chainNamespace === namespace && String(n.id) === String(chainId))
  // SPEC §4: unless network switching is off, unsupported chains are allowed, or basic mode is on.
  const blocksUnsupported = () =>
    options.enableNetworkSwitch && !options.allowUnsupportedChain && !options.basic

  const setAddress = (namespace: ChainNamespace, address: string, all: readonly string[]) => {
    const { activeNetwork, activeNamespace, unsupportedChainId } = network.getState()
    const active = namespace === activeNamespace
    const chainId = active ? (unsupportedChainId ?? activeNetwork.id) : backgroundChain(namespace)
    // A namespace in the background gets its explorer link when it is active again.
    const explorer =
      active && unsupportedChainId === undefined ? activeNetwork.blockExplorers?.default.url : undefined
    // Another account's name and balance must not show while this one's are read (the refresh that follows reads
    // the balance afresh: only the active namespace's, on a supported chain).
    if (accounts.get(namespace).address !== address)
      accounts.update(namespace, {
        profileName: undefined,
        profileImage: undefined,
        balance: undefined,
        balanceStatus: active && unsupportedChainId === undefined ? 'loading' : 'idle',
      })
    accounts.update(namespace, {
      address,
      caipAddress: formatCaipAddress(`${namespace}:${chainId}`, address),
      allAccounts: all,
      status: 'connected',
      addressExplorerUrl: explorer ? `${explorer.replace(/\/$/, '')}/address/${address}` : undefined,
    })
  }

  const applyChain = (namespace: ChainNamespace, chainId: number | string, activate = true) => {
    const { address, allAccounts } = accounts.get(namespace)
    if (!activate) {
      if (address)
        accounts.update(namespace, { caipAddress: formatCaipAddress(`${namespace}:${chainId}`, address) })
      return
    }
    const target = findNetwork(namespace, chainId)
    send.replace(initialSendState())
    // The active namespace's connection is stored last: a reload restores it last, so it is active again.
    const stored = connection.getState().connections[namespace]
    if (stored) setStoredConnection(storage, namespace, stored.connectorId)
    if (target) {
      network.setState({ activeNamespace: namespace, activeNetwork: target, unsupportedChainId: undefined })
      if (router.store.getState().view === 'UnsupportedChain' && modal.getState().open) context.closeModal()
    } else {
      network.setState({ activeNamespace: namespace, unsupportedChainId: chainId })
      accounts.update(namespace, { balance: undefined, balanceStatus: 'idle' })
      if (blocksUnsupported()) {
        router.reset('UnsupportedChain')
        modal.setOpen(true)
        modal.setLoading(false)
      }
    }
    if (address) {
      setAddress(namespace, address, allAccounts)
      onAccount()
    }
  }

  const reset = (namespaces: readonly ChainNamespace[]) => {
    for (const namespace of namespaces) {
      watchers.get(namespace)?.()
      watchers.delete(namespace)
      accounts.reset(namespace)
      setStoredConnection(storage, namespace, undefined)
    }
    const remaining = { ...connection.getState().connections }
    for (const namespace of namespaces) delete remaining[namespace]
    connection.setState({
      connections: remaining,
      status: Object.keys(remaining).length ? 'connected' : 'disconnected',
      wcUri: undefined,
      wcPairingExpiry: undefined,
      pendingConnectorId: undefined,
    })
    send.replace(initialSendState())
    // SPEC §4: disconnect resets the network. With no wallet left, the app is back on its default network;
    // the next wallet moves it to its own chain (README, "Disconnect").
    const { defaultNetwork } = options
    const [other] = Object.keys(remaining) as ChainNamespace[]
    if (!other)
      network.setState({
        activeNamespace: defaultNetwork.chainNamespace,
        activeNetwork: defaultNetwork,
        unsupportedChainId: undefined,
      })
    else if (namespaces.includes(network.getState().activeNamespace)) {
      // The active namespace went; a companion still connected becomes active, on the network it is on.
      applyChain(other, backgroundChain(other) ?? '')
    } else network.setState({ unsupportedChainId: undefined })
    removeStoredKey(storage, storageKeys.deepLink)
    removeStoredKey(storage, storageKeys.socialProvider)
    onAccount(true)
    balance.forget()
    // Inside the executor, so a hook that throws at once is caught like one that rejects.
    new Promise<void>((resolve) => resolve(options.siwx?.clearSessions?.())).catch((error: unknown) =>
      context.debug('clearing sessions failed', error),
    )
  }

  const onAdapterEvent = (namespace: ChainNamespace) => (event: AdapterEvent) => {
    context.debug('wallet event', namespace, event)
    if (event.type === 'disconnect') {
      reset([namespace])
      if (modal.getState().open) context.closeModal()
      return
    }
    if (event.type === 'accountsChanged') {
      const [address] = event.accounts
      if (!address) {
        reset([namespace])
        return
      }
      setAddress(namespace, address, event.accounts)
      void identity.refreshIdentity()
      onAccount()
    } else {
      // A wallet of a namespace in the background moves only that namespace's network.
      applyChain(namespace, event.chainId, namespace === context.activeNamespace())
    }
    void balance.refreshBalance()
  }

  return {
    establish(connector, result, adapter) {
      const namespace = connector.chain
      watchers.get(namespace)?.()
      watchers.set(namespace, adapter.watchConnection(connector.id, onAdapterEvent(namespace)))
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
        preferredAccountTypes: { [namespace]: options.defaultAccountTypes[namespace] },
        connectedWalletInfo: { name: connector.name, icon: connector.imageUrl },
      })
      // The address first, then the chain: applyChain publishes the CAIP address with the wallet's chain, so
      // no one sees it paired with the previous network's id for an instant.
      accounts.update(namespace, { address: result.accounts[0], allAccounts: result.accounts })
      applyChain(namespace, result.chainId)
      setStoredConnection(storage, namespace, connector.id)
      connectors.setState({ recent: addRecentWallet(storage, connector.id) })
      registry.publishConnectors()
      void balance.refreshBalance({ force: true })
      void identity.refreshIdentity()
    },
    applyChain,
    reset,
    stop() {
      for (const stop of watchers.values()) stop()
      watchers.clear()
    },
  }
}
