/**
 * The addresses in a wallet's `eth_accounts` / `eth_requestAccounts` / `accountsChanged` answer. Anything
 * that is not a list of strings counts as no accounts.
 *
 * @example
 * parseAccounts(['0xf39f…']) // ['0xf39f…']
 */
export function parseAccounts(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value.filter((account): account is string => typeof account === 'string' && account.length > 0)
}

/**
 * Whether `value` is a 0x-prefixed 20-byte hex address, whatever its letter case. viem's `isAddress` would
 * bring keccak-256 into the adapter for its checksum check, which RPC parameters do not need.
 *
 * @example
 * isHexAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266') // true
 */
export function isHexAddress(value: string): value is `0x${string}` {
  return /^0x[0-9a-fA-F]{40}$/.test(value)
}
