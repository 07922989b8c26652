// The embedded wallet's smart account (SPEC §3: eip155's default account type): the owner's Safe (safe.ts), sending
// through the chains' bundler and paymaster that the frame's origin serves. What it sends is one user operation,
// shown to the visitor in one approval, its fee sponsored when the paymaster's policy allows it (else the account
// pays, and the approval says why). Messages are signed as the Safe: ERC-1271 once it is deployed, ERC-6492 before.
// Loaded with the first request of an account whose type is the smart account.
import { type FrameError, frameReadMethods } from '@latch/core/frame'
import { concat, type Hex, hashTypedData, numberToHex } from 'viem'
import { Refusal } from './refusal.ts'
import {
  nonceCall,
  proxyCreationCodeCall,
  type SafeCall,
  safeAddress,
  safeCallData,
  safeContracts,
  safeFactoryData,
  safeMessageTypedData,
  safeOperationSignature,
  safeOperationTypedData,
  stubSignature,
  type UserOperation,
  undeployedSignature,
} from './safe.ts'
import { read, write } from './store.ts'
import { walletRequest } from './wallet.ts'
import {
  approved,
  approveMessage,
  approveTyped,
  ask,
  chainOf,
  chains,
  coin,
  type FrameChain,
  quantity,
  signer,
  signHash,
  type UserOperationEndpoints,
  type WalletRequest,
} from './walletTools.ts'

/** A refusal of `code` saying `message`. */
const refuse = (code: number, message: string, data?: unknown) =>
  new Refusal({ code, message, ...(data === undefined ? {} : { data }) } satisfies FrameError)

/** The account as the page sees it: its type, its address, and the key's own (the EOA). */
export interface FrameAccount {
  accountType: 'eoa' | 'smartAccount'
  address: Hex
  eoaAddress: Hex
}

interface AccountUser {
  id: string
  address: string | null
}

/** An account type a page names: eoa or smartAccount. */
export function accountType(params: unknown): string {
  const type = (params as { type?: unknown } | undefined)?.type
  if (type !== 'eoa' && type !== 'smartAccount') throw refuse(-32602, 'type must be eoa or smartAccount')
  return type
}

const choiceKey = (user: AccountUser) => `accountType:eip155:${user.id}`

/**
 * The user's account: the visitor's own choice on this device (Switch to your EOA / smart account), else the app's
 * default; the smart account is the key's Safe where a chain of the server's has a bundler, else the key's own.
 */
export async function accountOf(user: AccountUser, appDefault: string): Promise<FrameAccount> {
  const owner = (user.address ?? '') as Hex
  const chosen = await read(choiceKey(user)).catch(() => undefined)
  const smart = (chosen ?? appDefault) === 'smartAccount' ? await smartAddress(owner) : undefined
  return smart
    ? { accountType: 'smartAccount', address: smart, eoaAddress: owner }
    : { accountType: 'eoa', address: owner, eoaAddress: owner }
}

/** Keeps the visitor's choice of account type (`params.type`) for this account on this device: the account it names. */
export async function chooseAccount(user: AccountUser, params: unknown): Promise<FrameAccount> {
  const type = accountType(params)
  if (type === 'smartAccount' && !chains.some((chain) => chain.bundler))
    throw refuse(4200, 'Smart accounts are not available on this server')
  await write(choiceKey(user), type)
  return accountOf(user, type)
}

const badParams = (message: string) => refuse(-32602, message)

/** The frame's origin's proxies of the chains' bundlers and paymasters, speaking for the page the frame serves. */
function pageEndpoints(request: WalletRequest): UserOperationEndpoints {
  const projectId = new URLSearchParams(location.search).get('projectId') ?? ''
  return {
    url: (kind, chainId) => `/v1/${kind}/${chainId}?projectId=${encodeURIComponent(projectId)}`,
    headers: { 'x-latch-parent': request.page.origin },
  }
}

/** The owners' Safe addresses, computed once per owner on this device and kept (a next visit asks no chain). */
const addresses = new Map<string, Promise<Hex>>()

/**
 * `owner`'s Safe: the same address on every chain (the factory's code is read from the first that has a bundler).
 * Undefined when no chain of the server's has one: the account is then the owner's own.
 */
