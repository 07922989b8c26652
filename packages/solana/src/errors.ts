import { BaseError, type BaseErrorParameters } from '@latch/core'

/**
 * The RPC node could not tell the balance: unreachable, timed out, or answered with an error. The UI shows
 * 'balance unavailable' and may retry later (SPEC §9: balance retry 30 s).
 */
export class BalanceUnavailableError extends BaseError {
  override name = 'BalanceUnavailableError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Balance unavailable', parameters)
  }
}

/** The network could not be read to build a transaction (its latest blockhash, a mint, an account). */
export class NetworkUnavailableError extends BaseError {
  override name = 'NetworkUnavailableError'
  constructor(cause: unknown) {
    super('Could not reach the network', { cause })
  }
}
