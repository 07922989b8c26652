// A Safe 1.4.1 smart account with the Safe 4337 module (EntryPoint v0.7), one owner, as the Safe contracts define it:
// its counterfactual address, its factory call, its calls as one user operation, and what its owner signs for an
// operation and for a message. The same account permissionless' `toSafeSmartAccount` makes with its defaults (so a
// visitor can take it to any Safe tool); written here because that library brings ~250 KB (gzip) to a browser.
import {
  checksumAddress,
  concat,
  encodeAbiParameters,
  type Hex,
  keccak256,
  numberToHex,
  serializeErc6492Signature,
  stringToHex,
  type TypedDataDefinition,
  zeroAddress,
} from 'viem'

/** The canonical deployments (the same address on every chain that has them). */
export const safeContracts = {
  entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  proxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  singleton: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  module: '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226',
  moduleSetup: '0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47',
  multiSend: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
} as const

export interface SafeCall {
  to: Hex
  value?: bigint
  data?: Hex
}

/**
 * A call to `signature` (e.g. `multiSend(bytes)`) with `args`: its selector, then its ABI-encoded arguments. (viem's
 * encodeFunctionData and encodePacked would bring their ABI parsing and errors to the frame's wallet chunk too.)
 */
function call(signature: string, args: readonly unknown[]): Hex {
  const types = signature
    .slice(signature.indexOf('(') + 1, -1)
    .split(',')
    .filter(Boolean)
  return concat([
    keccak256(stringToHex(signature)).slice(0, 10) as Hex,
    encodeAbiParameters(
      types.map((type) => ({ type })),
      args,
    ),
  ])
}

/** A number as `bytes` big-endian bytes (what encodePacked makes of a uint). */
const uint = (value: number | bigint, bytes: number) => numberToHex(value, { size: bytes })

/** MultiSend's packed transactions: operation, to, value, length, data, one after the other. */
function multiSend(calls: readonly (SafeCall & { operation: 0 | 1 })[]): Hex {
  const packed = calls.map(({ operation, to, value = 0n, data = '0x' }) =>
    concat([uint(operation, 1), to, uint(value, 32), uint((data.length - 2) / 2, 32), data]),
  )
  return call('multiSend(bytes)', [concat(packed)])
}

/** Safe.setup for `owner`: threshold 1, the 4337 module enabled (through MultiSend) and its fallback handler. */
function initializer(owner: Hex): Hex {
  const enable = call('enableModules(address[])', [[safeContracts.module]])
  return call('setup(address[],uint256,address,bytes,address,address,uint256,address)', [
    [owner],
    1n,
    safeContracts.multiSend,
    multiSend([{ operation: 1, to: safeContracts.moduleSetup, data: enable }]),
    safeContracts.module,
    zeroAddress,
    0n,
    zeroAddress,
  ])
}

/** The factory call that deploys `owner`'s Safe (the user operation's `factoryData`, salt nonce 0). */
export const safeFactoryData = (owner: Hex): Hex =>
  call('createProxyWithNonce(address,bytes,uint256)', [safeContracts.singleton, initializer(owner), 0n])

/** The eth_call that reads the proxy factory's creation code, which the address is computed from. */
export const proxyCreationCodeCall = {
  to: safeContracts.proxyFactory,
  data: call('proxyCreationCode()', []),
}

/** `owner`'s Safe address, given the factory's proxy creation code (ABI-encoded bytes, as eth_call returns it). */
export function safeAddress(owner: Hex, proxyCreationCode: Hex): Hex {
  // The answer is one `bytes`: its offset (32 bytes), its length (32 bytes), then the code.
  const length = Number(BigInt(`0x${proxyCreationCode.slice(66, 130)}`))
  const code = `0x${proxyCreationCode.slice(130, 130 + length * 2)}` as Hex
  const salt = keccak256(concat([keccak256(initializer(owner)), uint(0, 32)]))
  const bytecode = concat([code, encodeAbiParameters([{ type: 'address' }], [safeContracts.singleton])])
  // CREATE2: the last 20 bytes of keccak256(0xff ‖ factory ‖ salt ‖ keccak256(creation code)).
  return checksumAddress(
    `0x${keccak256(concat(['0xff', safeContracts.proxyFactory, salt, keccak256(bytecode)])).slice(26)}`,
  )
}

const execute = 'executeUserOpWithErrorString(address,uint256,bytes,uint8)'

