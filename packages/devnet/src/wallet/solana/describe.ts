import { getBase58Decoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit'
import { formatUnits } from 'viem'
import type { ApprovalRequest } from '../types.ts'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TOKEN_PROGRAMS = new Set([
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
])
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'

const u64 = (data: Uint8Array, offset: number) =>
  data.length >= offset + 8
    ? new DataView(data.buffer, data.byteOffset + offset, 8).getBigUint64(0, true)
    : undefined

/**
 * The lines of an approval prompt for a wire transaction: what each instruction does, as far as the wallet can
 * tell (SOL transfers, SPL `transferChecked`, creating a token account), else the program it calls.
 *
 * @example
 * describeTransaction(bytes) // [{ label: 'Transfer', value: '0.1 SOL to 9xQe…' }]
 */
export function describeTransaction(wire: Uint8Array): ApprovalRequest['details'] {
  const { messageBytes } = getTransactionDecoder().decode(wire)
  const message = getCompiledTransactionMessageDecoder().decode(messageBytes)
  const keys = message.staticAccounts.map(String)
  const details: ApprovalRequest['details'] = [{ label: 'Fee payer', value: keys[0] ?? 'none' }]
  for (const instruction of 'instructions' in message ? message.instructions : []) {
    const program = keys[instruction.programAddressIndex] ?? 'an unknown program'
    const data = new Uint8Array(instruction.data ?? [])
    const account = (i: number) => keys[instruction.accountIndices?.[i] ?? -1] ?? '?'
    if (program === SYSTEM_PROGRAM && data[0] === 2 && u64(data, 4) !== undefined) {
      details.push({ label: 'Transfer', value: `${formatUnits(u64(data, 4)!, 9)} SOL to ${account(1)}` })
    } else if (TOKEN_PROGRAMS.has(program) && data[0] === 12 && u64(data, 1) !== undefined) {
      const amount = formatUnits(u64(data, 1)!, data[9] ?? 0)
      details.push({ label: 'Token transfer', value: `${amount} of ${account(1)} to ${account(2)}` })
    } else if (program === ASSOCIATED_TOKEN_PROGRAM) {
      details.push({ label: 'Create token account', value: `${account(1)} for ${account(2)}` })
    } else {
      details.push({ label: 'Call', value: `${program} (${getBase58Decoder().decode(data).slice(0, 16)}…)` })
    }
  }
  return details
}
