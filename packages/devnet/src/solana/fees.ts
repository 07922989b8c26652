// What a transaction pays: 5,000 lamports per signature and, when it sets a compute-unit price, that price
// times its compute-unit limit (the runtime's prioritization fee), rounded up.
import type { DecodedTransaction } from './message.ts'

export const lamportsPerSignature = 5_000n

const computeBudgetProgram = 'ComputeBudget111111111111111111111111111111'
const setComputeUnitLimit = 2
const setComputeUnitPrice = 3
const defaultUnitsPerInstruction = 200_000n
const maxComputeUnits = 1_400_000n

/**
 * The fee the runtime charges the fee payer (precompile signatures are not counted).
 *
 * @example
 * transactionFee(decodeWireTransaction(bytes, load)) // 5000n for a plain transfer
 */
export function transactionFee(decoded: DecodedTransaction): bigint {
  let unitLimit: bigint | undefined
  let microLamportsPerUnit = 0n
  let otherInstructions = 0n
  for (const instruction of decoded.instructions) {
    const program = decoded.accountKeys[instruction.programIdIndex]
    const view = new DataView(instruction.data.buffer, instruction.data.byteOffset, instruction.data.length)
    if (program !== computeBudgetProgram) otherInstructions++
    else if (instruction.data[0] === setComputeUnitLimit && view.byteLength >= 5)
      unitLimit = BigInt(view.getUint32(1, true))
    else if (instruction.data[0] === setComputeUnitPrice && view.byteLength >= 9)
      microLamportsPerUnit = view.getBigUint64(1, true)
  }
  const units = unitLimit ?? otherInstructions * defaultUnitsPerInstruction
  const limit = units < maxComputeUnits ? units : maxComputeUnits
  const priorityFee = (microLamportsPerUnit * limit + 999_999n) / 1_000_000n
  return lamportsPerSignature * BigInt(decoded.header.numRequiredSignatures) + priorityFee
}
