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
