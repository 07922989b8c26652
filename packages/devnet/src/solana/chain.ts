// The local Solana chain: litesvm runs the transactions; this keeps what litesvm does not — slots, a clock,
// recent blockhashes and the history the RPC reads — so it behaves like a one-transaction-per-slot cluster.

import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getAddressDecoder,
  getBase16Encoder,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { Clock, FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import { type AccountState, readAccount } from './accountInfo.ts'
import { type AccountReader, lamportBalances, tokenBalances } from './balances.ts'
import { type TransactionErrorJson, transactionErrorJson } from './errors.ts'
import { transactionFee } from './fees.ts'
import { type InnerInstructionSet, TransactionHistory, type TransactionRecord } from './history.ts'
import { type DecodedTransaction, decodeWireTransaction } from './message.ts'

/** sha256("latch-solana-faucet"): the key requestAirdrop and the genesis airdrops pay from. */
export const solanaFaucetSeed = '09500e2d2baf923729abd48e056a2c780ba421da000187a25326261375bfb8bd'
/** The faucet's address, funded in the genesis state with {@link faucetLamports}. */
export const solanaFaucetAddress = '5YTT6zaU4M4DS3WdXr4uX3Bx1E8cepQVS8GsZSbVBCbD' as Address
const faucetLamports = 500_000_000n * 1_000_000_000n

/** A blockhash stays usable for 150 blocks after the one it was latest in, as on a real cluster. */
export const maxBlockhashAge = 150n
const slotsPerEpoch = 432_000n

export interface CreateSolanaChainParameters {
  /**
   * Transactions kept for getTransaction and getSignaturesForAddress; the oldest go first. Default 10,000, at
   * least 151 (a blockhash's lifetime), so a transaction can never land twice.
   */
  historyCapacity?: number
}

/** What a transaction sent to the chain came to: recorded in a slot (it may have failed), or never landed. */
export type SendResult =
  | { status: 'recorded'; record: TransactionRecord }
  | {
      status: 'rejected'
      signature: string
      err: TransactionErrorJson
      logs: string[]
      unitsConsumed: bigint
    }

export interface SimulationResult {
  decoded: DecodedTransaction
  err: TransactionErrorJson | null
  logs: string[]
  unitsConsumed: bigint
  returnData: { programId: string; data: Uint8Array } | null
  innerInstructions: InnerInstructionSet[]
  fee: bigint
  /** Reads an account as the transaction would leave it (the current state when the simulation failed). */
  readAfter: AccountReader
}

/** A transaction the chain itself sent (genesis, airdrop) did not land. */
export class SolanaChainTransactionError extends Error {
  override name = 'SolanaChainTransactionError'
  readonly err: TransactionErrorJson
  readonly logs: string[]
  constructor(err: TransactionErrorJson, logs: string[]) {
    super(`The transaction failed: ${JSON.stringify(err)}\n${logs.join('\n')}`)
    this.err = err
    this.logs = logs
  }
}

/**
 * A litesvm chain with slots, a clock, a blockhash that changes every slot and a bounded history.
 *
 * Blockhashes: litesvm only accepts its latest blockhash, so a transaction signed just before another one lands
 * would fail if the chain expired its blockhash after each transaction. The chain therefore turns litesvm's check
 * off, keeps the last {@link maxBlockhashAge} blockhashes itself and refuses any other (`BlockhashNotFound`), and
 * refuses a signature it has already recorded (`AlreadyProcessed`): two identical transfers built one after the
 * other get different blockhashes and both land, as on a real cluster.
 *
 * @example
 * const chain = await SolanaChain.create()
 * const result = chain.sendTransaction(wireBytes, { preflight: true })
 * if (result.status === 'recorded') chain.history.get(result.record.signature)
 */
export class SolanaChain {
  readonly svm: LiteSVM
  readonly history: TransactionHistory
  readonly faucet: KeyPairSigner
  /** Unix seconds when the chain started (the clock's epoch start). */
  readonly genesisTime: bigint
  #slot = 0n
  /** Blockhash → the slot it was latest in. */
  readonly #recentBlockhashes = new Map<string, bigint>()
  readonly #transactionListeners = new Set<(record: TransactionRecord) => void>()
  readonly #slotListeners = new Set<(slot: bigint) => void>()

  private constructor(faucet: KeyPairSigner, parameters: CreateSolanaChainParameters) {
    this.faucet = faucet
    this.history = new TransactionHistory(
      Math.max(parameters.historyCapacity ?? 10_000, Number(maxBlockhashAge) + 1),
    )
    // History 0: litesvm would otherwise refuse a transaction that never landed when it is sent again; the chain
    // answers AlreadyProcessed itself from its own history. Native mints: wrapped SOL works as on a cluster.
    this.svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n).withNativeMints()
    this.svm.setAccount({
      address: faucet.address,
      lamports: lamports(faucetLamports),
      programAddress: '11111111111111111111111111111111' as Address,
      executable: false,
      data: new Uint8Array(),
      space: 0n,
    })
    this.genesisTime = BigInt(Math.floor(Date.now() / 1000))
    this.#setClock(0n, this.genesisTime)
    this.#recentBlockhashes.set(this.svm.latestBlockhash(), 0n)
  }

  /**
   * A fresh chain: litesvm's default programs (System, SPL Token, Token-2022, Associated Token, Memo), the
   * native (wrapped SOL) mints, the faucet funded, slot 0. genesis.ts adds the test accounts and the test token.
   *
   * @example
   * const chain = await SolanaChain.create({ historyCapacity: 1_000 })
   */
  static async create(parameters: CreateSolanaChainParameters = {}): Promise<SolanaChain> {
    const faucet = await createKeyPairSignerFromPrivateKeyBytes(getBase16Encoder().encode(solanaFaucetSeed))
    return new SolanaChain(faucet, parameters)
  }

  /** The current slot: the slot of the last recorded transaction (one per slot), 0 before any. */
  get slot(): bigint {
    return this.#slot
  }

  /** Every slot holds a block here, so the block height is the slot. */
  get blockHeight(): bigint {
    return this.#slot
  }

  get epoch(): { epoch: bigint; slotIndex: bigint; slotsInEpoch: bigint } {
    return {
      epoch: this.#slot / slotsPerEpoch,
      slotIndex: this.#slot % slotsPerEpoch,
      slotsInEpoch: slotsPerEpoch,
    }
  }

  latestBlockhash(): { blockhash: Blockhash; lastValidBlockHeight: bigint } {
    return { blockhash: this.svm.latestBlockhash(), lastValidBlockHeight: this.#slot + maxBlockhashAge }
  }

  isBlockhashValid(blockhash: string): boolean {
    const slot = this.#recentBlockhashes.get(blockhash)
    return slot !== undefined && this.#slot <= slot + maxBlockhashAge
  }

  /** Decodes wire bytes against the current state (lookup tables); throws InvalidTransactionError. */
  decode(wire: Uint8Array): DecodedTransaction {
    return decodeWireTransaction(wire, (address) => {
      const account = this.svm.getAccount(address)
      return account.exists ? new Uint8Array(account.data) : undefined
    })
  }

  /**
   * Runs a transaction. With `preflight`, one that would fail is rejected untouched (the RPC's preflight);
   * without, a failing one that can pay its fee is recorded as failed, fee charged. Throws InvalidTransactionError
   * for bytes that are not a transaction.
   */
  sendTransaction(wire: Uint8Array, options: { preflight: boolean }): SendResult {
    const decoded = this.decode(wire)
    const signature = decoded.signatures[0]!
    const reject = (err: TransactionErrorJson, logs: string[] = [], unitsConsumed = 0n): SendResult => ({
      status: 'rejected',
      signature,
      err,
      logs,
      unitsConsumed,
    })
    if (this.history.get(signature)) return reject('AlreadyProcessed')
    if (!this.isBlockhashValid(decoded.recentBlockhash)) return reject('BlockhashNotFound')
    const blockTime = this.#tick()
    if (options.preflight) {
      const simulation = this.#simulate(decoded, { sigVerify: true })
      if (simulation.err !== null) return reject(simulation.err, simulation.logs, simulation.unitsConsumed)
    }
    const preBalances = lamportBalances(this.#read, decoded.accountKeys)
    const preTokenBalances = tokenBalances(this.#read, decoded.accountKeys)
    const outcome = this.#execute(decoded)
    if (outcome === undefined) return reject('SignatureFailure')
    const postBalances = lamportBalances(this.#read, decoded.accountKeys)
    const failed = outcome instanceof FailedTransactionMetadata
    const meta = outcome instanceof FailedTransactionMetadata ? outcome.meta() : outcome
    const err = outcome instanceof FailedTransactionMetadata ? transactionErrorJson(outcome.err()) : null
    // A failure lands (in a block, fee charged) only when the fee payer could pay; otherwise it is dropped.
    if (err !== null && postBalances[0]! >= preBalances[0]!)
      return reject(err, meta.logs(), meta.computeUnitsConsumed())
    const record: TransactionRecord = {
      signature,
      slot: this.#slot + 1n,
      blockTime,
      wire: new Uint8Array(wire),
      decoded,
      meta: {
        fee: failed ? preBalances[0]! - postBalances[0]! : transactionFee(decoded),
        err,
        logMessages: meta.logs(),
        preBalances,
        postBalances,
        preTokenBalances,
        postTokenBalances: tokenBalances(this.#read, decoded.accountKeys),
        innerInstructions: innerInstructionSets(meta),
        computeUnitsConsumed: meta.computeUnitsConsumed(),
        returnData: returnDataOf(meta),
      },
    }
    this.history.add(record)
    this.#advance()
    // A listener's failure (a subscriber's socket) is its own: the transaction has landed either way.
    for (const listener of this.#slotListeners) callSafely(() => listener(this.#slot))
    for (const listener of this.#transactionListeners) callSafely(() => listener(record))
    return { status: 'recorded', record }
  }

  /** litesvm's outcome; undefined when its wrapper refused the transaction for a missing signature. */
  #execute(decoded: DecodedTransaction): TransactionMetadata | FailedTransactionMetadata | undefined {
    try {
      return this.svm.sendTransaction(decoded.transaction)
    } catch {
      return undefined
    }
  }

  /**
   * Runs a transaction without keeping its effects (simulateTransaction). `sigVerify: false` accepts missing or
   * wrong signatures; `replaceRecentBlockhash` skips the blockhash check.
   */
  simulateTransaction(
    wire: Uint8Array,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean },
  ): SimulationResult {
    const decoded = this.decode(wire)
    if (!options.replaceRecentBlockhash && !this.isBlockhashValid(decoded.recentBlockhash))
      return this.#emptySimulation(decoded, 'BlockhashNotFound')
    this.#tick()
    return this.#simulate(decoded, options)
  }

  #simulate(decoded: DecodedTransaction, options: { sigVerify: boolean }): SimulationResult {
    let outcome: ReturnType<LiteSVM['simulateTransaction']>
    this.svm.withSigverify(options.sigVerify)
    try {
      outcome = this.svm.simulateTransaction(decoded.transaction)
    } catch {
      return this.#emptySimulation(decoded, 'SignatureFailure')
    } finally {
      this.svm.withSigverify(true)
    }
    if (outcome instanceof FailedTransactionMetadata) {
      const meta = outcome.meta()
      return {
        ...this.#emptySimulation(decoded, transactionErrorJson(outcome.err())),
        logs: meta.logs(),
        unitsConsumed: meta.computeUnitsConsumed(),
        innerInstructions: innerInstructionSets(meta),
      }
    }
    const meta = outcome.meta()
    const written = new Map<string, AccountState>()
    for (const account of outcome.postAccounts()) {
      written.set(account.address, {
        lamports: account.lamports,
        data: new Uint8Array(account.data),
        owner: account.programAddress,
        executable: account.executable,
      })
    }
    return {
      decoded,
      err: null,
      logs: meta.logs(),
      unitsConsumed: meta.computeUnitsConsumed(),
      returnData: returnDataOf(meta),
      innerInstructions: innerInstructionSets(meta),
      fee: transactionFee(decoded),
      readAfter: (address) => {
        const account = written.get(address)
        if (account) return account.lamports === 0n ? null : account
        return this.#read(address)
      },
    }
  }

  readonly #read: AccountReader = (address) => readAccount(this.svm, address)

  #emptySimulation(decoded: DecodedTransaction, err: TransactionErrorJson): SimulationResult {
    return {
      decoded,
      err,
      logs: [],
      unitsConsumed: 0n,
      returnData: null,
      innerInstructions: [],
      fee: transactionFee(decoded),
      readAfter: this.#read,
    }
  }

  /**
   * Signs `instructions` with their signers and `feePayer`, and sends them with preflight; throws
   * SolanaChainTransactionError when they do not land.
   *
   * @example
   * await chain.signAndSend(payer, [getTransferSolInstruction({ source: payer, destination, amount: 1n })])
   */
  async signAndSend(
    feePayer: KeyPairSigner,
    instructions: readonly Instruction[],
  ): Promise<TransactionRecord> {
    const { blockhash, lastValidBlockHeight } = this.latestBlockhash()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (draft) => setTransactionMessageFeePayerSigner(feePayer, draft),
      (draft) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight }, draft),
      (draft) => appendTransactionMessageInstructions(instructions, draft),
    )
    const signed = await signTransactionMessageWithSigners(message)
    const result = this.sendTransaction(new Uint8Array(getTransactionEncoder().encode(signed)), {
      preflight: true,
    })
    if (result.status === 'rejected') throw new SolanaChainTransactionError(result.err, result.logs)
    if (result.record.meta.err !== null)
      throw new SolanaChainTransactionError(result.record.meta.err, result.record.meta.logMessages)
    return result.record
  }

  /**
   * Sends `amount` lamports from the faucet (requestAirdrop): a real transfer, in the history like any other.
   *
   * @example
   * const signature = await chain.airdrop(address, 1_000_000_000n)
   */
  async airdrop(recipient: Address, amount: bigint): Promise<string> {
    const record = await this.signAndSend(this.faucet, [
      getTransferSolInstruction({ source: this.faucet, destination: recipient, amount }),
    ])
    return record.signature
  }

  /** Calls `listener` with each recorded transaction; returns the unsubscribe function. */
  onTransaction(listener: (record: TransactionRecord) => void): () => void {
    this.#transactionListeners.add(listener)
    return () => this.#transactionListeners.delete(listener)
  }

  /** Calls `listener` with each new slot; returns the unsubscribe function. */
  onSlot(listener: (slot: bigint) => void): () => void {
    this.#slotListeners.add(listener)
    return () => this.#slotListeners.delete(listener)
  }

  #advance(): void {
    this.#slot += 1n
    this.svm.expireBlockhash()
    this.#recentBlockhashes.set(this.svm.latestBlockhash(), this.#slot)
    for (const [blockhash, slot] of this.#recentBlockhashes) {
      if (slot + maxBlockhashAge >= this.#slot) break
      this.#recentBlockhashes.delete(blockhash)
    }
  }

  /**
   * Sets the Clock sysvar to the slot the next transaction lands in and the time now, so a program reading it
   * sees its own slot; returns that time (the block time), in unix seconds.
   */
  #tick(): number {
    const now = Math.floor(Date.now() / 1000)
    this.#setClock(this.#slot + 1n, BigInt(now))
    return now
  }

  #setClock(slot: bigint, unixTimestamp: bigint): void {
    const epoch = slot / slotsPerEpoch
    this.svm.setClock(new Clock(slot, this.genesisTime, epoch, epoch + 1n, unixTimestamp))
  }
}

function callSafely(listener: () => void): void {
  try {
    listener()
  } catch {
    // See sendTransaction: listeners cannot fail a transaction.
  }
}

function innerInstructionSets(meta: TransactionMetadata): InnerInstructionSet[] {
  return meta
    .innerInstructions()
    .map((inner, index) => ({
      index,
      instructions: inner.map((entry) => {
        const instruction = entry.instruction()
        return {
          programIdIndex: instruction.programIdIndex(),
          accounts: [...instruction.accounts()],
          data: new Uint8Array(instruction.data()),
          stackHeight: entry.stackHeight(),
        }
      }),
    }))
    .filter((set) => set.instructions.length > 0)
}

function returnDataOf(meta: TransactionMetadata): TransactionRecord['meta']['returnData'] {
  const returnData = meta.returnData()
  const data = returnData.data()
  if (data.length === 0) return null
  return { programId: getAddressDecoder().decode(returnData.programId()), data: new Uint8Array(data) }
}
