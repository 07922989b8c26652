import { AccountNotFoundError, ConnectorNotConnectedError, TimeoutError } from '../errors/BaseError.ts'
import { isUserRejection, toRpcError } from '../errors/rpc.ts'
import { withTimeout } from '../utils/withTimeout.ts'
import type { AdapterRegistry } from './adapters.ts'
import type { ClientContext } from './context.ts'
import type { Session } from './session.ts'

/**
 * Connect through a discovered connector. Bounded by `connectTimeoutMs`; a retry supersedes an attempt still
 * waiting, whose late answer is then ignored. The outcome lands in the connection store (declined, timeout,
 * error) for the Connecting view, and the promise rejects with the typed error.
 */
export function createConnect(context: ClientContext, registry: AdapterRegistry, session: Session) {
  const { connection, network, modal, options } = context
  let latestAttempt = 0

  return async function connect(connectorId: string): Promise<void> {
    const attempt = ++latestAttempt
    connection.setState({
      status: 'connecting',
      pendingConnectorId: connectorId,
      failure: undefined,
      error: undefined,
    })
    try {
      const connector = registry.findConnector(connectorId)
      if (!connector) throw new ConnectorNotConnectedError(`No connector "${connectorId}" was discovered.`)
      context.track('SELECT_WALLET', { id: connector.id, name: connector.name })
      const adapter = await registry.getAdapter(connector.chain)
      const { activeNetwork } = network.getState()
      const result = await withTimeout(
        adapter.connect({
          connectorId,
          network: activeNetwork.chainNamespace === connector.chain ? activeNetwork : undefined,
        }),
        options.connectTimeoutMs,
        'connect',
      )
      if (attempt !== latestAttempt) return
      if (!result.accounts.length) throw new AccountNotFoundError(connectorId)
      session.establish(connector, result, adapter)
      context.track('CONNECT_SUCCESS', { name: connector.name, method: 'browser' })
      if (modal.getState().open && network.getState().unsupportedChainId === undefined) context.closeModal()
    } catch (cause) {
      const error = toRpcError(cause)
      if (attempt === latestAttempt) {
        // From the live connections, not the status before this attempt: that is 'connecting' on a retry.
        connection.setState({
          status: Object.keys(connection.getState().connections).length ? 'connected' : 'disconnected',
          failure: error instanceof TimeoutError ? 'timeout' : isUserRejection(error) ? 'declined' : 'error',
          error,
        })
        modal.triggerShake()
        context.track('CONNECT_ERROR', { message: error.shortMessage })
      }
      throw error
    }
  }
}