export function smartAddress(owner: Hex): Promise<Hex> | undefined {
  const chain = chains.find((served) => served.bundler)
  if (!chain || !owner) return undefined
  let address = addresses.get(owner)
  if (!address) {
    // Named by the Safe's version: another version's address for the same owner is another account.
    const key = `safe-1.4.1:${owner}`
    address = read(key)
      .catch(() => undefined)
      .then(
        (kept) =>
          (/^0x[0-9a-fA-F]{40}$/.test(String(kept)) ? (kept as Hex) : undefined) ??
          ask<Hex>(chain, 'eth_call', [proxyCreationCodeCall, 'latest']).then((code) => {
            const computed = safeAddress(owner, code)
            write(key, computed).catch(() => undefined)
            return computed
          }),
      )
    address.catch(() => addresses.delete(owner))
    addresses.set(owner, address)
  }
  return address
}

/** A chain this account can send on (one whose bundler the frame's origin serves). */
function sendsOn(chain: FrameChain): FrameChain {
  if (!chain.bundler) throw refuse(4200, `The smart account cannot send on ${chain.name}: it has no bundler`)
  return chain
}

let nextId = 0

/** One JSON-RPC request to the chain's bundler or paymaster on the frame's origin; a refusal keeps its message. */
async function userOperationRpc<T>(
  request: WalletRequest,
  kind: 'bundler' | 'paymaster',
  chain: FrameChain,
  method: string,
  params: unknown[],
): Promise<T> {
  const endpoints = request.userOperations ?? pageEndpoints(request)
  let body: { result?: T; error?: { code?: unknown; message?: unknown; data?: unknown } } | undefined
  try {
    const response = await fetch(endpoints.url(kind, chain.chainId), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...endpoints.headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params }),
      signal: AbortSignal.timeout(30_000),
    })
    body = await response.json()
  } catch {
    throw refuse(-32603, `The ${kind} for ${chain.name} could not be reached`)
  }
  if (body?.error)
    throw refuse(
      typeof body.error.code === 'number' ? body.error.code : -32603,
      typeof body.error.message === 'string' ? body.error.message : `The ${kind} refused ${method}`,
      body.error.data,
    )
  if (!body || !('result' in body))
    throw refuse(-32603, `The ${kind} for ${chain.name} answered ${method} with nothing`)
  return body.result as T
}

/** Whether the Safe has code on `chain` (deployed by its first operation there). */
const deployedOn = async (chain: FrameChain, address: Hex) =>
  (await ask<Hex>(chain, 'eth_getCode', [address, 'latest'])) !== '0x'

/** The fees of the next operation: the bundler's own price where it offers one, else the chain's with room to rise. */
async function fees(request: WalletRequest, chain: FrameChain) {
  try {
    const { fast } = await userOperationRpc<{
      fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex }
    }>(request, 'bundler', chain, 'pimlico_getUserOperationGasPrice', [])
    return { maxFeePerGas: fast.maxFeePerGas, maxPriorityFeePerGas: fast.maxPriorityFeePerGas }
  } catch {
    const [priority, block] = await Promise.all([
      ask<Hex>(chain, 'eth_maxPriorityFeePerGas', []),
      ask<{ baseFeePerGas?: Hex | null }>(chain, 'eth_getBlockByNumber', ['latest', false]),
    ])
    return {
      maxFeePerGas: numberToHex(BigInt(block.baseFeePerGas ?? '0x0') * 2n + BigInt(priority)),
      maxPriorityFeePerGas: priority,
    }
  }
}

/** The most gas the operation may use, all its parts together. */
const gasOf = (operation: UserOperation) =>
  [
    operation.callGasLimit,
    operation.verificationGasLimit,
    operation.preVerificationGas,
    operation.paymasterVerificationGasLimit,
    operation.paymasterPostOpGasLimit,
  ].reduce((sum, part) => sum + BigInt(part ?? '0x0'), 0n)

/**
 * The operation for `calls`, ready to be approved: nonce, the factory while the Safe is not deployed, the paymaster's
 * stub when it sponsors (else why not), the bundler's gas estimate.
 */
