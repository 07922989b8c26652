// What the history route answers, apart from the route: its JSON shapes, amounts as exact decimals, page cursors, and
// what a transaction was for the account asking (send, receive, trade…).
import { z } from 'zod'
import type { SolanaActivity } from '../chains/readSolanaHistory.ts'
import { isStorableDate } from '../schemas.ts'
import type { HistoryCursor, HistoryEntry } from '../storage/history.ts'

const ZERO = '0x0000000000000000000000000000000000000000'

export const transfer = z.object({
  fungible_info: z
    .object({ name: z.string(), symbol: z.string(), icon: z.object({ url: z.string() }).nullable() })
    .optional(),
  nft_info: z
    .object({
      name: z.string(),
      content: z.object({ preview: z.object({ url: z.string() }).nullable() }),
      flags: z.object({ is_spam: z.boolean() }),
    })
    .optional(),
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.object({ numeric: z.string().meta({ description: 'Whole units, exact, e.g. 1.5' }) }),
  value: z.number().optional(),
  price: z.number().optional(),
})

export const transaction = z.object({
  id: z.string().meta({ description: '<CAIP-2>:<hash>' }),
  metadata: z.object({
    operationType: z
      .enum(['send', 'receive', 'trade', 'execute', 'deploy', 'approve', 'mint', 'burn', 'buy'])
      .meta({ description: '`buy`: an on-ramp purchase (only with `onramp`)' }),
    hash: z.string(),
    minedAt: z.string().meta({ description: 'ISO 8601' }),
    sentFrom: z.string(),
    sentTo: z.string().nullable(),
    status: z.enum(['confirmed', 'failed', 'pending', 'completed']).meta({
      description: 'A transaction’s: confirmed or failed. A purchase’s: pending, completed or failed',
    }),
    nonce: z.number(),
    chain: z.string().meta({ description: 'CAIP-2' }),
  }),
  transfers: z.array(transfer),
})

export type Transfer = z.output<typeof transfer>
export type Transaction = z.output<typeof transaction>

/** An amount in base units as an exact decimal in whole units. */
export function toNumeric(amount: string, decimals: number): string {
  if (decimals <= 0) return amount
  const digits = amount.replace(/^-/, '').padStart(decimals + 1, '0')
  const whole = digits.slice(0, -decimals)
  const fraction = digits.slice(-decimals).replace(/0+$/, '')
  return `${amount.startsWith('-') ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(
    JSON.stringify([cursor.minedAt.toISOString(), cursor.chainId, cursor.blockNumber, cursor.txIndex]),
  ).toString('base64url')
}

const INT32_MAX = 2_147_483_647

/** A Solana page's cursor: the signature the next page starts before. */
export const encodeSolanaCursor = (signature: string) =>
  Buffer.from(JSON.stringify(['solana', signature])).toString('base64url')

export function decodeSolanaCursor(cursor: string): string | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (!Array.isArray(value) || value.length !== 2 || value[0] !== 'solana') return undefined
    return typeof value[1] === 'string' && /^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value[1])
      ? value[1]
      : undefined
  } catch {
    return undefined
  }
}

/** What a Solana transaction was for `account`: what moved to or from it. */
export function solanaOperationType(
  account: string,
  activity: SolanaActivity,
): Transaction['metadata']['operationType'] {
  const mine = activity.transfers.filter((t) => t.from === account || t.to === account)
  const out = new Set(mine.filter((t) => t.from === account && t.to !== account).map((t) => t.mint ?? 'SOL'))
  const inward = mine.filter((t) => t.to === account && t.from !== account)
  if (out.size && inward.some((t) => !out.has(t.mint ?? 'SOL'))) return 'trade'
  if (out.size) return 'send'
  if (inward.length) return 'receive'
  // Nothing moved to or from it (another's payer created its token account): a call, not a receipt.
  return 'execute'
}

/** The cursor's position, or undefined when the text is not a cursor this server could have written. */
export function decodeCursor(cursor: string): HistoryCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (!Array.isArray(value) || value.length !== 4) return undefined
    const [minedAt, chainId, blockNumber, txIndex] = value as [unknown, unknown, unknown, unknown]
    const date = typeof minedAt === 'string' ? new Date(minedAt) : undefined
    // Within the columns' ranges: chain id and transaction index are PostgreSQL integers, the block a bigint.
    const within = (n: unknown, max: number) =>
      Number.isSafeInteger(n) && (n as number) >= 0 && (n as number) <= max
    const integers =
      within(chainId, INT32_MAX) && within(blockNumber, Number.MAX_SAFE_INTEGER) && within(txIndex, INT32_MAX)
    if (!date || !isStorableDate(date) || !integers) return undefined
    return {
      minedAt: date,
      chainId: chainId as number,
      blockNumber: blockNumber as number,
      txIndex: txIndex as number,
    }
  } catch {
    return undefined
  }
}

/** What a transaction was for `account`: its own kind (deploy, approve), else what moved to or from it. */
export function operationTypeFor(
  account: string,
  entry: HistoryEntry,
  mine: HistoryEntry['transfers'],
): Transaction['metadata']['operationType'] {
  const kind = entry.transaction.operationType
  if (kind === 'deploy' || kind === 'approve') return kind
  if (mine.some((t) => t.from === ZERO && t.to === account)) return 'mint'
  if (mine.some((t) => t.to === ZERO && t.from === account)) return 'burn'
  // A swap: the account called a swap, or one token went out and another came in.
  if (kind === 'trade' && entry.transaction.from === account) return 'trade'
  const tokenOf = (t: (typeof mine)[number]) => (t.kind === 'native' ? 'native' : t.token)
  const out = new Set(mine.filter((t) => t.from === account && t.to !== account).map(tokenOf))
  if (mine.some((t) => t.to === account && t.from !== account && !out.has(tokenOf(t))) && out.size)
    return 'trade'
  if (mine.some((t) => t.from === account)) return 'send'
  if (mine.some((t) => t.to === account)) return 'receive'
  return kind === 'send' && entry.transaction.from === account ? 'send' : 'execute'
}
