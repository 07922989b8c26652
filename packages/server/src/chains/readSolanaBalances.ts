import { address, createSolanaRpc } from '@solana/kit'
import { formatUnits } from 'viem'
import type { SolanaChainConfig, SolanaTokenConfig } from './types.ts'

/** One non-zero holding on a Solana cluster: SOL (`token` absent) or a configured SPL token. */
export interface SolanaHolding {
  chain: SolanaChainConfig
  token?: SolanaTokenConfig
  name: string
  symbol: string
  decimals: number
  /** Exact decimal string of the amount. */
  numeric: string
}

/** A balance read waits this long for the node: a cluster that is down must not hold up the others' answer. */
const READ_TIMEOUT_MS = 5000

const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
] as const

/** What `jsonParsed` gives for an SPL token account (the fields read here). */
interface ParsedTokenAccount {
  parsed: { info: { mint: string; tokenAmount: { amount: string } } }
}

/**
 * The SOL balance and the configured SPL tokens of `owner` on one cluster (both token programs), read in
 * parallel; zero balances are left out, and tokens the server does not list are ignored. Rejects when the
 * cluster cannot be read (nothing partial).
 *
 * @example
 * await readSolanaBalances(chain, '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')
 * // [{ symbol: 'SOL', numeric: '1000', … }, { symbol: 'LUSD-SOL', numeric: '1000000', … }]
 */
export async function readSolanaBalances(chain: SolanaChainConfig, owner: string): Promise<SolanaHolding[]> {
  const rpc = createSolanaRpc(chain.rpcUrl)
  const signal = () => ({ abortSignal: AbortSignal.timeout(READ_TIMEOUT_MS) })
  const account = address(owner)
  const [native, ...accountLists] = await Promise.all([
    rpc.getBalance(account).send(signal()),
    ...(chain.tokens.length
      ? TOKEN_PROGRAMS.map((programId) =>
          rpc
            .getTokenAccountsByOwner(account, { programId: address(programId) }, { encoding: 'jsonParsed' })
            .send(signal()),
        )
      : []),
  ])
  const amounts = new Map<string, bigint>()
  for (const list of accountLists) {
    for (const { account: tokenAccount } of list.value) {
      const { mint, tokenAmount } = (tokenAccount.data as unknown as ParsedTokenAccount).parsed.info
      amounts.set(mint, (amounts.get(mint) ?? 0n) + BigInt(tokenAmount.amount))
    }
  }
  const holdings: SolanaHolding[] = []
  const lamports = BigInt(native.value)
  if (lamports) {
    const { name, symbol, decimals } = chain.nativeCurrency
    holdings.push({ chain, name, symbol, decimals, numeric: formatUnits(lamports, decimals) })
  }
  for (const token of chain.tokens) {
    const amount = amounts.get(token.mint)
    if (!amount) continue
    const { name, symbol, decimals } = token
    holdings.push({ chain, token, name, symbol, decimals, numeric: formatUnits(amount, decimals) })
  }
  return holdings
}
