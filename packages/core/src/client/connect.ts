import {
  AccountNotFoundError,
  ConnectorAlreadyConnectedError,
  ConnectorNotConnectedError,
  ConnectorReconnectingError,
  TimeoutError,
} from '../errors/BaseError.ts'
import { isUserRejection, toRpcError } from '../errors/rpc.ts'
import { withTimeout } from '../utils/withTimeout.ts'
import type { AdapterRegistry } from './adapters.ts'
import type { ClientContext } from './context.ts'
import type { Session } from './session.ts'

/** What a connect through a particular kind of connector adds to the plain one. */
export interface ConnectHooks {
  /** How long the wallet may take; `connectTimeoutMs` unless set. */
  timeoutMs?: number
  /** Told the WalletConnect pairing URI, only while this attempt is the latest. */
  onUri?(uri: string): void
  /** Told when this attempt settles while it is still the latest (connected or failed). */
  onSettled?(): void
  /** Leaves the modal open once connected (a network switch connecting a wallet's other namespace). */
  stayOpen?: boolean
}

export interface ConnectAttempts {
  /**
   * Connect through a discovered connector. Bounded; a retry supersedes an attempt still waiting, whose late
   * answer is then ignored. The outcome lands in the connection store (declined, timeout, error) for the
   * Connecting views, and the promise rejects with the typed error.
   */
  connect(connectorId: string, hooks?: ConnectHooks): Promise<void>
  /** Gives up the attempt in progress, if any: its answer will be ignored and the status is restored. */
  abandon(): void
}

export function createConnect(
  context: ClientContext,
  registry: AdapterRegistry,
  session: Session,
): ConnectAttempts {
  const { connection, network, modal, options } = context
  let latestAttempt = 0

  /** The status the live connections give, not the one before an attempt: that is 'connecting' on a retry. */
  const settledStatus = () =>
    Object.keys(connection.getState().connections).length ? 'connected' : 'disconnected'

  async function connect(connectorId: string, hooks: ConnectHooks = {}): Promise<void> {
    // Neither asks the wallet nor touches the connection state: nothing is attempted.
    if (Object.values(connection.getState().connections).some((c) => c?.connectorId === connectorId))
      throw new ConnectorAlreadyConnectedError(connectorId)
    if (context.reconnecting === connectorId) throw new ConnectorReconnectingError(connectorId)
    const attempt = ++latestAttempt
    const current = () => attempt === latestAttempt
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
      const { onUri } = hooks
      const timeoutMs = hooks.timeoutMs ?? options.connectTimeoutMs
      const result = await withTimeout(
        adapter.connect({
          connectorId,
          network: activeNetwork.chainNamespace === connector.chain ? activeNetwork : undefined,
          ...(onUri ? { onUri: (uri: string) => current() && onUri(uri) } : {}),
        }),
        timeoutMs,
        'connect',
      )
      if (!current()) return
      if (!result.accounts.length) throw new AccountNotFoundError(connectorId)
      hooks.onSettled?.()
      session.establish(connector, result, adapter)
      context.track('CONNECT_SUCCESS', {
        name: connector.name,
        method: connector.type === 'WALLET_CONNECT' ? 'qrcode' : 'browser',
      })
      if (modal.getState().open && network.getState().unsupportedChainId === undefined && !hooks.stayOpen)
        context.closeModal()
    } catch (cause) {
      const error = toRpcError(cause)
      if (current()) {
        hooks.onSettled?.()
        connection.setState({
          status: settledStatus(),
          failure: error instanceof TimeoutError ? 'timeout' : isUserRejection(error) ? 'declined' : 'error',
          error,
        })
        modal.triggerShake()
        context.track('CONNECT_ERROR', { message: error.shortMessage })
      }
      throw error
    }
  }

  return {
    connect,
    abandon() {
      const { status, pendingConnectorId } = connection.getState()
      // A silent reconnect also says 'connecting', but it has no pending connector and is not ours to stop.
      if (status !== 'connecting' || pendingConnectorId === undefined) return
      latestAttempt++
      connection.setState({ status: settledStatus(), pendingConnectorId: undefined })
    },
  }
}
