// Blockhashes, sending, simulating and reading transactions: getLatestBlockhash, isBlockhashValid,
// sendTransaction, simulateTransaction, getSignatureStatuses, getSignaturesForAddress, getTransaction,
// getFeeForMessage, requestAirdrop.
import { type Address, getBase58Encoder, getBase64Decoder, getBase64Encoder, isBlockhash } from '@solana/kit'
import { accountEncodingParam, encodeAccount, readAccount } from './accountInfo.ts'
import { lamportBalances, tokenBalances } from './balances.ts'
import { SolanaChainTransactionError } from './chain.ts'
import { type RpcMethod, withContext } from './context.ts'
import { describeTransactionError, type TransactionErrorJson } from './errors.ts'
import { transactionFee } from './fees.ts'
import { InvalidTransactionError } from './message.ts'
import {
  addressParam,
  checkCommitment,
  configParam,
  enumParam,
  invalidParams,
  optionalBoolean,
  optionalInteger,
  RpcError,
  requireParam,
  rpcErrorCodes,
  signatureParam,
  stringParam,
  u64Param,
} from './params.ts'
import {
  innerInstructionsResponse,
  transactionEncodings,
  transactionResponse,
} from './transactionResponse.ts'

/** The largest transaction the network carries (an IPv6 packet minus headers). */
const maxTransactionBytes = 1232
const maxSignatureStatuses = 256
const maxSignaturesForAddress = 1000
/** requestAirdrop sends at most this much per call: 1,000 SOL. */
export const maxAirdropLamports = 1_000n * 1_000_000_000n

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

// The longest text 1,232 bytes encode to; checked first, as base58 decoding grows with the square of the length.
const maxEncodedLength = { base58: 1683, base64: 1644 }

function decodeBytes(text: string, encoding: 'base58' | 'base64', name: string): Uint8Array {
  if (text.length > maxEncodedLength[encoding])
    throw invalidParams(
      `${name} is too large: ${text.length} ${encoding} characters (max ${maxEncodedLength[encoding]})`,
    )
  if (encoding === 'base64' && !base64Pattern.test(text)) throw invalidParams(`${name} is not valid base64`)
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(
      encoding === 'base64' ? getBase64Encoder().encode(text) : getBase58Encoder().encode(text),
    )
  } catch {
    throw invalidParams(`${name} is not valid ${encoding}`)
  }
  if (bytes.length > maxTransactionBytes)
    throw invalidParams(`${name} is too large: ${bytes.length} bytes (max ${maxTransactionBytes})`)
  return bytes
}

function transactionParam(params: unknown[], config: Record<string, unknown>): Uint8Array {
  const text = stringParam(requireParam(params, 0, 'transaction'), 'transaction (param 0)')
  const encoding = enumParam(config, 'encoding', ['base58', 'base64'], 'base58')
  return decodeBytes(text, encoding, 'transaction (param 0)')
}

/** InvalidTransactionError → -32602, as the RPC answers bytes it cannot deserialize. */
function decodingTransaction<T>(run: () => T): T {
  try {
    return run()
  } catch (error) {
    if (error instanceof InvalidTransactionError) throw invalidParams(`invalid transaction: ${error.message}`)
    throw error
  }
}

function preflightFailure(err: TransactionErrorJson, logs: string[], unitsConsumed: bigint): RpcError {
  if (err === 'SignatureFailure')
    return new RpcError(
      rpcErrorCodes.signatureVerificationFailure,
      'Transaction signature verification failure',
    )
  return new RpcError(
    rpcErrorCodes.preflightFailure,
    `Transaction simulation failed: ${describeTransactionError(err)}`,
    {
      accounts: null,
      err,
      fee: null,
      innerInstructions: null,
      loadedAccountsDataSize: null,
      loadedAddresses: null,
      logs,
      postBalances: null,
      postTokenBalances: null,
      preBalances: null,
      preTokenBalances: null,
      replacementBlockhash: null,
      returnData: null,
      unitsConsumed,
    },
  )
}

const getLatestBlockhash: RpcMethod = (params, chain) => {
  checkCommitment(configParam(params, 0), chain.slot)
  return withContext(chain, chain.latestBlockhash())
}

const isBlockhashValid: RpcMethod = (params, chain) => {
  const blockhash = requireParam(params, 0, 'blockhash')
  if (typeof blockhash !== 'string' || !isBlockhash(blockhash))
    throw invalidParams('blockhash (param 0) is not a base58 hash')
  checkCommitment(configParam(params, 1), chain.slot)
  return withContext(chain, chain.isBlockhashValid(blockhash))
}