/** The user operation's call data: one call as it is, several in one MultiSendCallOnly (all or none). */
export function safeCallData(calls: readonly SafeCall[]): Hex {
  if (calls.length === 1) {
    const [{ to, value = 0n, data = '0x' }] = calls as [SafeCall]
    return call(execute, [to, value, data, 0])
  }
  const batch = multiSend(calls.map((one) => ({ ...one, operation: 0 })))
  return call(execute, [safeContracts.multiSendCallOnly, 0n, batch, 1])
}

/** The eth_call that reads the account's next nonce from the EntryPoint (key 0). */
export const nonceCall = (sender: Hex) => ({
  to: safeContracts.entryPoint,
  data: call('getNonce(address,uint192)', [sender, 0n]),
})

/** An EntryPoint v0.7 user operation, as the bundler's JSON-RPC takes it (quantities in hex). */
export interface UserOperation {
  sender: Hex
  nonce: Hex
  factory?: Hex
  factoryData?: Hex
  callData: Hex
  callGasLimit: Hex
  verificationGasLimit: Hex
  preVerificationGas: Hex
  maxFeePerGas: Hex
  maxPriorityFeePerGas: Hex
  paymaster?: Hex
  paymasterVerificationGasLimit?: Hex
  paymasterPostOpGasLimit?: Hex
  paymasterData?: Hex
  signature: Hex
}

const uint128 = (value: Hex | undefined) => uint(BigInt(value ?? 0), 16)

/**
 * What the owner signs for an operation: the 4337 module's SafeOp (EIP-712, the module as verifying contract), no
 * time bounds.
 */
export function safeOperationTypedData(operation: UserOperation, chainId: number): TypedDataDefinition {
  const { paymaster } = operation
  return {
    domain: { chainId, verifyingContract: safeContracts.module },
    types: {
      SafeOp: [
        { type: 'address', name: 'safe' },
        { type: 'uint256', name: 'nonce' },
        { type: 'bytes', name: 'initCode' },
        { type: 'bytes', name: 'callData' },
        { type: 'uint128', name: 'verificationGasLimit' },
        { type: 'uint128', name: 'callGasLimit' },
        { type: 'uint256', name: 'preVerificationGas' },
        { type: 'uint128', name: 'maxPriorityFeePerGas' },
        { type: 'uint128', name: 'maxFeePerGas' },
        { type: 'bytes', name: 'paymasterAndData' },
        { type: 'uint48', name: 'validAfter' },
        { type: 'uint48', name: 'validUntil' },
        { type: 'address', name: 'entryPoint' },
      ],
    },
    primaryType: 'SafeOp',
    message: {
      safe: operation.sender,
      nonce: BigInt(operation.nonce),
      initCode:
        operation.factory && operation.factoryData
          ? concat([operation.factory, operation.factoryData])
          : '0x',
      callData: operation.callData,
      verificationGasLimit: BigInt(operation.verificationGasLimit),
      callGasLimit: BigInt(operation.callGasLimit),
      preVerificationGas: BigInt(operation.preVerificationGas),
      maxPriorityFeePerGas: BigInt(operation.maxPriorityFeePerGas),
      maxFeePerGas: BigInt(operation.maxFeePerGas),
      paymasterAndData: paymaster
        ? concat([
            paymaster,
            uint128(operation.paymasterVerificationGasLimit),
            uint128(operation.paymasterPostOpGasLimit),
            operation.paymasterData ?? '0x',
          ])
        : '0x',
      validAfter: 0,
      validUntil: 0,
      entryPoint: safeContracts.entryPoint,
    },
  }
}

/** The operation's signature: its time bounds (none), then the owner's 65-byte ECDSA signature. */
export const safeOperationSignature = (ownerSignature: Hex): Hex =>
  concat([uint(0, 6), uint(0, 6), ownerSignature])

/** A well-formed signature for estimating gas: what the real one costs to check, signed by no one. */
export const stubSignature = safeOperationSignature(`0x${'11'.repeat(32)}${'22'.repeat(32)}1c`)

/**
 * What the owner signs for a message the Safe signs (ERC-1271 through its fallback handler): the SafeMessage of the
 * message's hash (EIP-191 for a message, EIP-712's for typed data), for this Safe on this chain.
 */
export const safeMessageTypedData = (hash: Hex, safe: Hex, chainId: number): TypedDataDefinition => ({
  domain: { chainId, verifyingContract: safe },
  types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
  primaryType: 'SafeMessage',
  message: { message: hash },
})

/** A signature by the Safe before it is deployed (ERC-6492): with the factory call that would deploy it. */
export const undeployedSignature = (owner: Hex, signature: Hex): Hex =>
  serializeErc6492Signature({ address: safeContracts.proxyFactory, data: safeFactoryData(owner), signature })
