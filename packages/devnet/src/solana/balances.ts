// The balances a transaction's meta carries, read from the chain before and after it runs (or from a
// simulation's post-state).
import type { Address } from '@solana/kit'
import type { AccountState } from './accountInfo.ts'
import type { TokenBalance } from './history.ts'
import { decodeMint, decodeTokenAccount, uiTokenAmount } from './splToken.ts'

/** Reads an account; null when it does not exist. */
export type AccountReader = (address: Address) => AccountState | null

/**
 * Lamports of each account key, 0 for an account that does not exist (`preBalances` / `postBalances`).
 *
 * @example
 * lamportBalances((key) => readAccount(svm, key), decoded.accountKeys) // [999_999_995_000n, 0n, 1n]
 */
export function lamportBalances(read: AccountReader, accountKeys: readonly Address[]): bigint[] {
  return accountKeys.map((key) => read(key)?.lamports ?? 0n)
}

/**
 * The initialized SPL token accounts among the account keys (`preTokenBalances` / `postTokenBalances`).
 *
 * @example
 * tokenBalances((key) => readAccount(svm, key), decoded.accountKeys)
 * // [{ accountIndex: 1, mint: '88Ns…', owner: 'oeYf…', programId: 'Tokenkeg…', uiTokenAmount: {…} }]
 */
export function tokenBalances(read: AccountReader, accountKeys: readonly Address[]): TokenBalance[] {
  const balances: TokenBalance[] = []
  const decimalsByMint = new Map<string, number | undefined>()
  accountKeys.forEach((key, accountIndex) => {
    const account = read(key)
    const token = account && decodeTokenAccount(account.data, account.owner)
    if (!account || !token || token.state === 'uninitialized') return
    if (!decimalsByMint.has(token.mint)) {
      const mint = read(token.mint)
      decimalsByMint.set(token.mint, mint ? decodeMint(mint.data, mint.owner)?.decimals : undefined)
    }
    const decimals = decimalsByMint.get(token.mint)
    if (decimals === undefined) return
    balances.push({
      accountIndex,
      mint: token.mint,
      owner: token.owner,
      programId: account.owner,
      uiTokenAmount: uiTokenAmount(token.amount, decimals),
    })
  })
  return balances
}
