// The SPL Token account layouts (Token and Token-2022 share the base 82-byte mint and 165-byte account), read by
// hand so the RPC can answer jsonParsed and token balances without a program client per shape.
import { type Address, getAddressDecoder, type ReadonlyUint8Array } from '@solana/kit'

export const tokenProgramAddress = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address
export const token2022ProgramAddress = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address

/** `spl-token` or `spl-token-2022`, the `program` name jsonParsed uses; undefined for any other owner. */
export function tokenProgramName(owner: string): 'spl-token' | 'spl-token-2022' | undefined {
  if (owner === tokenProgramAddress) return 'spl-token'
  if (owner === token2022ProgramAddress) return 'spl-token-2022'
  return undefined
}

/** A token amount as the RPC shows it: `{ amount: '5000000', decimals: 6, uiAmount: 5, uiAmountString: '5' }`. */
export interface UiTokenAmount {
  amount: string
  decimals: number
  uiAmount: number | null
  uiAmountString: string
}

export interface MintState {
  mintAuthority: Address | null
  supply: bigint
  decimals: number
  isInitialized: boolean
  freezeAuthority: Address | null
}

export interface TokenAccountState {
  mint: Address
  owner: Address
  amount: bigint
  delegate: Address | null
  state: 'uninitialized' | 'initialized' | 'frozen'
  /** The rent-exempt reserve of a wrapped-SOL account; null for any other mint. */
  isNative: bigint | null
  delegatedAmount: bigint
  closeAuthority: Address | null
}

const mintLength = 82
const accountLength = 165
// Token-2022 accounts with extensions carry their type at byte 165: 1 mint, 2 account.
const accountTypeOffset = 165

const addressDecoder = getAddressDecoder()
const readAddress = (data: ReadonlyUint8Array, offset: number) =>
  addressDecoder.decode(data.subarray(offset, offset + 32))
const readU64 = (data: ReadonlyUint8Array, offset: number) =>
  new DataView(data.buffer, data.byteOffset + offset, 8).getBigUint64(0, true)
const readU32 = (data: ReadonlyUint8Array, offset: number) =>
  new DataView(data.buffer, data.byteOffset + offset, 4).getUint32(0, true)
const readOptionalAddress = (data: ReadonlyUint8Array, offset: number) =>
  readU32(data, offset) === 1 ? readAddress(data, offset + 4) : null

/**
 * The mint an account holds, when `owner` is a token program and `data` a mint.
 *
 * @example
 * decodeMint(account.data, account.programAddress)?.decimals // 6
 */
export function decodeMint(data: ReadonlyUint8Array, owner: string): MintState | undefined {
  if (!tokenProgramName(owner)) return undefined
  if (data.length !== mintLength && !(data.length > accountTypeOffset && data[accountTypeOffset] === 1))
    return undefined
  return {
    mintAuthority: readOptionalAddress(data, 0),
    supply: readU64(data, 36),
    decimals: data[44] ?? 0,
    isInitialized: data[45] === 1,
    freezeAuthority: readOptionalAddress(data, 46),
  }
}

const states = ['uninitialized', 'initialized', 'frozen'] as const

/**
 * The token account an account holds, when `owner` is a token program and `data` a token account.
 *
 * @example
 * decodeTokenAccount(account.data, account.programAddress)?.amount // 1_000_000_000_000n
 */
export function decodeTokenAccount(data: ReadonlyUint8Array, owner: string): TokenAccountState | undefined {
  if (!tokenProgramName(owner)) return undefined
  if (data.length !== accountLength && !(data.length > accountTypeOffset && data[accountTypeOffset] === 2))
    return undefined
  return {
    mint: readAddress(data, 0),
    owner: readAddress(data, 32),
    amount: readU64(data, 64),
    delegate: readOptionalAddress(data, 72),
    state: states[data[108] ?? 0] ?? 'uninitialized',
    isNative: readU32(data, 109) === 1 ? readU64(data, 113) : null,
    delegatedAmount: readU64(data, 121),
    closeAuthority: readOptionalAddress(data, 129),
  }
}

/**
 * A token amount in the RPC's form: uiAmount is the f64 value, uiAmountString the exact decimal without
 * trailing zeros.
 *
 * @example
 * uiTokenAmount(5_000_000n, 6) // { amount: '5000000', decimals: 6, uiAmount: 5, uiAmountString: '5' }
 */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}
