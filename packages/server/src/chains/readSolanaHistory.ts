import { address, createSolanaRpc, type Signature, signature as toSignature } from '@solana/kit'
import type { SolanaChainConfig } from './types.ts'

/** One movement of SOL or of an SPL token, between owners (not token accounts). */
export interface SolanaTransfer {
  /** The SPL mint; absent for SOL. */
  mint?: string
  /** Base units. */
  amount: string
  decimals: number
  from: string
  to: string
}

/** A transaction an address took part in, as its history shows it. */
export interface SolanaActivity {
  signature: string
  minedAt: Date
  status: 'confirmed' | 'failed'
  /** The fee payer: who sent it. */
  feePayer: string
  transfers: SolanaTransfer[]
}

export interface SolanaHistoryPage {
  activities: SolanaActivity[]
  /** The signature the next page starts before; absent on the last page. */
  next?: string
}

/** A history read waits this long for each call to the node. */
const READ_TIMEOUT_MS = 5000

// The parts of a `jsonParsed` transaction read here (the RPC's own shape).
interface ParsedInstruction {
  program?: string
  parsed?: { type?: string; info?: Record<string, unknown> }
}
interface TokenBalance {
  accountIndex: number
  mint: string
  owner?: string
  uiTokenAmount: { decimals: number }
}
interface ParsedTransaction {
  blockTime: number | bigint | null
  meta: {
    err: unknown
    innerInstructions?: { instructions: ParsedInstruction[] }[] | null
    preTokenBalances?: TokenBalance[] | null
    postTokenBalances?: TokenBalance[] | null
  } | null
  transaction: {
    message: { accountKeys: { pubkey: string }[]; instructions: ParsedInstruction[] }
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
const units = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint'
    ? String(value)
    : undefined

/**
 * The SOL and SPL transfers of a transaction, read from its parsed instructions (inner ones too): system `transfer`
 * and `createAccount` (its lamports), SPL `transfer`, `transferChecked`, `mintTo` and `mintToChecked` (from the mint's
 * authority), with token accounts resolved to their owners through the token balances.
 */
export function transfersOf(tx: ParsedTransaction): SolanaTransfer[] {
  const keys = tx.transaction.message.accountKeys.map((key) => key.pubkey)
  const balances = [...(tx.meta?.preTokenBalances ?? []), ...(tx.meta?.postTokenBalances ?? [])]
  const tokenAccount = (account: string | undefined) =>
    balances.find((balance) => keys[balance.accountIndex] === account)
  const instructions = [
    ...tx.transaction.message.instructions,
    ...(tx.meta?.innerInstructions ?? []).flatMap((inner) => inner.instructions),
  ]
  const transfers: SolanaTransfer[] = []
  for (const { program, parsed } of instructions) {
    const info = parsed?.info ?? {}
    if (program === 'system' && (parsed?.type === 'transfer' || parsed?.type === 'createAccount')) {
      const to = text(info.destination) ?? text(info.newAccount)
      const [from, amount] = [text(info.source), units(info.lamports)]
      if (from && to && amount) transfers.push({ amount, decimals: 9, from, to })
    } else if (program === 'spl-token' && (parsed?.type === 'mintTo' || parsed?.type === 'mintToChecked')) {
      // Minted to an account: a transfer from the mint's authority (the mint itself when none is named).
      const destination = tokenAccount(text(info.account))
      const checked = info.tokenAmount as { amount?: unknown; decimals?: unknown } | undefined
      const mint = text(info.mint)
      const amount = units(checked?.amount ?? info.amount)
      const decimals = Number(checked?.decimals ?? destination?.uiTokenAmount.decimals)
      const from = text(info.mintAuthority) ?? mint
      const to = destination?.owner ?? text(info.account)
      if (mint && amount && from && to && Number.isInteger(decimals))
        transfers.push({ mint, amount, decimals, from, to })
    } else if (
      program === 'spl-token' &&
      (parsed?.type === 'transfer' || parsed?.type === 'transferChecked')
    ) {
      const source = tokenAccount(text(info.source))
      const destination = tokenAccount(text(info.destination))
      const checked = info.tokenAmount as { amount?: unknown; decimals?: unknown } | undefined
      const mint = text(info.mint) ?? source?.mint ?? destination?.mint
      const amount = units(checked?.amount ?? info.amount)
      const decimals = Number(
        checked?.decimals ?? source?.uiTokenAmount.decimals ?? destination?.uiTokenAmount.decimals,
      )
      const from = source?.owner ?? text(info.authority)
      const to = destination?.owner ?? text(info.destination)
      if (mint && amount && from && to && Number.isInteger(decimals))
        transfers.push({ mint, amount, decimals, from, to })
    }
  }
  return transfers
}

/**
 * One page of `owner`'s history on a Solana cluster, newest first: the node's signatures for the address
 * (`getSignaturesForAddress`, the cluster's own index of it) and each transaction, parsed. Rejects when the node
 * cannot be read.
 *
 * @example
 * const { activities, next } = await readSolanaHistory(chain, '7EcD…', { limit: 20 })
 */
export async function readSolanaHistory(
  chain: SolanaChainConfig,
  owner: string,
  page: { limit: number; before?: string | undefined },
): Promise<SolanaHistoryPage> {
  const rpc = createSolanaRpc(chain.rpcUrl)
  const signal = () => ({ abortSignal: AbortSignal.timeout(READ_TIMEOUT_MS) })
  const signatures = await rpc
    .getSignaturesForAddress(address(owner), {
      limit: page.limit + 1,
      ...(page.before ? { before: toSignature(page.before) } : {}),
    })
    .send(signal())
  const shown = signatures.slice(0, page.limit)
  const transactions = await Promise.all(
    shown.map(({ signature }) =>
      rpc
        .getTransaction(signature as Signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 })
        .send(signal()),
    ),
  )
  const activities = shown.flatMap(({ signature, blockTime, err }, index): SolanaActivity[] => {
    const tx = transactions[index] as unknown as ParsedTransaction | null
    if (!tx) return []
    const time = tx.blockTime ?? blockTime
    return [
      {
        signature,
        minedAt: new Date(Number(time ?? 0) * 1000),
        status: (tx.meta?.err ?? err) ? 'failed' : 'confirmed',
        feePayer: tx.transaction.message.accountKeys[0]?.pubkey ?? '',
        transfers: transfersOf(tx),
      },
    ]
  })
  const last = shown.at(-1)
  return { activities, ...(signatures.length > page.limit && last ? { next: last.signature } : {}) }
}