const sendTransaction: RpcMethod = (params, chain) => {
  const config = configParam(params, 1)
  checkCommitment(config, chain.slot)
  const wire = transactionParam(params, config)
  const skipPreflight = optionalBoolean(config, 'skipPreflight', false)
  optionalInteger(config, 'maxRetries')
  const result = decodingTransaction(() => chain.sendTransaction(wire, { preflight: !skipPreflight }))
  if (result.status === 'recorded') return result.record.signature
  // A transaction sent again after it landed (a client rebroadcasting) is accepted without preflight, as the
  // RPC does: it answers the signature and the cluster drops the duplicate.
  if (skipPreflight && result.err === 'AlreadyProcessed') return result.signature
  throw preflightFailure(result.err, result.logs, result.unitsConsumed)
}

const simulateTransaction: RpcMethod = (params, chain) => {
  const config = configParam(params, 1)
  checkCommitment(config, chain.slot)
  const wire = transactionParam(params, config)
  const sigVerify = optionalBoolean(config, 'sigVerify', false)
  const replaceRecentBlockhash = optionalBoolean(config, 'replaceRecentBlockhash', false)
  const withInnerInstructions = optionalBoolean(config, 'innerInstructions', false)
  if (sigVerify && replaceRecentBlockhash)
    throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
  const accountsConfig = (config.accounts ?? {}) as Record<string, unknown>
  if (typeof accountsConfig !== 'object' || Array.isArray(accountsConfig))
    throw invalidParams('accounts must be { addresses, encoding }')
  const addresses = accountsConfig.addresses ?? []
  if (!Array.isArray(addresses)) throw invalidParams('accounts.addresses must be an array of public keys')
  const keys = addresses.map((item, index) => addressParam(item, `accounts.addresses[${index}]`))
  const accountEncoding = accountEncodingParam(accountsConfig, 'base64')
  if (accountEncoding === 'base58' || accountEncoding === 'binary')
    throw invalidParams('accounts.encoding must be "base64" or "jsonParsed"')
  const simulation = decodingTransaction(() =>
    chain.simulateTransaction(wire, { sigVerify, replaceRecentBlockhash }),
  )
  if (sigVerify && simulation.err === 'SignatureFailure')
    throw new RpcError(
      rpcErrorCodes.signatureVerificationFailure,
      'Transaction signature verification failure',
    )
  const { decoded, readAfter } = simulation
  const succeeded = simulation.err === null
  const accounts =
    config.accounts === undefined || config.accounts === null
      ? null
      : keys.map((key) => {
          const account = succeeded ? readAfter(key) : null
          return account && encodeAccount(chain.svm, account, accountEncoding)
        })
  const readBefore = (key: Address) => readAccount(chain.svm, key)
  return withContext(chain, {
    accounts,
    err: simulation.err,
    fee: succeeded ? simulation.fee : null,
    innerInstructions: withInnerInstructions
      ? simulation.innerInstructions.map((set) => innerInstructionsResponse(simulation, set, true))
      : null,
    loadedAccountsDataSize: null,
    loadedAddresses: decoded.loadedAddresses,
    logs: simulation.logs,
    postBalances: succeeded ? lamportBalances(readAfter, decoded.accountKeys) : null,
    postTokenBalances: succeeded ? tokenBalances(readAfter, decoded.accountKeys) : null,
    preBalances: succeeded ? lamportBalances(readBefore, decoded.accountKeys) : null,
    preTokenBalances: succeeded ? tokenBalances(readBefore, decoded.accountKeys) : null,
    replacementBlockhash: replaceRecentBlockhash ? chain.latestBlockhash() : null,
    returnData: simulation.returnData && {
      programId: simulation.returnData.programId,
      data: [getBase64Decoder().decode(simulation.returnData.data), 'base64'],
    },
    unitsConsumed: simulation.unitsConsumed,
  })
}

const getSignatureStatuses: RpcMethod = (params, chain) => {
  const signatures = requireParam(params, 0, 'signatures')
  if (!Array.isArray(signatures)) throw invalidParams('signatures (param 0) must be an array')
  if (signatures.length > maxSignatureStatuses)
    throw invalidParams(`Too many inputs provided; max ${maxSignatureStatuses}`)
  const wanted = signatures.map((item, index) => signatureParam(item, `signatures[${index}]`))
  optionalBoolean(configParam(params, 1), 'searchTransactionHistory', false)
  return withContext(
    chain,
    wanted.map((signature) => {
      const record = chain.history.get(signature)
      if (!record) return null
      return {
        confirmationStatus: 'finalized',
        confirmations: null,
        err: record.meta.err,
        slot: record.slot,
        status: record.meta.err === null ? { Ok: null } : { Err: record.meta.err },
      }
    }),
  )
}

