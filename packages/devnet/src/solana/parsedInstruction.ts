// jsonParsed instructions: System transfer / createAccount, SPL Token transfer / transferChecked / mintTo /
// initializeMint2 and Associated Token create / createIdempotent in the RPC's `{ program, programId, parsed }`
// shape; any other instruction as `{ programId, accounts, data }` (base58).
import { type Address, getAddressDecoder, getBase58Decoder } from '@solana/kit'
import type { CompiledInstruction } from './message.ts'
import { tokenProgramName, uiTokenAmount } from './splToken.ts'

const systemProgram = '11111111111111111111111111111111'
const associatedTokenProgram = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'

type Parsed = { type: string; info: Record<string, unknown> }

/**
 * One instruction as jsonParsed shows it.
 *
 * @example
 * parsedInstruction(accountKeys, instruction, null)
 * // { program: 'system', programId: '1111…', parsed: { type: 'transfer', info: { source, destination, lamports } }, stackHeight: null }
 */
export function parsedInstruction(
  accountKeys: readonly Address[],
  instruction: Omit<CompiledInstruction, 'accounts'> & { accounts: readonly number[] },
  stackHeight: number | null,
): Record<string, unknown> {
  const programId = accountKeys[instruction.programIdIndex]!
  const accounts = instruction.accounts.map((index) => accountKeys[index]!)
  const view = new DataView(instruction.data.buffer, instruction.data.byteOffset, instruction.data.length)
  let parsed: { program: string; parsed: Parsed } | undefined
  try {
    parsed = parse(programId, accounts, instruction.data, view)
  } catch {
    // Data too short for its instruction: shown unparsed, as the RPC does.
  }
  if (parsed) return { ...parsed, programId, stackHeight }
  return { accounts, data: getBase58Decoder().decode(instruction.data), programId, stackHeight }
}

function parse(
  programId: string,
  accounts: readonly Address[],
  data: Uint8Array,
  view: DataView,
): { program: string; parsed: Parsed } | undefined {
  const account = (index: number) => {
    const found = accounts[index]
    if (found === undefined) throw new RangeError('missing account')
    return found
  }
  if (programId === systemProgram) {
    const kind = view.getUint32(0, true)
    if (kind === 2)
      return {
        program: 'system',
        parsed: {
          type: 'transfer',
          info: { destination: account(1), lamports: view.getBigUint64(4, true), source: account(0) },
        },
      }
    if (kind === 0)
      return {
        program: 'system',
        parsed: {
          type: 'createAccount',
          info: {
            lamports: view.getBigUint64(4, true),
            newAccount: account(1),
            owner: readAddress(data, 20),
            source: account(0),
            space: view.getBigUint64(12, true),
          },
        },
      }
    return undefined
  }
  const tokenProgram = tokenProgramName(programId)
  if (tokenProgram) {
    const parsed = parseToken(data, view, accounts, account)
    return parsed && { program: tokenProgram, parsed }
  }
  if (programId === associatedTokenProgram) {
    const kind = data.length === 0 ? 0 : data[0]
    if (kind !== 0 && kind !== 1) return undefined
    return {
      program: 'spl-associated-token-account',
      parsed: {
        type: kind === 0 ? 'create' : 'createIdempotent',
        info: {
          account: account(1),
          mint: account(3),
          source: account(0),
          systemProgram: account(4),
          tokenProgram: account(5),
          wallet: account(2),
        },
      },
    }
  }
  return undefined
}

function parseToken(
  data: Uint8Array,
  view: DataView,
  accounts: readonly Address[],
  account: (index: number) => Address,
): Parsed | undefined {
  // A multisig authority signs through the accounts after the fixed ones.
  const authority = (index: number, name: string) =>
    accounts.length > index + 1
      ? {
          [`multisig${name[0]!.toUpperCase()}${name.slice(1)}`]: account(index),
          signers: accounts.slice(index + 1),
        }
      : { [name]: account(index) }
  switch (data[0]) {
    case 3:
      return {
        type: 'transfer',
        info: {
          amount: view.getBigUint64(1, true).toString(),
          ...authority(2, 'authority'),
          destination: account(1),
          source: account(0),
        },
      }
    case 12:
      return {
        type: 'transferChecked',
        info: {
          ...authority(3, 'authority'),
          destination: account(2),
          mint: account(1),
          source: account(0),
          tokenAmount: uiTokenAmount(view.getBigUint64(1, true), view.getUint8(9)),
        },
      }
    case 7:
      return {
        type: 'mintTo',
        info: {
          account: account(1),
          amount: view.getBigUint64(1, true).toString(),
          mint: account(0),
          ...authority(2, 'mintAuthority'),
        },
      }
    case 20: {
      const freezeAuthority = data[34] === 1 ? { freezeAuthority: readAddress(data, 35) } : {}
      return {
        type: 'initializeMint2',
        info: {
          decimals: view.getUint8(1),
          ...freezeAuthority,
          mint: account(0),
          mintAuthority: readAddress(data, 2),
        },
      }
    }
    default:
      return undefined
  }
}

function readAddress(data: Uint8Array, offset: number): Address {
  if (data.length < offset + 32) throw new RangeError('data too short')
  return getAddressDecoder().decode(data.subarray(offset, offset + 32))
}
