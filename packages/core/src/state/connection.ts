import type { BaseError } from '../errors/BaseError.ts'
import type { ChainNamespace, ConnectorType } from '../types.ts'
import { createStore, type Store } from './store.ts'

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'

/** Why the last connect attempt failed, as the Connecting view shows it. */
export type ConnectFailure = 'declined' | 'timeout' | 'error'

export interface ActiveConnection {
  connectorId: string
  connectorType: ConnectorType
}

export interface ConnectionState {
  status: ConnectionStatus
  /** One live connection per namespace; companions share a connector kind (SPEC §4). */
  connections: Partial<Record<ChainNamespace, ActiveConnection>>
  /** The connector a connect attempt is waiting on. */
  pendingConnectorId: string | undefined
  failure: ConnectFailure | undefined
  error: BaseError | undefined
  /** WalletConnect pairing URI; reset on disconnect (SPEC §4). */
  wcUri: string | undefined
  /** When `wcUri` expires, in ms since the epoch: 4 minutes after it was created (SPEC §4). */
  wcPairingExpiry: number | undefined
}

export function initialConnectionState(): ConnectionState {
  return {
    status: 'disconnected',
    connections: {},
    pendingConnectorId: undefined,
    failure: undefined,
    error: undefined,
    wcUri: undefined,
    wcPairingExpiry: undefined,
  }
}

export function createConnectionStore(): Store<ConnectionState> {
  return createStore(initialConnectionState())
}