const getSignaturesForAddress: RpcMethod = (params, chain) => {
  const address = addressParam(requireParam(params, 0, 'address'), 'address (param 0)')
  const config = configParam(params, 1)
  checkCommitment(config, chain.slot)
  const limit = optionalInteger(config, 'limit') ?? BigInt(maxSignaturesForAddress)
  if (limit < 1n || limit > BigInt(maxSignaturesForAddress))
    throw invalidParams(`Invalid limit; max ${maxSignaturesForAddress}`)
  const before =
    config.before === undefined || config.before === null
      ? undefined
      : signatureParam(config.before, 'before')
  const until =
    config.until === undefined || config.until === null ? undefined : signatureParam(config.until, 'until')
  return chain.history.forAddress(address, { limit: Number(limit), before, until }).map((record) => ({
    blockTime: record.blockTime,
    confirmationStatus: 'finalized',
    err: record.meta.err,
    memo: null,
    signature: record.signature,
    slot: record.slot,
  }))
}

const getTransaction: RpcMethod = (params, chain) => {
  const signature = signatureParam(requireParam(params, 0, 'signature'), 'signature (param 0)')
  // A bare string as the second param is the encoding (the RPC's older form).
  const config = typeof params[1] === 'string' ? { encoding: params[1] } : configParam(params, 1)
  checkCommitment(config, chain.slot)
  if (config.commitment === 'processed')
    throw invalidParams('Method does not support commitment below `confirmed`')
  const encoding = enumParam(config, 'encoding', transactionEncodings, 'json')
  const maxVersion = optionalInteger(config, 'maxSupportedTransactionVersion')
  if (maxVersion !== undefined && maxVersion !== 0n)
    throw invalidParams('maxSupportedTransactionVersion must be 0, the newest version this chain runs')
  const record = chain.history.get(signature)
  if (!record) return null
  if (record.decoded.version === 0 && maxVersion === undefined)
    throw new RpcError(
      rpcErrorCodes.unsupportedTransactionVersion,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    )
  return transactionResponse(record, encoding, maxVersion !== undefined)
}

const getFeeForMessage: RpcMethod = (params, chain) => {
  const text = stringParam(requireParam(params, 0, 'message'), 'message (param 0)')
  checkCommitment(configParam(params, 1), chain.slot)
  const message = decodeBytes(text, 'base64', 'message (param 0)')
  // A transaction around the message, its signatures zero: the fee depends on the message alone.
  const signers = (message[0] ?? 0) & 0x80 ? (message[1] ?? 0) : (message[0] ?? 0)
  if (signers > 0x7f) throw invalidParams('message (param 0) has too many signers')
  const wire = new Uint8Array(1 + 64 * signers + message.length)
  wire[0] = signers
  wire.set(message, 1 + 64 * signers)
  const decoded = decodingTransaction(() => chain.decode(wire))
  return withContext(chain, chain.isBlockhashValid(decoded.recentBlockhash) ? transactionFee(decoded) : null)
}

const requestAirdrop: RpcMethod = async (params, chain) => {
  const recipient = addressParam(requireParam(params, 0, 'address'), 'address (param 0)')
  const amount = u64Param(requireParam(params, 1, 'lamports'), 'lamports (param 1)')
  checkCommitment(configParam(params, 2), chain.slot)
  if (amount === 0n || amount > maxAirdropLamports)
    throw invalidParams(
      `lamports (param 1) must be between 1 and ${maxAirdropLamports} (1,000 SOL) per airdrop`,
    )
  try {
    return await chain.airdrop(recipient, amount)
  } catch (error) {
    if (error instanceof SolanaChainTransactionError)
      throw new RpcError(
        rpcErrorCodes.invalidRequest,
        `airdrop request failed: ${describeTransactionError(error.err)}`,
      )
    throw error
  }
}

/** The transaction methods, by name. */
export const transactionMethods: Record<string, RpcMethod> = {
  getLatestBlockhash,
  isBlockhashValid,
  sendTransaction,
  simulateTransaction,
  getSignatureStatuses,
  getSignaturesForAddress,
  getTransaction,
  getFeeForMessage,
  requestAirdrop,
}
