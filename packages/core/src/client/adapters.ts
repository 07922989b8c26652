import { orderConnectors, orderContext } from '../connectors/order.ts'
import { ChainAdapterNotFoundError } from '../errors/BaseError.ts'
import type { FrameSession } from '../frame/types.ts'
import type { ChainAdapter, ChainNamespace, Connector } from '../types.ts'
import { lazy } from '../utils/lazy.ts'
import type { ClientContext } from './context.ts'

export interface AdapterRegistry {
  /** Loads the adapter of a namespace once, and starts its connector discovery. */
  getAdapter(namespace: ChainNamespace): Promise<ChainAdapter>
  findConnector(connectorId: string): Connector | undefined
  /** Re-orders the connector list (after the recent wallets changed). */
  publishConnectors(): void
  stop(): void
}

export function createAdapterRegistry(
  context: ClientContext,
  frame: (() => Promise<FrameSession>) | undefined,
): AdapterRegistry {
  const { options, connectors } = context
  const discovered = new Map<ChainNamespace, readonly Connector[]>()
  const stops: Array<() => void> = []

  const publishConnectors = () => {
    connectors.setState({
      list: orderConnectors(
        [...discovered.values()].flat(),
        orderContext(options, connectors.getState().recent),
      ),
    })
  }

  // Each adapter loads once; a failed load (a flaky chunk request) is tried again by the next caller.
  const adapters = new Map(
    options.adapters.map((factory) => [
      factory.namespace,
      lazy(() =>
        factory
          .load({
            networks: options.networks.filter((n) => n.chainNamespace === factory.namespace),
            walletConnect: options.walletConnect,
            metadata: options.metadata,
            frame,
            storage: options.storage,
          })
          .then((adapter) => {
            stops.push(
              adapter.watchConnectors((list) => {
                discovered.set(factory.namespace, list)
                publishConnectors()
              }),
            )
            return adapter
          }),
      ),
    ]),
  )

  return {
    getAdapter(namespace) {
      return adapters.get(namespace)?.load() ?? Promise.reject(new ChainAdapterNotFoundError(namespace))
    },
    findConnector: (connectorId) => connectors.getState().list.find((c) => c.id === connectorId),
    publishConnectors,
    stop() {
      for (const stop of stops.splice(0)) stop()
    },
  }
}
