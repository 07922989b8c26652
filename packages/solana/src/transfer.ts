import { BaseError, type PreparedTransfer } from '@latch/core'
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64Encoder,
  getTransactionEncoder,
  type Instruction,
  isAddress,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintDecoder,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { NetworkUnavailableError } from './errors.ts'
import { type SolanaRpc, send } from './rpc.ts'

/** The fee of a transaction with one signature, in lamports (Solana's base fee; Latch adds no priority fee). */
export const SIGNATURE_FEE = 5_000n

/** The least a plain account may hold (its rent-exempt deposit for no data), in lamports. */
export const RENT_EXEMPT_MINIMUM = 890_880n

/** A token account's size: what its rent-exempt deposit is for. */
const TOKEN_ACCOUNT_SIZE = 165n

const TOKEN_2022_PROGRAM_ADDRESS = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')

export interface TransferParameters {
  from: string
  to: string
  /** Base units of SOL (lamports) or of the token. */
  amount: bigint
  /** The SPL mint; SOL when absent. */
  token?: string | undefined
}

/** The fee of a transfer could not be estimated (the node failed, or the mint cannot be read). */
export class TransferEstimateError extends BaseError {
  override name = 'TransferEstimateError'
  constructor(cause: unknown) {
    super('Could not estimate the network fee', { cause })
  }
}

function assertAddress(value: string, what: string): Address {
  // Base58 that decodes to 32 bytes (SPEC §5's 32 to 44 characters may still not).
  if (!isAddress(value))
    throw new BaseError('Invalid address', { details: `The ${what} ${value} is not a Solana address.` })
  return value
}

interface Plan {
  instructions: Instruction[]
  /** Lamports the sender pays beyond the amount: the fee, and the receiver's token account's deposit. */
  cost: bigint
}

/**
 * The instructions of a transfer and what it costs the sender. An SPL transfer is `transferChecked` between the
 * two owners' associated token accounts; when the receiver has none yet, the sender creates it in the same
 * transaction (and pays its rent-exempt deposit). Token-2022 mints work alike.
 */
async function plan(rpc: SolanaRpc, parameters: TransferParameters, timeoutMs: number): Promise<Plan> {
  const from = assertAddress(parameters.from, 'sender')
  const to = assertAddress(parameters.to, 'receiver')
  const { amount } = parameters
  if (amount < 0n) throw new BaseError('Invalid amount', { details: `Cannot send ${amount}.` })
  const payer = createNoopSigner(from)
  if (!parameters.token) {
    const instruction = getTransferSolInstruction({ source: payer, destination: to, amount })
    return { instructions: [instruction], cost: SIGNATURE_FEE }
  }
  const mint = assertAddress(parameters.token, 'token')
  try {
    const { value: mintAccount } = await send(rpc.getAccountInfo(mint, { encoding: 'base64' }), timeoutMs)
    if (!mintAccount) throw new BaseError('Unknown token', { details: `No mint ${mint} on this network.` })
    const tokenProgram = mintAccount.owner
    if (tokenProgram !== TOKEN_PROGRAM_ADDRESS && tokenProgram !== TOKEN_2022_PROGRAM_ADDRESS)
      throw new BaseError('Unknown token', { details: `${mint} is not an SPL token mint.` })
    const { decimals } = getMintDecoder().decode(getBase64Encoder().encode(mintAccount.data[0]))
    const [[source], [destination]] = await Promise.all([
      findAssociatedTokenPda({ owner: from, mint, tokenProgram }),
      findAssociatedTokenPda({ owner: to, mint, tokenProgram }),
    ])
    const [{ value: existing }, rent] = await Promise.all([
      send(
        rpc.getAccountInfo(destination, { encoding: 'base64', dataSlice: { offset: 0, length: 0 } }),
        timeoutMs,
      ),
      send(rpc.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE), timeoutMs),
    ])
    const create = existing
      ? []
      : [
          getCreateAssociatedTokenIdempotentInstruction(
            { payer, ata: destination, owner: to, mint, tokenProgram },
            { programAddress: ASSOCIATED_TOKEN_PROGRAM_ADDRESS },
          ),
        ]
    const transfer = getTransferCheckedInstruction(
      { source: source, mint, destination: destination, authority: payer, amount, decimals },
      { programAddress: tokenProgram },
    )
    return { instructions: [...create, transfer], cost: SIGNATURE_FEE + (existing ? 0n : rent) }
  } catch (error) {
    throw error instanceof BaseError && error.shortMessage !== 'Something went wrong'
      ? error
      : new TransferEstimateError(error)
  }
}

/**
 * What sending `amount` of SOL or of the mint `token` costs: `gas` is the lamports the sender pays beyond the
 * amount (the signature fee, plus the deposit of a token account the receiver does not have yet) at a
 * `gasPrice` of 1, so core's `gas × gasPrice` is the cost in lamports, as on EVM it is in wei.
 *
 * @example
 * await prepareTransfer(rpc, { from, to, amount: 100_000_000n }, 10_000)
 * // { to, value: 100000000n, gas: 5000n, gasPrice: 1n }
 */
export async function prepareTransfer(
  rpc: SolanaRpc,
  parameters: TransferParameters,
  timeoutMs: number,
): Promise<PreparedTransfer> {
  const { cost } = await plan(rpc, parameters, timeoutMs)
  return {
    to: parameters.to,
    value: parameters.amount,
    ...(parameters.token ? { token: parameters.token } : {}),
    gas: cost,
    gasPrice: 1n,
  }
}

/**
 * The transfer as an unsigned wire transaction (the sender pays the fee), on the network's latest blockhash:
 * what a wallet's `solana:signAndSendTransaction` takes. Refuses SOL below the rent-exempt minimum to an account
 * that does not exist yet (the chain would refuse it after the visitor signed).
 */
export async function buildTransfer(
  rpc: SolanaRpc,
  parameters: TransferParameters,
  timeoutMs: number,
): Promise<Uint8Array> {
  const { amount, token } = parameters
  // A new account must be given its rent-exempt minimum, or the chain refuses the transfer after the visitor signed.
  if (!token && amount < RENT_EXEMPT_MINIMUM) {
    const { value: held } = await send(
      rpc.getBalance(assertAddress(parameters.to, 'receiver')),
      timeoutMs,
    ).catch((cause: unknown) => {
      throw new NetworkUnavailableError(cause)
    })
    if (held === 0n)
      throw new BaseError('Amount too small for a new account', {
        details: `${parameters.to} holds no SOL yet: send it at least ${RENT_EXEMPT_MINIMUM} lamports.`,
      })
  }
  const [{ instructions }, { value: blockhash }] = await Promise.all([
    plan(rpc, parameters, timeoutMs),
    send(rpc.getLatestBlockhash(), timeoutMs).catch((cause: unknown) => {
      throw new NetworkUnavailableError(cause)
    }),
  ])
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(address(parameters.from)), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}
