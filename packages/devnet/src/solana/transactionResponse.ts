// getTransaction's answer for a recorded transaction, in the encodings the RPC offers: json (compiled message),
// jsonParsed (account keys as objects, known instructions parsed) and base64 / base58 (the wire bytes).
import { getBase58Decoder, getBase64Decoder } from '@solana/kit'
import type { InnerInstructionSet, TransactionRecord } from './history.ts'
import { isSigner, isWritable } from './message.ts'
import { parsedInstruction } from './parsedInstruction.ts'

export type TransactionEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58'
export const transactionEncodings: readonly TransactionEncoding[] = ['json', 'jsonParsed', 'base64', 'base58']

/**
 * The `result` of getTransaction; `version` is present when the caller sent `maxSupportedTransactionVersion`.
 *
 * @example
 * transactionResponse(record, 'jsonParsed', true).meta.postTokenBalances
 */
export function transactionResponse(
  record: TransactionRecord,
  encoding: TransactionEncoding,
  includeVersion: boolean,
): Record<string, unknown> {
  return {
    blockTime: record.blockTime,
    meta: metaResponse(record, encoding),
    slot: record.slot,
    transaction: transactionBody(record, encoding),
    ...(includeVersion ? { version: record.decoded.version } : {}),
  }
}

function metaResponse(record: TransactionRecord, encoding: TransactionEncoding): Record<string, unknown> {
  const { meta, decoded } = record
  const parsed = encoding === 'jsonParsed'
  return {
    computeUnitsConsumed: meta.computeUnitsConsumed,
    err: meta.err,
    fee: meta.fee,
    innerInstructions: meta.innerInstructions.map((set) => innerInstructionsResponse(record, set, parsed)),
    ...(parsed ? {} : { loadedAddresses: decoded.loadedAddresses }),
    logMessages: meta.logMessages,
    postBalances: meta.postBalances,
    postTokenBalances: meta.postTokenBalances,
    preBalances: meta.preBalances,
    preTokenBalances: meta.preTokenBalances,
    ...(meta.returnData
      ? {
          returnData: {
            programId: meta.returnData.programId,
            data: [base64(meta.returnData.data), 'base64'],
          },
        }
      : {}),
    rewards: [],
    status: meta.err === null ? { Ok: null } : { Err: meta.err },
  }
}

/**
 * One `innerInstructions` entry: compiled (json) or parsed (jsonParsed).
 *
 * @example
 * innerInstructionsResponse(record, record.meta.innerInstructions[0], true) // { index: 0, instructions: [{ program: 'system', … }] }
 */
export function innerInstructionsResponse(
  record: Pick<TransactionRecord, 'decoded'>,
  set: InnerInstructionSet,
  parsed: boolean,
): Record<string, unknown> {
  return {
    index: set.index,
    instructions: set.instructions.map((instruction) =>
      parsed
        ? parsedInstruction(record.decoded.accountKeys, instruction, instruction.stackHeight)
        : {
            accounts: instruction.accounts,
            data: base58(instruction.data),
            programIdIndex: instruction.programIdIndex,
            stackHeight: instruction.stackHeight,
          },
    ),
  }
}

function transactionBody(record: TransactionRecord, encoding: TransactionEncoding): unknown {
  if (encoding === 'base64') return [base64(record.wire), 'base64']
  if (encoding === 'base58') return [base58(record.wire), 'base58']
  const { decoded } = record
  const lookups =
    decoded.version === 0
      ? {
          addressTableLookups: decoded.addressTableLookups.map((lookup) => ({
            accountKey: lookup.accountKey,
            readonlyIndexes: lookup.readonlyIndexes,
            writableIndexes: lookup.writableIndexes,
          })),
        }
      : {}
  if (encoding === 'jsonParsed') {
    const staticCount = decoded.staticAccountKeys.length
    return {
      message: {
        accountKeys: decoded.accountKeys.map((pubkey, index) => ({
          pubkey,
          signer: isSigner(decoded, index),
          source: index < staticCount ? 'transaction' : 'lookupTable',
          writable: isWritable(decoded, index),
        })),
        ...lookups,
        instructions: decoded.instructions.map((instruction) =>
          parsedInstruction(decoded.accountKeys, instruction, null),
        ),
        recentBlockhash: decoded.recentBlockhash,
      },
      signatures: decoded.signatures,
    }
  }
  return {
    message: {
      accountKeys: decoded.staticAccountKeys,
      ...lookups,
      header: decoded.header,
      instructions: decoded.instructions.map((instruction) => ({
        accounts: instruction.accounts,
        data: base58(instruction.data),
        programIdIndex: instruction.programIdIndex,
        stackHeight: null,
      })),
      recentBlockhash: decoded.recentBlockhash,
    },
    signatures: decoded.signatures,
  }
}

const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const base64 = (bytes: Uint8Array) => getBase64Decoder().decode(bytes)
