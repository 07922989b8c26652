import { BaseError, type BaseErrorParameters } from '@latch/core'

/**
 * The RPC node could not tell the balance: unreachable, timed out, or answered with an error after the
 * SPEC §9 retries. The UI shows 'balance unavailable' and may retry later (SPEC §9: balance retry 30 s).
 */
export class BalanceUnavailableError extends BaseError {
  override name = 'BalanceUnavailableError'
  /** The HTTP status of the last attempt, when the node answered with one. */
  readonly status: number | undefined
  constructor(parameters: BaseErrorParameters & { status?: number | undefined } = {}) {
    super('Balance unavailable', parameters)
    this.status = parameters.status
  }
}

/** SPEC §8 'connector chain does not match connection chain': the wallet is on another network. */
export class ChainMismatchError extends BaseError {
  override name = 'ChainMismatchError'
  constructor(walletChainId: number, expectedChainId: number) {
    super('Connector chain does not match connection chain', {
      details: `The wallet is on chain ${walletChainId}, the request is for chain ${expectedChainId}.`,
    })
  }
}
