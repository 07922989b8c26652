import { getStoredConnections, setStoredConnection } from '../persistence/recent.ts'
import type { ChainNamespace } from '../types.ts'
import { withTimeout } from '../utils/withTimeout.ts'
import type { AdapterRegistry } from './adapters.ts'
import type { ClientContext } from './context.ts'
import type { Session } from './session.ts'

/**
 * Silent reconnect of the stored connection (SPEC §4): the connector last used first, then the recent ones;
 * if none reconnects the status becomes disconnected. Never prompts. One run at a time, so a provider
 * mounted twice (React StrictMode) does not establish twice.
 */
export function createReconnect(context: ClientContext, registry: AdapterRegistry, session: Session) {
  const { options, connection, connectors, router } = context
  const { storage } = options

  const connected = () => Object.keys(connection.getState().connections).length > 0

  const reconnectNamespace = async (namespace: ChainNamespace, lastUsed: string) => {
    const candidates = [lastUsed, ...connectors.getState().recent.filter((id) => id !== lastUsed)]
    const adapter = await registry.getAdapter(namespace)
    for (const connectorId of candidates) {
      // Bounded like connect (DESIGN.md rule 8): a wallet that never answers must not hold 'connecting'.
      context.reconnecting = connectorId
      const result = await withTimeout(
        adapter.reconnect({ connectorId }),
        options.connectTimeoutMs,
        'reconnect',
      )
        .catch((error: unknown) => {
          context.debug('reconnect failed', connectorId, error)
          return undefined
        })
        .finally(() => {
          context.reconnecting = undefined
        })
      const connector = registry.findConnector(connectorId)
      // Recent wallets span namespaces: only a connector of this namespace can restore this connection.
      if (result?.accounts.length && connector?.chain === namespace) {
        session.establish(connector, result, adapter)
        // An embedded modal is always shown: a returning visitor belongs on Account, not Connect.
        if (options.embedded && router.store.getState().view === 'Connect') router.reset('Account')
        return
      }
    }
  }

  const run = async () => {
    if (connected()) return
    const stored = getStoredConnections(storage)
    const namespaces = (Object.keys(stored) as ChainNamespace[]).filter((namespace) =>
      options.adapters.some((a) => a.namespace === namespace),
    )
    if (namespaces.length === 0) {
      connection.setState({ status: 'disconnected' })
      return
    }
    connection.setState({ status: 'connecting' })
    for (const namespace of namespaces) {
      await reconnectNamespace(namespace, stored[namespace]!).catch((error: unknown) =>
        context.debug('adapter failed to load', namespace, error),
      )
      if (!connection.getState().connections[namespace]) setStoredConnection(storage, namespace, undefined)
    }
    if (!connected()) connection.setState({ status: 'disconnected' })
  }

  let running: Promise<void> | undefined
  return function reconnect(): Promise<void> {
    running ??= run().finally(() => {
      running = undefined
    })
    return running
  }
}