async function prepareOperation(request: WalletRequest, chain: FrameChain, calls: readonly SafeCall[]) {
  const sender = request.address
  const { owner } = request
  const [deployed, nonce, price] = await Promise.all([
    deployedOn(chain, sender),
    ask<Hex>(chain, 'eth_call', [nonceCall(sender), 'latest']),
    fees(request, chain),
  ])
  const operation: UserOperation = {
    sender,
    nonce: numberToHex(BigInt(nonce)),
    ...(deployed ? {} : { factory: safeContracts.proxyFactory, factoryData: safeFactoryData(owner) }),
    callData: safeCallData(calls),
    callGasLimit: '0x0',
    verificationGasLimit: '0x0',
    preVerificationGas: '0x0',
    ...price,
    signature: stubSignature,
  }
  const chainId = numberToHex(chain.chainId)
  let unsponsored: string | undefined = 'This network has no paymaster'
  if (chain.paymaster) {
    try {
      const stub = await userOperationRpc<Partial<UserOperation>>(
        request,
        'paymaster',
        chain,
        'pm_getPaymasterStubData',
        [operation, safeContracts.entryPoint, chainId, {}],
      )
      Object.assign(operation, {
        paymaster: stub.paymaster,
        paymasterData: stub.paymasterData,
        paymasterVerificationGasLimit: stub.paymasterVerificationGasLimit ?? '0x0',
        paymasterPostOpGasLimit: stub.paymasterPostOpGasLimit ?? '0x0',
      })
      unsponsored = undefined
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      // Not sponsored (a cap reached, a policy): the account pays, and the approval says why.
      unsponsored = error.message
    }
  }
  const gas = await userOperationRpc<Partial<UserOperation>>(
    request,
    'bundler',
    chain,
    'eth_estimateUserOperationGas',
    [operation, safeContracts.entryPoint],
  ).catch((error: unknown) => {
    if (error instanceof Refusal && unsponsored && /AA21|prefund/i.test(error.message))
      throw refuse(-32000, `Not sponsored (${unsponsored}), and the account cannot pay the network fee`, {
        reason: 'unsponsored',
      })
    throw error
  })
  operation.callGasLimit = gas.callGasLimit ?? operation.callGasLimit
  operation.verificationGasLimit = gas.verificationGasLimit ?? operation.verificationGasLimit
  operation.preVerificationGas = gas.preVerificationGas ?? operation.preVerificationGas
  if (operation.paymaster && gas.paymasterVerificationGasLimit)
    operation.paymasterVerificationGasLimit = gas.paymasterVerificationGasLimit
  return { operation, unsponsored, deployed }
}

/** The approval's fee line: sponsored, or what the account pays at most (and why it pays). */
function feeFields(chain: FrameChain, operation: UserOperation, unsponsored: string | undefined) {
  const fields: [string, string][] = []
  if (unsponsored) fields.push(['Not sponsored', unsponsored])
  fields.push([
    'Network fee',
    unsponsored ? `Up to ${coin(chain, gasOf(operation) * BigInt(operation.maxFeePerGas))}` : 'Sponsored',
  ])
  return fields
}

/** Signs and sends an approved operation (the paymaster's signature first, when sponsored): its hash. */
async function sendOperation(
  request: WalletRequest,
  chain: FrameChain,
  operation: UserOperation,
): Promise<Hex> {
  if (operation.paymaster) {
    const sponsored = await userOperationRpc<Partial<UserOperation>>(
      request,
      'paymaster',
      chain,
      'pm_getPaymasterData',
      [operation, safeContracts.entryPoint, numberToHex(chain.chainId), {}],
    )
    operation.paymaster = sponsored.paymaster ?? operation.paymaster
    operation.paymasterData = sponsored.paymasterData ?? operation.paymasterData
  }
  const signature = await signHash(request, hashTypedData(safeOperationTypedData(operation, chain.chainId)))
  operation.signature = safeOperationSignature(signature)
  return userOperationRpc<Hex>(request, 'bundler', chain, 'eth_sendUserOperation', [
    operation,
    safeContracts.entryPoint,
  ])
}

interface OperationReceipt {
  success: boolean
  receipt: { transactionHash: Hex; blockHash: Hex; blockNumber: Hex; gasUsed: Hex; status: Hex }
}

/** How long the wallet waits for an operation to be mined before it says so. */
const RECEIPT_TIMEOUT_MS = 120_000

/**
 * The operation's receipt once mined: asked after 50 ms, then 50 ms later each time up to once a second (a devnet
 * bundles in a fifth of a second, a chain of 12 s blocks is not asked 10 times a second).
 */
async function receiptOf(request: WalletRequest, chain: FrameChain, hash: Hex): Promise<OperationReceipt> {
  const until = Date.now() + RECEIPT_TIMEOUT_MS
  for (let wait = 50; ; wait = Math.min(wait + 50, 1000)) {
    await new Promise((resolve) => setTimeout(resolve, wait))
    const receipt = await userOperationRpc<OperationReceipt | null>(
      request,
      'bundler',
      chain,
      'eth_getUserOperationReceipt',
      [hash],
    )
    if (receipt) return receipt
    if (Date.now() > until) throw refuse(-32603, `The operation ${hash} was not mined within 2 minutes`)
  }
}

