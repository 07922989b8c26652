// An account as the RPC shows it ({ data, executable, lamports, owner, rentEpoch, space }) in each encoding,
// jsonParsed giving SPL Token mints and token accounts in the RPC's parsed shape.
import { type Address, getBase58Decoder, getBase64Decoder } from '@solana/kit'
import type { LiteSVM } from 'litesvm'
import { invalidParams, RpcError, rpcErrorCodes } from './params.ts'
import { decodeMint, decodeTokenAccount, tokenProgramName, uiTokenAmount } from './splToken.ts'

export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'jsonParsed'
export const accountEncodings: readonly (AccountEncoding | 'base64+zstd')[] = [
  'binary',
  'base58',
  'base64',
  'jsonParsed',
  'base64+zstd',
]

export interface AccountState {
  lamports: bigint
  data: Uint8Array
  owner: string
  executable: boolean
}

export interface DataSlice {
  offset: number
  length: number
}

/** Rent-exempt accounts are never collected from: the RPC shows u64::MAX. */
const rentExemptEpoch = 18_446_744_073_709_551_615n
const base58DataLimit = 128

/**
 * The account at `address`, or null when it has no lamports (the RPC's "not found").
 *
 * @example
 * readAccount(chain.svm, address)?.lamports // 1_000_000_000_000n
 */
export function readAccount(svm: LiteSVM, address: Address): AccountState | null {
  const account = svm.getAccount(address)
  if (!account.exists || account.lamports === 0n) return null
  return {
    lamports: account.lamports,
    data: new Uint8Array(account.data),
    owner: account.programAddress,
    executable: account.executable,
  }
}

/**
 * The RPC's JSON for an account. Encodings: 'binary' (a bare base58 string, the RPC's legacy default), 'base58'
 * and 'base64' (`[data, encoding]`), 'jsonParsed' (SPL Token mints and accounts; others fall back to base64).
 *
 * @example
 * encodeAccount(chain.svm, account, 'jsonParsed') // { data: { program: 'spl-token', parsed: {…}, space: 165 }, … }
 */
export function encodeAccount(
  svm: LiteSVM,
  account: AccountState,
  encoding: AccountEncoding,
  dataSlice?: DataSlice,
): Record<string, unknown> {
  return {
    data: encodeAccountData(svm, account, encoding, dataSlice),
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: rentExemptEpoch,
    space: account.data.length,
  }
}

function encodeAccountData(
  svm: LiteSVM,
  account: AccountState,
  encoding: AccountEncoding,
  dataSlice: DataSlice | undefined,
): unknown {
  if (encoding === 'jsonParsed') {
    const parsed = parseTokenAccountData(svm, account)
    if (parsed) return parsed
    return [getBase64Decoder().decode(account.data), 'base64']
  }
  const data = dataSlice
    ? account.data.subarray(dataSlice.offset, dataSlice.offset + dataSlice.length)
    : account.data
  if (encoding === 'base64') return [getBase64Decoder().decode(data), 'base64']
  if (data.length > base58DataLimit)
    throw new RpcError(
      rpcErrorCodes.invalidRequest,
      'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
    )
  const text = getBase58Decoder().decode(data)
  return encoding === 'binary' ? text : [text, 'base58']
}

function parseTokenAccountData(svm: LiteSVM, account: AccountState): Record<string, unknown> | undefined {
  const program = tokenProgramName(account.owner)
  if (!program) return undefined
  const space = account.data.length
  const mint = decodeMint(account.data, account.owner)
  if (mint) {
    const info = {
      decimals: mint.decimals,
      freezeAuthority: mint.freezeAuthority,
      isInitialized: mint.isInitialized,
      mintAuthority: mint.mintAuthority,
      supply: mint.supply.toString(),
    }
    return { program, parsed: { info, type: 'mint' }, space }
  }
  const token = decodeTokenAccount(account.data, account.owner)
  if (!token) return undefined
  const mintAccount = readAccount(svm, token.mint)
  const decimals = mintAccount ? decodeMint(mintAccount.data, mintAccount.owner)?.decimals : undefined
  if (decimals === undefined) return undefined
  const info: Record<string, unknown> = {
    isNative: token.isNative !== null,
    mint: token.mint,
    owner: token.owner,
    state: token.state,
    tokenAmount: uiTokenAmount(token.amount, decimals),
  }
  if (token.delegate) {
    info.delegate = token.delegate
    info.delegatedAmount = uiTokenAmount(token.delegatedAmount, decimals)
  }
  if (token.isNative !== null) info.rentExemptReserve = uiTokenAmount(token.isNative, decimals)
  if (token.closeAuthority) info.closeAuthority = token.closeAuthority
  return { program, parsed: { info, type: 'account' }, space }
}

/**
 * The `dataSlice` config (`{ offset, length }`), when given.
 *
 * @example
 * dataSliceParam({ dataSlice: { offset: 0, length: 32 } }) // { offset: 0, length: 32 }
 */
export function dataSliceParam(config: Record<string, unknown>): DataSlice | undefined {
  const slice = config.dataSlice
  if (slice === undefined || slice === null) return undefined
  const { offset, length } = (typeof slice === 'object' ? slice : {}) as Record<string, unknown>
  if (
    !Number.isSafeInteger(offset) ||
    !Number.isSafeInteger(length) ||
    (offset as number) < 0 ||
    (length as number) < 0
  )
    throw invalidParams('dataSlice must be { offset, length } with non-negative integers')
  return { offset: offset as number, length: length as number }
}

/**
 * The `encoding` config for account methods; base64+zstd is refused (no zstd in Node 20).
 *
 * @example
 * accountEncodingParam({ encoding: 'jsonParsed' }, 'binary') // 'jsonParsed'
 */
export function accountEncodingParam(
  config: Record<string, unknown>,
  fallback: AccountEncoding,
): AccountEncoding {
  const encoding = config.encoding ?? fallback
  if (encoding === 'base64+zstd')
    throw invalidParams('encoding base64+zstd is not supported by this chain; use base64')
  if (typeof encoding !== 'string' || !accountEncodings.includes(encoding as AccountEncoding))
    throw invalidParams('encoding must be one of "base58", "base64", "jsonParsed"')
  return encoding as AccountEncoding
}
