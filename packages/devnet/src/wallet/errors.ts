/** An EIP-1193 provider error: an `Error` with the numeric `code` dapps branch on. */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

/** EIP-1193 and JSON-RPC codes the dev wallet answers with. */
export const errorCodes = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  invalidParams: -32602,
  internal: -32603,
} as const

export const userRejected = () => new ProviderRpcError(errorCodes.userRejected, 'User rejected the request.')

export const unauthorized = () =>
  new ProviderRpcError(
    errorCodes.unauthorized,
    'The requested account and/or method has not been authorized by the user.',
  )

export const invalidParams = (message: string) => new ProviderRpcError(errorCodes.invalidParams, message)
