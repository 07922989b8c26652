import { orderConnectors } from '../connectors/order.ts'
import { ChainAdapterNotFoundError } from '../errors/BaseError.ts'
import type { ChainAdapter, ChainNamespace, Connector } from '../types.ts'
import type { ClientContext } from './context.ts'

export interface AdapterRegistry {
  /** Loads the adapter of a namespace once, and starts its connector discovery. */
  getAdapter(namespace: ChainNamespace): Promise<ChainAdapter>
  findConnector(connectorId: string): Connector | undefined
  /** Re-orders the connector list (after the recent wallets changed). */
  publishConnectors(): void
  stop(): void
}

export function createAdapterRegistry(context: ClientContext): AdapterRegistry {
  const { options, connectors } = context
  const adapters = new Map<ChainNamespace, Promise<ChainAdapter>>()
  const discovered = new Map<ChainNamespace, readonly Connector[]>()
  const stops: Array<() => void> = []

  const publishConnectors = () => {
    connectors.setState({
      list: orderConnectors([...discovered.values()].flat(), {
        order: options.connectorTypeOrder,
        recent: connectors.getState().recent,
        featuredWalletIds: options.featuredWalletIds,
        customWalletIds: options.customWallets.map((w) => w.id),
      }),
    })
  }

  return {
    getAdapter(namespace) {
      const cached = adapters.get(namespace)
      if (cached) return cached
      const factory = options.adapters.find((a) => a.namespace === namespace)
      if (!factory) return Promise.reject(new ChainAdapterNotFoundError(namespace))
      const loading = factory
        .load({
          networks: options.networks.filter((n) => n.chainNamespace === namespace),
          walletConnect: options.walletConnect,
          metadata: options.metadata,
        })
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
    },
    findConnector: (connectorId) => connectors.getState().list.find((c) => c.id === connectorId),
    publishConnectors,
    stop() {
      for (const stop of stops.splice(0)) stop()
    },
  }
}
