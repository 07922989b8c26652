import type { ChainNamespace } from '../types.ts'

const evmAddress = /^(0x)?[0-9a-fA-F]{40}$/
const solanaAddress = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * SPEC §5: optional 0x plus 40 hex characters.
 *
 * @example
 * isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // true
 */
export function isEvmAddress(value: string): boolean {
  return typeof value === 'string' && evmAddress.test(value)
}

/**
 * SPEC §5: 32 to 44 base58 characters.
 *
 * @example
 * isSolanaAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV') // true
 */
export function isSolanaAddress(value: string): boolean {
  return typeof value === 'string' && solanaAddress.test(value)
}

/** Address validation for a namespace; namespaces without a rule accept any non-empty string. */
export function isAddress(value: string, namespace: ChainNamespace): boolean {
  if (namespace === 'eip155') return isEvmAddress(value)
  if (namespace === 'solana') return isSolanaAddress(value)
  return typeof value === 'string' && value.length > 0
}