/** The calls of eth_sendTransaction or wallet_sendCalls, checked; at most 10, each to an address. */
function callsOf(given: unknown): SafeCall[] {
  if (!Array.isArray(given) || given.length === 0) throw badParams('There are no calls to send')
  if (given.length > 10) throw refuse(5740, 'At most 10 calls are sent at once')
  return given.map((entry, index) => {
    const one = entry as Record<string, unknown> | null
    if (typeof one !== 'object' || one === null)
      throw badParams(`calls[${index}] must be a call: { to, value, data }`)
    if (typeof one.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(one.to))
      throw badParams(`calls[${index}].to must be an address: the smart account does not deploy contracts`)
    const data = one.data ?? one.input
    if (data !== undefined && (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(data)))
      throw badParams(`calls[${index}].data must be hex bytes`)
    const value = quantity(one.value, `calls[${index}].value`) ?? 0n
    return { to: one.to as Hex, value, ...(data && data !== '0x' ? { data: data as Hex } : {}) }
  })
}

/** What the visitor reads before approving the calls: each one, the total amount, the fee. */
async function approveCalls(
  request: WalletRequest,
  chain: FrameChain,
  calls: readonly SafeCall[],
  prepared: Awaited<ReturnType<typeof prepareOperation>>,
) {
  const total = calls.reduce((sum, { value = 0n }) => sum + value, 0n)
  const [only] = calls
  const single = calls.length === 1 && only
  await approved(request, {
    title: single && !only.data ? 'Transaction request' : 'Contract call',
    origin: request.page.origin,
    fields: [
      [
        'Account',
        `${request.address} (smart account${prepared.deployed ? '' : ', set up with this operation'})`,
      ],
      ['Network', chain.name],
      ...(single
        ? [['To', only.to] as [string, string]]
        : [['Calls', String(calls.length)] as [string, string]]),
      ['Amount', coin(chain, total)],
      ...feeFields(chain, prepared.operation, prepared.unsponsored),
    ],
    ...(single
      ? only.data
        ? { body: only.data, bodyLabel: 'Data' }
        : {}
      : {
          body: calls
            .map(
              ({ to, value = 0n, data }, index) =>
                `${index + 1}. To ${to}, ${coin(chain, value)}${data ? `\n   Data ${data}` : ''}`,
            )
            .join('\n'),
          bodyLabel: 'Calls (all or none)',
        }),
  })
}

/** eth_sendTransaction as one operation: approved, sent, and answered with its transaction once mined. */
async function sendTransaction(request: WalletRequest, chain: FrameChain): Promise<Hex> {
  const asked = request.args[0] as Record<string, unknown> | null | undefined
  if (typeof asked !== 'object' || asked === null) throw badParams('eth_sendTransaction takes a transaction')
  if (asked.from !== undefined) signer(request, asked.from)
  if (asked.chainId !== undefined && quantity(asked.chainId, 'chainId') !== BigInt(chain.chainId))
    throw badParams(`The transaction is for chain ${asked.chainId}, not ${chain.name} (${chain.chainId})`)
  const calls = callsOf([asked])
  const prepared = await prepareOperation(request, chain, calls)
  await approveCalls(request, chain, calls, prepared)
  const hash = await sendOperation(request, chain, prepared.operation)
  const { success, receipt } = await receiptOf(request, chain, hash)
  if (!success)
    throw refuse(-32603, 'The transaction reverted', {
      transactionHash: receipt.transactionHash,
      userOperationHash: hash,
    })
  return receipt.transactionHash
}

/**
 * EIP-5792 ids of this account's calls: the operation's hash and the chain's id, so their status is found from any
 * frame (the frame reloads when it moves into the modal).
 */
const callsId = (hash: Hex, chainId: number) => concat([hash, numberToHex(chainId, { size: 32 })])

