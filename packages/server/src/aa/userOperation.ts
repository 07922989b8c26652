// ERC-4337 v0.7 user operations as JSON-RPC carries them (ERC-7677's paymaster methods receive one unsigned), and the
// hash EntryPoint v0.7's VerifyingPaymaster has its signer sign.
import { concat, encodeAbiParameters, type Hex, keccak256, pad, toHex } from 'viem'
import { z } from 'zod'

/** EntryPoint v0.7, at its address on every chain: the only one the paymaster sponsors through. */
export const entryPoint07 = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'

/** Lower-cased: any casing is taken (viem would refuse a bad checksum deep in the hashing, after the checks). */
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address (0x and 40 hex digits)')
  .transform((value) => value.toLowerCase())
/** A uint256 quantity; limits and fees fit in 128 bits on chain, so longer ones are refused here. */
const quantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]{1,32}$/, 'must be a hex quantity of at most 128 bits')
  .transform((value) => BigInt(value))
const nonce = z
  .string()
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity')
  .transform((value) => BigInt(value))
/** Bytes, at most 48 KiB of them (a deployment's factory data and a batch's call data fit well within). */
const bytes = z
  .string()
  .max(2 + 2 * 48 * 1024, 'must be at most 48 KiB')
  .regex(/^0x([0-9a-fA-F]{2})*$/, 'must be hex bytes')
  .transform((value) => value as Hex)

/**
 * An unsigned user operation for EntryPoint v0.7. The gas limits are optional: a paymaster's stub is asked for
 * before they are estimated.
 */
export const userOperationSchema = z.object({
  sender: address.transform((value) => value as Hex),
  nonce,
  factory: address.transform((value) => value as Hex).nullish(),
  factoryData: bytes.nullish(),
  callData: bytes,
  callGasLimit: quantity.optional(),
  verificationGasLimit: quantity.optional(),
  preVerificationGas: quantity.optional(),
  maxFeePerGas: quantity.optional(),
  maxPriorityFeePerGas: quantity.optional(),
  paymasterVerificationGasLimit: quantity.nullish(),
  paymasterPostOpGasLimit: quantity.nullish(),
})

export type UserOperation = z.output<typeof userOperationSchema>

/** The gas limits a sponsored operation's cost is bounded by; every one is set once it is estimated. */
export interface GasLimits {
  callGasLimit: bigint
  verificationGasLimit: bigint
  preVerificationGas: bigint
  paymasterVerificationGasLimit: bigint
  paymasterPostOpGasLimit: bigint
}

/** All its gas limits summed: what the policy's `maxGasPerOperation` bounds. */
export function totalGas(limits: GasLimits): bigint {
  return (
    limits.callGasLimit +
    limits.verificationGasLimit +
    limits.preVerificationGas +
    limits.paymasterVerificationGasLimit +
    limits.paymasterPostOpGasLimit
  )
}

const uint128 = (value: bigint) => pad(toHex(value), { size: 16 })

export interface PaymasterHashParameters {
  userOperation: UserOperation & GasLimits & { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
  chainId: number
  paymaster: Hex
  validUntil: number
  validAfter: number
}

/**
 * The hash the VerifyingPaymaster (`@account-abstraction/contracts` 0.7's sample) checks its signer signed, as an
 * EIP-191 message: `getHash(userOp, validUntil, validAfter)`. It covers the operation (sender, nonce, init code and
 * call data hashed, every gas limit and fee), the chain and the paymaster, so a signature serves that one operation.
 *
 * @example
 * const hash = paymasterHash({ userOperation, chainId: 31337, paymaster, validUntil, validAfter: 0 })
 * const signature = await signer.signMessage({ message: { raw: hash } })
 */
export function paymasterHash(parameters: PaymasterHashParameters): Hex {
  const { userOperation: op, chainId, paymaster, validUntil, validAfter } = parameters
  const initCode = op.factory ? concat([op.factory, op.factoryData ?? '0x']) : '0x'
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        op.sender,
        op.nonce,
        keccak256(initCode),
        keccak256(op.callData),
        concat([uint128(op.verificationGasLimit), uint128(op.callGasLimit)]),
        BigInt(concat([uint128(op.paymasterVerificationGasLimit), uint128(op.paymasterPostOpGasLimit)])),
        op.preVerificationGas,
        concat([uint128(op.maxPriorityFeePerGas), uint128(op.maxFeePerGas)]),
        BigInt(chainId),
        paymaster,
        validUntil,
        validAfter,
      ],
    ),
  )
}

/** The paymaster data after the paymaster's address and gas limits: `abi.encode(validUntil, validAfter)` ‖ signature. */
export function paymasterData(validUntil: number, validAfter: number, signature: Hex): Hex {
  return concat([
    encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter]),
    signature,
  ])
}
