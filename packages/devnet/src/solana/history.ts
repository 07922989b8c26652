// The chain's own record of executed transactions (litesvm keeps only what AlreadyProcessed needs), bounded so a
// devnet left running does not grow without limit.
import type { TransactionErrorJson } from './errors.ts'
import type { DecodedTransaction } from './message.ts'
import type { UiTokenAmount } from './splToken.ts'

/** One entry of `preTokenBalances` / `postTokenBalances`. */
export interface TokenBalance {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: UiTokenAmount
}

export interface InnerInstructionSet {
  /** The top-level instruction these were invoked from. */
  index: number
  instructions: { programIdIndex: number; accounts: number[]; data: Uint8Array; stackHeight: number }[]
}

export interface TransactionRecordMeta {
  fee: bigint
  err: TransactionErrorJson | null
  logMessages: string[]
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  innerInstructions: InnerInstructionSet[]
  computeUnitsConsumed: bigint
  returnData: { programId: string; data: Uint8Array } | null
}

export interface TransactionRecord {
  signature: string
  slot: bigint
  /** Unix seconds. */
  blockTime: number
  wire: Uint8Array
  decoded: DecodedTransaction
  meta: TransactionRecordMeta
}

export interface SignaturesForAddressOptions {
  limit: number
  /** Start searching backwards from this signature (exclusive). */
  before?: string | undefined
  /** Stop at this signature (exclusive). */
  until?: string | undefined
}

/**
 * Executed transactions by signature and, newest first, by every account key they name.
 *
 * @example
 * const history = new TransactionHistory(10_000)
 * history.add(record)
 * history.forAddress(address, { limit: 10 }) // [record]
 */
export class TransactionHistory {
  readonly #capacity: number
  readonly #bySignature = new Map<string, TransactionRecord>()
  /** Oldest first, so dropping the oldest record is a shift on each of its keys. */
  readonly #byAddress = new Map<string, TransactionRecord[]>()
  #total = 0n

  constructor(capacity: number) {
    this.#capacity = capacity
  }

  /** Transactions recorded since the chain started, dropped ones included. */
  get total(): bigint {
    return this.#total
  }

  get size(): number {
    return this.#bySignature.size
  }

  add(record: TransactionRecord): void {
    this.#bySignature.set(record.signature, record)
    this.#total += 1n
    for (const address of new Set(record.decoded.accountKeys)) {
      const records = this.#byAddress.get(address)
      if (records) records.push(record)
      else this.#byAddress.set(address, [record])
    }
    if (this.#bySignature.size > this.#capacity) this.#dropOldest()
  }

  get(signature: string): TransactionRecord | undefined {
    return this.#bySignature.get(signature)
  }

  forAddress(address: string, options: SignaturesForAddressOptions): TransactionRecord[] {
    const records = this.#byAddress.get(address) ?? []
    let index = records.length - 1
    if (options.before !== undefined) {
      const before = this.#bySignature.get(options.before)
      if (!before) return []
      while (index >= 0 && records[index] !== before) index--
      index--
    }
    const found: TransactionRecord[] = []
    for (; index >= 0 && found.length < options.limit; index--) {
      const record = records[index]!
      if (record.signature === options.until) break
      found.push(record)
    }
    return found
  }

  #dropOldest(): void {
    const [signature, oldest] = this.#bySignature.entries().next().value as [string, TransactionRecord]
    this.#bySignature.delete(signature)
    for (const address of new Set(oldest.decoded.accountKeys)) {
      const records = this.#byAddress.get(address)
      if (!records) continue
      if (records[0] === oldest) records.shift()
      if (records.length === 0) this.#byAddress.delete(address)
    }
  }
}
