// A wire transaction taken apart the way the RPC shows it: ordered signatures, the header, the account keys (static
// ones, then those loaded from address lookup tables: writable, then readonly) and compiled instructions.
import {
  type Address,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from '@solana/kit'

export interface MessageHeader {
  numRequiredSignatures: number
  numReadonlySignedAccounts: number
  numReadonlyUnsignedAccounts: number
}

export interface CompiledInstruction {
  programIdIndex: number
  accounts: number[]
  data: Uint8Array
}

export interface AddressTableLookup {
  accountKey: Address
  writableIndexes: number[]
  readonlyIndexes: number[]
}

export interface DecodedTransaction {
  transaction: Transaction
  version: 'legacy' | 0
  /** Base58, in signer order; an absent signature is 64 zero bytes ('1111…'), as the RPC shows it. */
  signatures: string[]
  header: MessageHeader
  staticAccountKeys: Address[]
  /** Addresses the lookup tables supplied. */
  loadedAddresses: { writable: Address[]; readonly: Address[] }
  /** Static keys, then loaded writable, then loaded readonly: what instruction account indexes point into. */
  accountKeys: Address[]
  recentBlockhash: string
  instructions: CompiledInstruction[]
  addressTableLookups: AddressTableLookup[]
}

/** The bytes are not a transaction this chain runs (malformed, or a version other than legacy and 0). */
export class InvalidTransactionError extends Error {
  override name = 'InvalidTransactionError'
}

const base58 = getBase58Decoder()
const zeroSignature = base58.decode(new Uint8Array(64))
// An address lookup table's addresses follow its 56-byte metadata.
const lookupTableMetaSize = 56

/**
 * Decodes wire bytes; `loadAccountData` reads lookup tables so v0 account keys are complete.
 *
 * @example
 * const decoded = decodeWireTransaction(bytes, (address) => chain.accountData(address))
 * decoded.signatures[0] // the transaction's id
 */
export function decodeWireTransaction(
  bytes: Uint8Array,
  loadAccountData: (address: Address) => Uint8Array | undefined,
): DecodedTransaction {
  let transaction: Transaction
  let compiled: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
  try {
    transaction = getTransactionDecoder().decode(bytes)
    compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  } catch (error) {
    throw new InvalidTransactionError(`failed to deserialize the transaction: ${(error as Error).message}`, {
      cause: error,
    })
  }
  if (compiled.version !== 'legacy' && compiled.version !== 0)
    throw new InvalidTransactionError(`transaction version ${String(compiled.version)} is not supported`)
  const header = {
    numRequiredSignatures: compiled.header.numSignerAccounts,
    numReadonlySignedAccounts: compiled.header.numReadonlySignerAccounts,
    numReadonlyUnsignedAccounts: compiled.header.numReadonlyNonSignerAccounts,
  }
  const staticAccountKeys = [...compiled.staticAccounts]
  if (header.numRequiredSignatures === 0 || staticAccountKeys.length < header.numRequiredSignatures)
    throw new InvalidTransactionError('the transaction has no fee payer')
  const signatures = staticAccountKeys.slice(0, header.numRequiredSignatures).map((signer) => {
    const signature = transaction.signatures[signer]
    return signature ? base58.decode(signature) : zeroSignature
  })
  const addressTableLookups =
    compiled.version === 0
      ? (compiled.addressTableLookups ?? []).map((lookup) => ({
          accountKey: lookup.lookupTableAddress,
          writableIndexes: [...lookup.writableIndexes],
          readonlyIndexes: [...lookup.readonlyIndexes],
        }))
      : []
  const loadedAddresses = loadLookupTables(addressTableLookups, loadAccountData)
  const accountKeys = [...staticAccountKeys, ...loadedAddresses.writable, ...loadedAddresses.readonly]
  const instructions = compiled.instructions.map((instruction) => ({
    programIdIndex: instruction.programAddressIndex,
    accounts: [...(instruction.accountIndices ?? [])],
    data: new Uint8Array(instruction.data ?? []),
  }))
  for (const instruction of instructions) {
    if ([instruction.programIdIndex, ...instruction.accounts].some((index) => index >= accountKeys.length))
      throw new InvalidTransactionError('an instruction points past the account keys')
  }
  return {
    transaction,
    version: compiled.version,
    signatures,
    header,
    staticAccountKeys,
    loadedAddresses,
    accountKeys,
    recentBlockhash: compiled.lifetimeToken,
    instructions,
    addressTableLookups,
  }
}

function loadLookupTables(
  lookups: AddressTableLookup[],
  loadAccountData: (address: Address) => Uint8Array | undefined,
): DecodedTransaction['loadedAddresses'] {
  const writable: Address[] = []
  const readonly: Address[] = []
  for (const lookup of lookups) {
    const data = loadAccountData(lookup.accountKey)
    if (!data || data.length < lookupTableMetaSize)
      throw new InvalidTransactionError(`address lookup table ${lookup.accountKey} was not found`)
    const at = (index: number) => {
      const start = lookupTableMetaSize + index * 32
      if (start + 32 > data.length)
        throw new InvalidTransactionError(`address lookup table ${lookup.accountKey} has no index ${index}`)
      return base58.decode(data.subarray(start, start + 32)) as Address
    }
    writable.push(...lookup.writableIndexes.map(at))
    readonly.push(...lookup.readonlyIndexes.map(at))
  }
  return { writable, readonly }
}

/** Whether the account at `index` signs the message (the first `numRequiredSignatures` static keys). */
export function isSigner(decoded: DecodedTransaction, index: number): boolean {
  return index < decoded.header.numRequiredSignatures
}

/** Whether the message may write the account at `index`, from the header (static keys) or its lookup (loaded). */
export function isWritable(decoded: DecodedTransaction, index: number): boolean {
  const { header, staticAccountKeys, loadedAddresses } = decoded
  const staticCount = staticAccountKeys.length
  if (index >= staticCount) return index < staticCount + loadedAddresses.writable.length
  if (index < header.numRequiredSignatures)
    return index < header.numRequiredSignatures - header.numReadonlySignedAccounts
  return index < staticCount - header.numReadonlyUnsignedAccounts
}
