import { BaseError, RpcError } from '@latch/core'
import { type Eip1193Provider, requestWallet } from './provider.ts'

export interface DisconnectParameters {
  provider: Eip1193Provider
  requestTimeoutMs: number
}

/**
 * Asks the wallet to forget this site (`wallet_revokePermissions`, EIP-2255) so the next visit does not
 * reconnect silently. Wallets without the method count as disconnected: there is nothing more to revoke.
 *
 * @example
 * await disconnect({ provider, requestTimeoutMs: 10_000 })
 */
export async function disconnect(parameters: DisconnectParameters): Promise<void> {
  const { provider, requestTimeoutMs } = parameters
  try {
    await requestWallet(provider, {
      method: 'wallet_revokePermissions',
      params: [{ eth_accounts: {} }],
      timeoutMs: requestTimeoutMs,
    })
  } catch (error) {
    if (!isUnsupportedMethod(error)) throw error
  }
}

// 4200 (EIP-1193), -32601 (JSON-RPC) and -32004 (EIP-1474) all mean "no such method"; some wallets only
// say so in words, with a generic code.
const unsupportedCodes = new Set([4200, -32601, -32004])
const unsupportedWords = /method\b.*\bnot (found|supported|implemented)|does not exist|unsupported method/i

function isUnsupportedMethod(error: unknown): boolean {
  if (error instanceof RpcError && unsupportedCodes.has(error.code)) return true
  return error instanceof BaseError && unsupportedWords.test(error.details ?? '')
}
