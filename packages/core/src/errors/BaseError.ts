export interface BaseErrorParameters {
  /** Extra detail for developers; not shown to visitors. */
  details?: string | undefined
  cause?: unknown
}

/**
 * The root of every error Latch throws. `shortMessage` is what a visitor may see (the spec's wording);
 * `details` and `cause` are for developers.
 *
 * @example
 * try { parseCaipAddress('nope') } catch (e) { if (e instanceof BaseError) show(e.shortMessage) }
 */
export class BaseError extends Error {
  override name = 'LatchError'
  readonly shortMessage: string
  readonly details: string | undefined

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const details =
      parameters.details ?? (parameters.cause instanceof Error ? parameters.cause.message : undefined)
    super(details && details !== shortMessage ? `${shortMessage}\n\nDetails: ${details}` : shortMessage, {
      cause: parameters.cause,
    })
    this.shortMessage = shortMessage
    this.details = details
  }
}

/** Bad options passed to `createLatch`. */
export class InvalidOptionsError extends BaseError {
  override name = 'InvalidOptionsError'
}

/** SPEC §8 internal error: 'Chain adapter not found'. */
export class ChainAdapterNotFoundError extends BaseError {
  override name = 'ChainAdapterNotFoundError'
  constructor(namespace: string) {
    super('Chain adapter not found', { details: `No adapter is configured for namespace "${namespace}".` })
  }
}

/** SPEC §8 'Chain not configured'. */
export class ChainNotConfiguredError extends BaseError {
  override name = 'ChainNotConfiguredError'
  constructor(caipNetworkId: string) {
    super('Chain not configured', { details: `Network ${caipNetworkId} is not in the app's networks.` })
  }
}

/** SPEC §8 'Connector not connected'. */
export class ConnectorNotConnectedError extends BaseError {
  override name = 'ConnectorNotConnectedError'
  constructor(details?: string) {
    super('Connector not connected', { details })
  }
}

/** SPEC §8 'Connector already connected': a connect to the wallet the app is connected to. */
export class ConnectorAlreadyConnectedError extends BaseError {
  override name = 'ConnectorAlreadyConnectedError'
  constructor(connectorId: string) {
    super('Connector already connected', { details: `"${connectorId}" is the connected wallet.` })
  }
}

/** SPEC §8 'connector unavailable while reconnecting': a connect to the wallet a reconnect is asking. */
export class ConnectorReconnectingError extends BaseError {
  override name = 'ConnectorReconnectingError'
  constructor(connectorId: string) {
    super('Connector unavailable while reconnecting', {
      details: `"${connectorId}" is being reconnected; try again once reconnect() settles.`,
    })
  }
}

/** SPEC §8 'No ActiveCaipAddress found': signing or sending with no account on the active network. */
export class NoActiveCaipAddressError extends BaseError {
  override name = 'NoActiveCaipAddressError'
  constructor(namespace: string) {
    super('No ActiveCaipAddress found', { details: `No account is connected on ${namespace}.` })
  }
}

/** SPEC §8 'account not found for connector'. */
export class AccountNotFoundError extends BaseError {
  override name = 'AccountNotFoundError'
  constructor(connectorId: string) {
    super('Account not found for connector', { details: `Connector "${connectorId}" returned no account.` })
  }
}

/** A wallet that did not answer within the bounded wait (DESIGN.md rule 8). */
export class TimeoutError extends BaseError {
  override name = 'TimeoutError'
  constructor(what: string, ms: number) {
    super('The wallet did not respond', { details: `${what} timed out after ${ms} ms.` })
  }
}

/** SPEC §8 'Failed to disconnect'. */
export class DisconnectError extends BaseError {
  override name = 'DisconnectError'
  constructor(cause?: unknown) {
    super('Failed to disconnect', { cause })
  }
}

/** A server feature (wallet directory, account data, sign-in sessions) used by a client created without `apiUrl`. */
export class ApiNotConfiguredError extends BaseError {
  override name = 'ApiNotConfiguredError'
  /** `feature`: what needed the server, as the details name it (default: the directory and account data). */
  constructor(feature = 'its wallet directory and account data') {
    super('No Latch server configured', {
      details: `Set the apiUrl option to the base URL of a Latch server to use ${feature}.`,
    })
  }
}

/** WalletConnect was asked for by an app that did not set the `walletConnect` option (or has no adapter for it). */
export class WalletConnectNotConfiguredError extends BaseError {
  override name = 'WalletConnectNotConfiguredError'
  constructor() {
    super('WalletConnect is not available', {
      details: 'Set the walletConnect option and add an adapter (evmAdapter) that offers its connector.',
    })
  }
}
