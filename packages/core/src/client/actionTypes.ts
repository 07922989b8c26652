// The client's public actions, named the way viem names its own: what each takes, gives (the ones that resolve
// with a value) and may reject with, so an app can type its wrappers and narrow a caught error without reading
// the implementation.
import type {
  AccountNotFoundError,
  ChainAdapterNotFoundError,
  ChainNotConfiguredError,
  ConnectorAlreadyConnectedError,
  ConnectorNotConnectedError,
  ConnectorReconnectingError,
  DisconnectError,
  NoActiveCaipAddressError,
  TimeoutError,
  WalletConnectNotConfiguredError,
} from '../errors/BaseError.ts'
import type { RpcError } from '../errors/rpc.ts'
import type { CaipNetworkId, Network } from '../types.ts'

/** `connect(connectorId)`: the id of a discovered connector (`client.connectors`). */
export type ConnectParameters = string
/** The wallet's refusal or failure is an `RpcError` (`UserRejectedRequestError` when the visitor declined). */
export type ConnectErrorType =
  | ConnectorAlreadyConnectedError
  | ConnectorReconnectingError
  | ConnectorNotConnectedError
  | ChainAdapterNotFoundError
  | AccountNotFoundError
  | TimeoutError
  | RpcError

export type ConnectWalletConnectErrorType = WalletConnectNotConfiguredError | TimeoutError | RpcError

export type DisconnectErrorType = DisconnectError

/** A configured network, or its CAIP-2 id. */
export type SwitchNetworkParameters = Network | CaipNetworkId
export type SwitchNetworkErrorType = ChainNotConfiguredError | ChainAdapterNotFoundError | RpcError

/** The text to sign. */
export type SignMessageParameters = string
/** The signature, hex. */
export type SignMessageReturnType = string
export type SignMessageErrorType = NoActiveCaipAddressError | ConnectorNotConnectedError | RpcError

/** A transaction from the connected account on the active network. */
export interface SendTransactionParameters {
  to: string
  /** In the network coin's base units. */
  value?: bigint
  /** Hex calldata. */
  data?: string
  /** The token `value` counts, where the namespace names it (a Solana SPL mint; see `PreparedTransfer`). */
  token?: string
  /** The gas limit; the wallet estimates it when absent. */
  gas?: bigint
}
/** The transaction's hash. */
export type SendTransactionReturnType = string
export type SendTransactionErrorType = NoActiveCaipAddressError | ConnectorNotConnectedError | RpcError

/** `refreshBalance` / `refreshIdentity`: read again even within the cache's lifetime. */
export interface RefreshParameters {
  force?: boolean
}
