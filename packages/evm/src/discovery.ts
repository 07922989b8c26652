import type { Connector } from '@latch/core'
import { createStore, type EIP6963ProviderDetail, type Store } from 'mipd'
import { isEip1193Provider } from './provider.ts'

export type ConnectorsListener = (connectors: readonly Connector[]) => void

/** Finds the wallets on the page: EIP-6963 announcements, else a legacy `window.ethereum`. */
export interface ConnectorDiscovery {
  /** Calls `listener` with the current list now and with the whole list on every change. Returns a stop. */
  watch(listener: ConnectorsListener): () => void
  /** The connector `id`, waiting up to `waitMs` for it to be announced; undefined if it never is. */
  find(id: string, waitMs: number): Promise<Connector | undefined>
}

export interface ConnectorDiscoveryParameters {
  /** How long EIP-6963 wallets get to announce before `window.ethereum` is offered. */
  legacyFallbackDelayMs: number
}

/** The connector for a wallet that injects `window.ethereum` but does not announce itself (pre EIP-6963). */
export const legacyConnectorId = 'injected'

/**
 * Starts EIP-6963 discovery (mipd's store) while someone watches or waits, and stops it (destroying the store)
 * when no one does. Announced wallets become `ANNOUNCED` connectors keyed by rdns. When nothing has announced
 * after `legacyFallbackDelayMs` and `window.ethereum` exists, an `INJECTED` 'Browser Wallet' is offered
 * instead, and dropped again as soon as a wallet announces.
 *
 * @example
 * const discovery = createConnectorDiscovery({ legacyFallbackDelayMs: 100 })
 * const stop = discovery.watch((connectors) => render(connectors))
 */
export function createConnectorDiscovery(parameters: ConnectorDiscoveryParameters): ConnectorDiscovery {
  const listeners = new Set<ConnectorsListener>()
  // One Connector object per announcement, so an unchanged wallet keeps its identity across updates.
  const announced = new WeakMap<EIP6963ProviderDetail, Connector>()
  let holders = 0
  let session: { stop(): void } | undefined
  let connectors: readonly Connector[] = []
  let legacy: Connector | undefined

  function update(next: readonly Connector[]) {
    if (sameConnectors(connectors, next)) return
    connectors = next
    for (const listener of [...listeners]) listener(connectors)
  }

  function start() {
    const store: Store = createStore()
    let legacyAllowed = false
    const recompute = () => {
      const list = listAnnounced(store, announced)
      if (list.length === 0 && legacyAllowed) {
        legacy = legacyConnector(legacy)
        if (legacy) list.push(legacy)
      }
      update(list)
    }
    const unsubscribe = store.subscribe(recompute)
    const timer = setTimeout(() => {
      legacyAllowed = true
      recompute()
    }, parameters.legacyFallbackDelayMs)
    // MetaMask's legacy signal that it finished injecting window.ethereum late.
    const hasWindow = typeof window !== 'undefined'
    if (hasWindow) window.addEventListener('ethereum#initialized', recompute)
    recompute()
    return {
      stop() {
        clearTimeout(timer)
        if (hasWindow) window.removeEventListener('ethereum#initialized', recompute)
        unsubscribe()
        store.destroy()
        connectors = []
      },
    }
  }

  function hold(): () => void {
    holders++
    session ??= start()
    let held = true
    return () => {
      if (!held) return
      held = false
      holders--
      if (holders === 0) {
        session?.stop()
        session = undefined
      }
    }
  }

  function watch(listener: ConnectorsListener): () => void {
    // A wrapper, so one function can watch twice and stop each watch on its own.
    const entry: ConnectorsListener = (list) => listener(list)
    const release = hold()
    listeners.add(entry)
    entry(connectors)
    return () => {
      listeners.delete(entry)
      release()
    }
  }

  function find(id: string, waitMs: number): Promise<Connector | undefined> {
    return new Promise((resolve) => {
      let stop: (() => void) | undefined
      let timer: ReturnType<typeof setTimeout> | undefined
      let settled = false
      const settle = (connector: Connector | undefined) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        resolve(connector)
        // `watch` may call back before it returns the stop; then stop right after it does.
        stop?.()
      }
      stop = watch((list) => {
        const connector = list.find((c) => c.id === id)
        if (connector) settle(connector)
      })
      if (settled) stop()
      else timer = setTimeout(() => settle(undefined), waitMs)
    })
  }

  return { watch, find }
}

function listAnnounced(store: Store, announced: WeakMap<EIP6963ProviderDetail, Connector>): Connector[] {
  // mipd keys announcements by uuid; a wallet that re-announces (e.g. after an extension reload) gets a new
  // uuid, so keep only the latest announcement per rdns.
  const byRdns = new Map<string, Connector>()
  for (const detail of store.getProviders()) {
    let connector = announced.get(detail)
    if (!connector) {
      const fresh = toAnnouncedConnector(detail)
      if (!fresh) continue
      connector = fresh
      announced.set(detail, connector)
    }
    byRdns.delete(connector.id)
    byRdns.set(connector.id, connector)
  }
  return [...byRdns.values()]
}

function toAnnouncedConnector(detail: EIP6963ProviderDetail): Connector | undefined {
  // Announcements are untrusted page events: skip malformed ones rather than crash the list.
  const info: Partial<EIP6963ProviderDetail['info']> | undefined = detail?.info
  if (!info || typeof info.rdns !== 'string' || !info.rdns || typeof info.name !== 'string') return undefined
  if (!isEip1193Provider(detail.provider)) return undefined
  return {
    id: info.rdns,
    name: info.name,
    type: 'ANNOUNCED',
    chain: 'eip155',
    ...(typeof info.icon === 'string' ? { imageUrl: info.icon } : {}),
    info: { rdns: info.rdns },
    provider: detail.provider,
  }
}

/** The legacy connector for the current `window.ethereum`, reusing `previous` while the provider is the same. */
function legacyConnector(previous: Connector | undefined): Connector | undefined {
  if (typeof window === 'undefined') return undefined
  const provider = (window as { ethereum?: unknown }).ethereum
  if (!isEip1193Provider(provider)) return undefined
  if (previous?.provider === provider) return previous
  return { id: legacyConnectorId, name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155', provider }
}

function sameConnectors(a: readonly Connector[], b: readonly Connector[]): boolean {
  return a.length === b.length && a.every((connector, i) => connector === b[i])
}
