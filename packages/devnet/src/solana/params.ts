// JSON-RPC errors and the checks every method's params go through, so a bad call answers -32602 with a message
// naming the param instead of failing somewhere inside.
import { type Address, isAddress, isSignature } from '@solana/kit'

/** A JSON-RPC error answer: `{ code, message, data? }`. */
export class RpcError extends Error {
  override name = 'RpcError'
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

export const rpcErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  preflightFailure: -32002,
  signatureVerificationFailure: -32003,
  unsupportedTransactionVersion: -32015,
  minContextSlotNotReached: -32016,
} as const

/** -32602 with the RPC's "Invalid params: " prefix. */
export function invalidParams(problem: string): RpcError {
  return new RpcError(rpcErrorCodes.invalidParams, `Invalid params: ${problem}`)
}

/** The positional params (the Solana RPC takes no named params); absent params are none. */
export function positional(params: unknown): unknown[] {
  if (params === undefined || params === null) return []
  if (!Array.isArray(params)) throw invalidParams('params must be an array')
  return params
}

export function requireParam(params: unknown[], index: number, name: string): unknown {
  if (params[index] === undefined || params[index] === null)
    throw invalidParams(`missing ${name} (param ${index})`)
  return params[index]
}

export function addressParam(value: unknown, name: string): Address {
  if (typeof value !== 'string' || !isAddress(value))
    throw invalidParams(`${name} is not a base58 public key`)
  return value
}

export function signatureParam(value: unknown, name: string): string {
  if (typeof value !== 'string' || !isSignature(value))
    throw invalidParams(`${name} is not a base58 transaction signature`)
  return value
}

export function stringParam(value: unknown, name: string): string {
  if (typeof value !== 'string') throw invalidParams(`${name} must be a string`)
  return value
}

export function u64Param(value: unknown, name: string): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw invalidParams(`${name} must be a non-negative integer`)
  return BigInt(value)
}

/** The config object at `index`: absent is `{}`. */
export function configParam(params: unknown[], index: number): Record<string, unknown> {
  const config = params[index]
  if (config === undefined || config === null) return {}
  if (typeof config !== 'object' || Array.isArray(config))
    throw invalidParams(`the config (param ${index}) must be an object`)
  return config as Record<string, unknown>
}

export function optionalBoolean(config: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const value = config[key]
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'boolean') throw invalidParams(`${key} must be a boolean`)
  return value
}

export function optionalInteger(config: Record<string, unknown>, key: string): bigint | undefined {
  const value = config[key]
  if (value === undefined || value === null) return undefined
  return u64Param(value, key)
}

export function enumParam<T extends string>(
  config: Record<string, unknown>,
  key: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = config[key]
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'string' || !allowed.includes(value as T))
    throw invalidParams(`${key} must be one of ${allowed.map((item) => `"${item}"`).join(', ')}`)
  return value as T
}

const commitments = ['processed', 'confirmed', 'finalized'] as const

/**
 * Checks `commitment` and `minContextSlot`; everything is final here, so any commitment is met.
 *
 * @example
 * checkCommitment(configParam(params, 1), chain.slot)
 */
export function checkCommitment(config: Record<string, unknown>, slot: bigint): void {
  enumParam(config, 'commitment', commitments, 'finalized')
  enumParam(config, 'preflightCommitment', commitments, 'finalized')
  const minContextSlot = optionalInteger(config, 'minContextSlot')
  if (minContextSlot !== undefined && minContextSlot > slot)
    throw new RpcError(rpcErrorCodes.minContextSlotNotReached, 'Minimum context slot has not been reached', {
      contextSlot: slot,
    })
}