/** wallet_sendCalls: the calls in one operation (all or none), approved once; answered as soon as it is sent. */
async function sendCalls(
  request: WalletRequest,
  chain: FrameChain,
): Promise<{ id: Hex; capabilities: object }> {
  const batch = request.args[0] as
    | { chainId?: unknown; from?: unknown; calls?: unknown; capabilities?: unknown }
    | undefined
  if (typeof batch !== 'object' || batch === null || batch.chainId === undefined)
    throw badParams('wallet_sendCalls takes { chainId, calls: [] }')
  if (quantity(batch.chainId, 'chainId') !== BigInt(chain.chainId))
    throw refuse(5710, `The calls are for another chain than ${chain.name}`)
  if (batch.from !== undefined) signer(request, batch.from)
  // EIP-5792: a capability the page needs (not marked optional) that this account lacks refuses the whole batch.
  const asked = [
    batch.capabilities,
    ...(Array.isArray(batch.calls) ? batch.calls : []).map(
      (one) => (one as { capabilities?: unknown } | null)?.capabilities,
    ),
  ]
  for (const capabilities of asked)
    for (const [name, capability] of Object.entries((capabilities ?? {}) as object))
      if (name !== 'paymasterService' && (capability as { optional?: unknown } | null)?.optional !== true)
        throw refuse(5700, `This wallet does not support the ${name} capability`)
  const calls = callsOf(batch.calls)
  const prepared = await prepareOperation(request, sendsOn(chain), calls)
  await approveCalls(request, chain, calls, prepared)
  const hash = await sendOperation(request, chain, prepared.operation)
  return { id: callsId(hash, chain.chainId), capabilities: {} }
}

/** EIP-5792's status of calls this account sent: pending (100) until their operation is mined, then 200 or 500. */
async function callsStatus(request: WalletRequest): Promise<unknown> {
  const id = request.args[0]
  const chain =
    typeof id === 'string' && /^0x[0-9a-fA-F]{128}$/.test(id)
      ? chains.find((served) => served.bundler && BigInt(`0x${id.slice(66)}`) === BigInt(served.chainId))
      : undefined
  if (!chain) throw refuse(5730, 'Unknown bundle id')
  const hash = (id as string).slice(0, 66) as Hex
  const found = await userOperationRpc<OperationReceipt | null>(
    request,
    'bundler',
    chain,
    'eth_getUserOperationReceipt',
    [hash],
  )
  return {
    version: '2.0.0',
    id,
    chainId: numberToHex(chain.chainId),
    atomic: true,
    status: found ? (found.success ? 200 : 500) : 100,
    receipts: found ? [{ ...found.receipt, logs: [], status: found.success ? '0x1' : '0x0' }] : [],
  }
}

/** EIP-5792's capabilities: atomic calls, and sponsorship, on every chain with a bundler. */
export const capabilities = () =>
  Object.fromEntries(
    chains
      .filter((chain) => chain.bundler)
      .map((chain) => [
        numberToHex(chain.chainId),
        { atomic: { status: 'supported' }, paymasterService: { supported: Boolean(chain.paymaster) } },
      ]),
  )

/**
 * A signature by the Safe of `hash` (a message's or typed data's): the owner signs the Safe's SafeMessage; before the
 * Safe is deployed on the chain, wrapped as ERC-6492 says, with the factory call that would deploy it.
 */
async function signAsSafe(request: WalletRequest, chain: FrameChain, hash: Hex): Promise<Hex> {
  const safeHash = hashTypedData(safeMessageTypedData(hash, request.address, chain.chainId))
  const signature = await signHash(request, safeHash)
  if (await deployedOn(chain, request.address)) return signature
  return undeployedSignature(request.owner, signature)
}

/**
 * The smart account's side of a request (its signing, sending and EIP-5792 answers); reads are the chain's. The
 * visitor approves each in the frame, as for the owner's own account.
 */
export async function smartRequest(request: WalletRequest): Promise<unknown> {
  // Its reads are the chain's, as the wallet serves them; what signs, sends and batches (EIP-5792) is the Safe's.
  if (frameReadMethods.has(request.method) && !request.method.startsWith('wallet_'))
    return walletRequest(request)
  const chain = chainOf(request.chainId)
  switch (request.method) {
    case 'personal_sign':
      return signAsSafe(request, chain, await approveMessage(request))
    case 'eth_signTypedData_v4':
      return signAsSafe(request, chain, await approveTyped(request, chain))
    case 'eth_sendTransaction':
      return sendTransaction(request, sendsOn(chain))
    case 'wallet_sendCalls':
      return sendCalls(request, chain)
    case 'wallet_getCallsStatus':
      return callsStatus(request)
    case 'wallet_getCapabilities':
      return capabilities()
    default:
      throw refuse(4200, `${request.method} is not supported by this wallet yet`)
  }
}
