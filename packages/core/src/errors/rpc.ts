import { BaseError, type BaseErrorParameters } from './BaseError.ts'

/**
 * An error a wallet or RPC node answered with, carrying its numeric code (EIP-1193, EIP-1474, SPEC §8).
 * `shortMessage` is the text a visitor sees.
 */
export class RpcError extends BaseError {
  override name = 'RpcError'
  readonly code: number
  constructor(code: number, shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(shortMessage, parameters)
    this.code = code
  }
}

/** 4001: the visitor declined in the wallet. Views show a declined state, not an error page. */
export class UserRejectedRequestError extends RpcError {
  override name = 'UserRejectedRequestError'
  static readonly code = 4001
  constructor(parameters: BaseErrorParameters = {}) {
    super(4001, 'Request declined in the wallet', parameters)
  }
}

/** 4100 */
export class UnauthorizedError extends RpcError {
  override name = 'UnauthorizedError'
  static readonly code = 4100
  constructor(parameters: BaseErrorParameters = {}) {
    super(4100, 'The wallet has not authorised this request', parameters)
  }
}

/** 4200 */
export class UnsupportedMethodError extends RpcError {
  override name = 'UnsupportedMethodError'
  static readonly code = 4200
  constructor(parameters: BaseErrorParameters = {}) {
    super(4200, 'The wallet does not support this request', parameters)
  }
}

/** 4900 */
export class ProviderDisconnectedError extends RpcError {
  override name = 'ProviderDisconnectedError'
  static readonly code = 4900
  constructor(parameters: BaseErrorParameters = {}) {
    super(4900, 'The wallet is disconnected', parameters)
  }
}

/** 4901 */
export class ChainDisconnectedError extends RpcError {
  override name = 'ChainDisconnectedError'
  static readonly code = 4901
  constructor(parameters: BaseErrorParameters = {}) {
    super(4901, 'The wallet is not connected to this network', parameters)
  }
}

/** 4902: the wallet does not know the chain; adapters answer it with `wallet_addEthereumChain`. */
export class SwitchChainError extends RpcError {
  override name = 'SwitchChainError'
  static readonly code = 4902
  constructor(parameters: BaseErrorParameters = {}) {
    super(4902, 'The wallet could not switch to this network', parameters)
  }
}

const jsonRpcMessages: Record<number, string> = {
  [-32700]: 'The wallet could not parse the request',
  [-32600]: 'The request was not valid',
  [-32601]: 'The method does not exist',
  [-32602]: 'Invalid parameters',
  [-32603]: 'Internal error in the wallet or node',
  [-32000]: 'Invalid input',
  [-32001]: 'Resource not found',
  [-32002]: 'Resource unavailable',
  [-32003]: 'Transaction rejected',
  [-32004]: 'Method not supported',
  [-32005]: 'Limit exceeded',
  [-32006]: 'JSON-RPC version not supported',
}

const providerErrors: Record<number, new (p: BaseErrorParameters) => RpcError> = {
  4001: UserRejectedRequestError,
  4100: UnauthorizedError,
  4200: UnsupportedMethodError,
  4900: ProviderDisconnectedError,
  4901: ChainDisconnectedError,
  4902: SwitchChainError,
}

function codeOf(error: unknown): number | undefined {
  // Wallets nest the original error differently: MetaMask puts it under data.originalError, viem under
  // cause, and MetaMask mobile wraps a 4902 or 4001 inside a -32603. A provider code (4001–4902) anywhere in
  // the chain says more than the wrapper's code, so it wins.
  const codes: number[] = []
  let current: unknown = error
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number') codes.push(code)
    const next = current as { cause?: unknown; data?: { originalError?: unknown } }
    current = next.data?.originalError ?? next.cause
  }
  return codes.find((code) => code in providerErrors) ?? codes[0]
}

/**
 * Turns whatever a wallet threw into a typed Latch error: EIP-1193 provider codes, the JSON-RPC codes of
 * SPEC §8 and 5700–5760 wallet-call bundle errors become `RpcError` subclasses; Latch errors pass through.
 *
 * @example
 * try { await provider.request({ method: 'eth_requestAccounts' }) }
 * catch (e) { throw toRpcError(e) } // UserRejectedRequestError when the visitor declined
 */
export function toRpcError(error: unknown): BaseError {
  if (error instanceof BaseError) return error
  const code = codeOf(error)
  const cause = error
  const details = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined
  if (code === undefined) return new BaseError('Something went wrong', { cause, details })
  const ProviderError = providerErrors[code]
  if (ProviderError) return new ProviderError({ cause, details })
  const jsonRpc = jsonRpcMessages[code]
  if (jsonRpc) return new RpcError(code, jsonRpc, { cause, details })
  if (code >= 5700 && code <= 5760)
    return new RpcError(code, 'The wallet could not process the batch of calls', { cause, details })
  return new RpcError(code, 'Something went wrong', { cause, details })
}

/** True when the visitor declined (4001), however the wallet wrapped it. */
export function isUserRejection(error: unknown): boolean {
  // By code, not class: a plain RpcError(4001) or a Latch error caused by a 4001 is a rejection too.
  return codeOf(error) === UserRejectedRequestError.code
}
