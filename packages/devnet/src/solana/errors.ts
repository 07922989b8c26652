// A transaction's error as the Solana RPC writes it (serde's form of solana_transaction_error::TransactionError),
// from litesvm's error values, and the sentence the RPC puts in a preflight failure's message.
import {
  type FailedTransactionMetadata,
  InstructionErrorBorshIo,
  InstructionErrorCustom,
  TransactionErrorDuplicateInstruction,
  TransactionErrorInstructionError,
  TransactionErrorInsufficientFundsForRent,
  TransactionErrorProgramExecutionTemporarilyRestricted,
} from 'litesvm/dist/internal.js'

export type InstructionErrorJson = string | { Custom: number }

/** `"AccountNotFound"`, `{ InstructionError: [0, { Custom: 1 }] }`, `{ InsufficientFundsForRent: { account_index: 2 } }`, … */
export type TransactionErrorJson =
  | string
  | { InstructionError: [number, InstructionErrorJson] }
  | { DuplicateInstruction: number }
  | { InsufficientFundsForRent: { account_index: number } }
  | { ProgramExecutionTemporarilyRestricted: { account_index: number } }

// litesvm's fieldless enums, in their numeric order (litesvm/dist/internal.d.ts).
const transactionErrorNames = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
]

const instructionErrorNames = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
]

type LiteSvmTransactionError = ReturnType<FailedTransactionMetadata['err']>

/**
 * A litesvm transaction error in the RPC's JSON form.
 *
 * @example
 * transactionErrorJson(failed.err()) // { InstructionError: [0, { Custom: 1 }] }
 */
export function transactionErrorJson(error: LiteSvmTransactionError): TransactionErrorJson {
  if (typeof error === 'number') return transactionErrorNames[error] ?? `TransactionError${error}`
  if (error instanceof TransactionErrorInstructionError) {
    const inner = error.err()
    if (typeof inner === 'number')
      return { InstructionError: [error.index, instructionErrorNames[inner] ?? `InstructionError${inner}`] }
    if (inner instanceof InstructionErrorCustom)
      return { InstructionError: [error.index, { Custom: inner.code }] }
    if (inner instanceof InstructionErrorBorshIo) return { InstructionError: [error.index, 'BorshIoError'] }
    return { InstructionError: [error.index, 'GenericError'] }
  }
  if (error instanceof TransactionErrorDuplicateInstruction) return { DuplicateInstruction: error.index }
  if (error instanceof TransactionErrorInsufficientFundsForRent)
    return { InsufficientFundsForRent: { account_index: error.accountIndex } }
  if (error instanceof TransactionErrorProgramExecutionTemporarilyRestricted)
    return { ProgramExecutionTemporarilyRestricted: { account_index: error.accountIndex } }
  return 'SanitizeFailure'
}

// The Display text agave gives the common errors; the rest show their name.
const transactionErrorText: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  UnsupportedVersion: 'Transaction version is unsupported',
}

const instructionErrorText: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  PrivilegeEscalation: 'Cross-program invocation with unauthorized signer or writable account',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  IllegalOwner: 'Provided owner is not allowed',
}

/**
 * The sentence the RPC shows for a transaction error, e.g. in "Transaction simulation failed: …".
 *
 * @example
 * describeTransactionError({ InstructionError: [0, { Custom: 1 }] }) // 'Error processing Instruction 0: custom program error: 0x1'
 */
export function describeTransactionError(error: TransactionErrorJson): string {
  if (typeof error === 'string') return transactionErrorText[error] ?? error
  if ('InstructionError' in error) {
    const [index, inner] = error.InstructionError
    const text =
      typeof inner === 'string'
        ? (instructionErrorText[inner] ?? inner)
        : `custom program error: 0x${inner.Custom.toString(16)}`
    return `Error processing Instruction ${index}: ${text}`
  }
  if ('DuplicateInstruction' in error)
    return `Transaction contains a duplicate instruction (${error.DuplicateInstruction}) that is not allowed`
  if ('InsufficientFundsForRent' in error)
    return `Transaction results in an account (${error.InsufficientFundsForRent.account_index}) with insufficient funds for rent`
  return `Execution of the program referenced by account at index ${error.ProgramExecutionTemporarilyRestricted.account_index} is temporarily restricted.`
}
