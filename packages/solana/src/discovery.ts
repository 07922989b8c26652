import type { Connector } from '@latch/core'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { isSolanaWallet } from './wallet.ts'

export type ConnectorsListener = (connectors: readonly Connector[]) => void

/** Finds the Solana wallets on the page through the Wallet Standard. */
export interface ConnectorDiscovery {
  /** Calls `listener` with the current list now and with the whole list on every change. Returns a stop. */
  watch(listener: ConnectorsListener): () => void
  /** The connector `id`, waiting up to `waitMs` for its wallet to register; undefined if it never does. */
  find(id: string, waitMs: number): Promise<Connector | undefined>
}

/** A Wallet Standard wallet's connector id: its name in the `solana` namespace (wallets have no rdns here). */
export const connectorIdOf = (wallet: Wallet) => `solana:${wallet.name}`

/**
 * Lists the registered Wallet Standard wallets that can connect and sign on Solana as `ANNOUNCED` connectors,
 * and follows registrations, unregistrations and each wallet's `change` event (chains or features may arrive
 * late). Listening starts with the first watcher and stops with the last.
 *
 * @example
 * const discovery = createConnectorDiscovery()
 * const stop = discovery.watch((connectors) => render(connectors))
 */
export function createConnectorDiscovery(): ConnectorDiscovery {
  const listeners = new Set<ConnectorsListener>()
  // One Connector per wallet object, so an unchanged wallet keeps its identity across updates.
  const known = new WeakMap<Wallet, Connector>()
  let connectors: readonly Connector[] = []
  let session: { stop(): void } | undefined

  function recompute(wallets: readonly Wallet[]) {
    const byId = new Map<string, Connector>()
    for (const wallet of wallets) {
      if (!isSolanaWallet(wallet)) continue
      let connector = known.get(wallet)
      if (!connector) {
        connector = toConnector(wallet)
        known.set(wallet, connector)
      }
      byId.delete(connector.id)
      byId.set(connector.id, connector)
    }
    const next = [...byId.values()]
    if (next.length === connectors.length && next.every((c, i) => c === connectors[i])) return
    connectors = next
    for (const listener of [...listeners]) listener(connectors)
  }

  function start() {
    const wallets = getWallets()
    const changes = new Map<Wallet, () => void>()
    const refresh = () => {
      const list = wallets.get()
      for (const wallet of list) {
        if (changes.has(wallet)) continue
        const events = wallet.features['standard:events'] as
          | { on(event: 'change', listener: () => void): () => void }
          | undefined
        changes.set(wallet, events?.on('change', refresh) ?? (() => undefined))
      }
      recompute(list)
    }
    const stops = [wallets.on('register', refresh), wallets.on('unregister', refresh)]
    refresh()
    return {
      stop() {
        for (const stop of [...stops, ...changes.values()]) stop()
        connectors = []
      },
    }
  }

  function watch(listener: ConnectorsListener): () => void {
    const entry: ConnectorsListener = (list) => listener(list)
    listeners.add(entry)
    session ??= start()
    entry(connectors)
    return () => {
      if (!listeners.delete(entry) || listeners.size) return
      session?.stop()
      session = undefined
    }
  }

  function find(id: string, waitMs: number): Promise<Connector | undefined> {
    return new Promise((resolve) => {
      let stop: (() => void) | undefined
      let settled = false
      const timer = setTimeout(() => settle(undefined), waitMs)
      function settle(connector: Connector | undefined) {
        if (settled) return
        settled = true
        clearTimeout(timer)
        resolve(connector)
        stop?.()
      }
      stop = watch((list) => {
        const connector = list.find((c) => c.id === id)
        if (connector) settle(connector)
      })
      if (settled) stop()
    })
  }

  return { watch, find }
}

function toConnector(wallet: Wallet): Connector {
  return {
    id: connectorIdOf(wallet),
    name: wallet.name,
    type: 'ANNOUNCED',
    chain: 'solana',
    imageUrl: wallet.icon,
    provider: wallet,
  }
}
