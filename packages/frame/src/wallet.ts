// The wallet's chain side, loaded with the first RPC request that needs it: reads go to the chain's RPC (the ones its
// server wrote into the page, the only ones its CSP lets it reach); personal_sign, eth_signTypedData_v4 and
// eth_sendTransaction are shown to the visitor in readable form and signed only once approved here, the key made
// from its shares for that one signature. wallet_sendCalls and its status (calls.ts) borrow its tools.
import { type FrameError, frameReadMethods } from '@latch/core/frame'
import {
  formatUnits,
  type Hex,
  hashMessage,
  hashTypedData,
  isAddress,
  numberToHex,
  type TransactionSerializable,
  type TypedDataDefinition,
} from 'viem'
import { sign, signTransaction } from 'viem/accounts'
import { askApproval, readableMessage, readableTyped, readableValue, type TypedFields } from './approve.ts'
import { Refusal, rejected } from './refusal.ts'
import type { PageContext } from './requests.ts'

export { cancelApproval } from './approve.ts'

/** A chain the server serves, as it wrote it into the page. */
export interface FrameChain {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
}

const chains: FrameChain[] = (() => {
  try {
    const written = document.querySelector('meta[name="latch-chains"]')?.getAttribute('content')
    return written ? (JSON.parse(written) as FrameChain[]) : []
  } catch {
    return []
  }
})()

function chainOf(chainId: number): FrameChain {
  const chain = chains.find((served) => served.chainId === chainId)
  if (!chain) throw new Refusal({ code: 4901, message: `This wallet does not serve chain ${chainId}` })
  return chain
}

/** How long the chain's RPC may take to answer one request. */
const RPC_TIMEOUT_MS = 15_000
let nextId = 0

/**
 * One JSON-RPC request to the chain's RPC: its answer, or its refusal with the node's code and message (a node that
 * cannot be reached, or answers nonsense, is a refusal too, never a hang: each request has its deadline).
 */
async function ask<T>(chain: FrameChain, method: string, params: unknown[]): Promise<T> {
  let response: Response
  try {
    response = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params }),
      signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
    })
  } catch {
    throw new Refusal({ code: -32603, message: `${chain.name} could not be reached` })
  }
  const body = (await response.json().catch(() => undefined)) as
    | { result?: T; error?: { code?: unknown; message?: unknown; data?: unknown } }
    | undefined
  const { error } = body ?? {}
  if (error)
    throw new Refusal({
      code: typeof error.code === 'number' ? error.code : -32603,
      message: typeof error.message === 'string' ? error.message : `${chain.name} refused ${method}`,
      ...(error.data === undefined ? {} : { data: error.data }),
    })
  if (!response.ok || !body || !('result' in body))
    throw new Refusal({
      code: -32603,
      message: `${chain.name} answered ${method} with HTTP ${response.status}`,
    })
  return body.result as T
}

export interface WalletRequest {
  method: string
  args: unknown[]
  chainId: number
  address: Hex
  page: PageContext
  /** Whether the page withdrew the request (its approval view went) while it was prepared. */
  withdrawn(): boolean
  /** Runs `use` with the account's key, made from this device's share and the server's for this one use. */
  withKey<T>(use: (privateKey: Hex) => Promise<T> | T): Promise<T>
}

const badParams = (message: string) => new Refusal({ code: -32602, message })

/** A quantity of the chain's coin as a person reads it: every digit, and its symbol. */
const coin = (chain: FrameChain, wei: bigint) =>
  `${formatUnits(wei, chain.nativeCurrency.decimals)} ${chain.nativeCurrency.symbol}`

/**
 * Asks the visitor; declined when the page withdrew the request while it was prepared. One thing on the screen at
 * a time: while another is, the request is refused (-32002), never drawn over it.
 */
async function approved(request: WalletRequest, approval: Parameters<typeof askApproval>[0]) {
  if (request.withdrawn() || !(await askApproval(approval, request.page))) throw rejected()
}

function signer(request: WalletRequest, named: unknown) {
  if (typeof named !== 'string' || named.toLowerCase() !== request.address.toLowerCase())
    throw new Refusal({ code: 4100, message: `${request.method} names another account` })
}

async function personalSign(request: WalletRequest): Promise<Hex> {
  const [message, account] = request.args
  if (typeof message !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(message))
    throw badParams('personal_sign takes a hex message')
  signer(request, account)
  await approved(request, {
    title: 'Signature request',
    origin: request.page.origin,
    fields: [['Account', request.address]],
    body: readableMessage(message),
  })
  return request.withKey((privateKey) =>
    sign({ hash: hashMessage({ raw: message as Hex }), privateKey, to: 'hex' }),
  )
}

async function signTyped(request: WalletRequest, chain: FrameChain): Promise<Hex> {
  const [account, json] = request.args
  signer(request, account)
  let typed: TypedDataDefinition
  try {
    const given = (typeof json === 'string' ? JSON.parse(json) : json) as TypedDataDefinition
    // The domain's type is made from the domain's own fields (viem does, without one given): every field shown
    // below is signed, and none signed goes unshown.
    const { EIP712Domain: _, ...types } = (given.types ?? {}) as Record<string, unknown>
    typed = { ...given, types } as TypedDataDefinition
    if (!types[String(typed.primaryType)])
      throw new Error(`primaryType ${typed.primaryType} is not one of the types`)
    hashTypedData(typed)
  } catch (error) {
    const failed = error as { shortMessage?: string; message?: string }
    throw badParams(`eth_signTypedData_v4 takes typed data: ${failed.shortMessage ?? failed.message}`)
  }
  const domain = (typed.domain ?? {}) as Record<string, unknown>
  if (domain.chainId !== undefined && Number(domain.chainId) !== chain.chainId)
    throw badParams(`The typed data is for chain ${domain.chainId}, not ${chain.name} (${chain.chainId})`)
  const fields: [string, string][] = [
    ['Account', request.address],
    // Without a chainId in its domain, the signature is good on every chain.
    ['Network', domain.chainId === undefined ? 'Any network' : chain.name],
  ]
  for (const [label, key] of [
    ['App', 'name'],
    ['Version', 'version'],
    ['Contract', 'verifyingContract'],
    ['Salt', 'salt'],
  ] as const)
    if (domain[key] !== undefined) fields.push([label, readableValue(domain[key])])
  fields.push(['Type', readableValue(typed.primaryType)])
  await approved(request, {
    title: 'Signature request',
    origin: request.page.origin,
    fields,
    body: readableTyped(typed.types as TypedFields, String(typed.primaryType), typed.message),
  })
  const hash = hashTypedData(typed)
  return request.withKey((privateKey) => sign({ hash, privateKey, to: 'hex' }))
}

const quantity = (value: unknown, name: string): bigint | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value))
    throw badParams(`${name} must be a hex quantity`)
  return BigInt(value)
}

/**
 * The transaction as it will be signed: the page's fields, and what the wallet fills in from the chain (nonce, gas,
 * fees, as a wallet extension does).
 */
async function prepare(request: WalletRequest, chain: FrameChain, given: unknown) {
  const asked = given as Record<string, unknown> | null | undefined
  if (typeof asked !== 'object' || asked === null) throw badParams(`${request.method} takes a transaction`)
  if (asked.from !== undefined) signer(request, asked.from)
  const to = asked.to ?? undefined
  if (to !== undefined && (typeof to !== 'string' || !isAddress(to))) throw badParams('to must be an address')
  const data = asked.data ?? asked.input
  if (data !== undefined && (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(data)))
    throw badParams('data must be hex bytes')
  if (asked.chainId !== undefined && quantity(asked.chainId, 'chainId') !== BigInt(chain.chainId))
    throw badParams(`The transaction is for chain ${asked.chainId}, not ${chain.name} (${chain.chainId})`)
  const value = quantity(asked.value, 'value') ?? 0n
  const call = {
    from: request.address,
    ...(to ? { to } : {}),
    value: numberToHex(value),
    ...(data ? { data } : {}),
  }
  const [nonce, gas, block] = await Promise.all([
    quantity(asked.nonce, 'nonce') ??
      ask<Hex>(chain, 'eth_getTransactionCount', [request.address, 'pending']).then(BigInt),
    quantity(asked.gas, 'gas') ?? ask<Hex>(chain, 'eth_estimateGas', [call]).then(BigInt),
    ask<{ baseFeePerGas?: Hex | null }>(chain, 'eth_getBlockByNumber', ['latest', false]),
  ])
  const base: TransactionSerializable = {
    chainId: chain.chainId,
    nonce: Number(nonce),
    gas,
    value,
    ...(to ? { to: to as Hex } : {}),
    ...(data ? { data: data as Hex } : {}),
  }
  const legacy = asked.gasPrice !== undefined || !block.baseFeePerGas
  if (legacy) {
    // Without EIP-1559 on the chain: its gas price, with a fifth more room for the next blocks.
    const gasPrice =
      quantity(asked.gasPrice, 'gasPrice') ?? (BigInt(await ask<Hex>(chain, 'eth_gasPrice', [])) * 6n) / 5n
    return {
      transaction: { ...base, type: 'legacy', gasPrice } as TransactionSerializable,
      fee: gas * gasPrice,
    }
  }
  const maxPriorityFeePerGas =
    quantity(asked.maxPriorityFeePerGas, 'maxPriorityFeePerGas') ??
    BigInt(await ask<Hex>(chain, 'eth_maxPriorityFeePerGas', []))
  // The base fee may rise a little by the time it is mined: a fifth more room, as viem's default.
  const maxFeePerGas =
    quantity(asked.maxFeePerGas, 'maxFeePerGas') ??
    (BigInt(block.baseFeePerGas as Hex) * 6n) / 5n + maxPriorityFeePerGas
  return {
    transaction: { ...base, type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas } as TransactionSerializable,
    fee: gas * maxFeePerGas,
  }
}

/**
 * The calls that hand over tokens, by their selector: the approval names whom they empower (their first argument),
 * as `Amount 0 ETH` alone would make them look harmless.
 */
const grants: Record<string, string> = {
  '0x095ea7b3': 'May spend your tokens',
  '0xa22cb465': 'May take all your NFTs',
}

async function sendTransaction(request: WalletRequest, chain: FrameChain): Promise<Hex> {
  const { transaction, fee } = await prepare(request, chain, request.args[0])
  const data = transaction.data && transaction.data !== '0x' ? transaction.data : undefined
  const grant = data && grants[data.slice(0, 10)]
  await approved(request, {
    title: data ? 'Contract call' : 'Transaction request',
    origin: request.page.origin,
    fields: [
      ['Account', request.address],
      ['Network', chain.name],
      ['To', transaction.to ?? 'A new contract'],
      ...(grant ? [[grant, `0x${data.slice(34, 74)}`] as [string, string]] : []),
      ['Amount', coin(chain, transaction.value ?? 0n)],
      ['Network fee', `Up to ${coin(chain, fee)}`],
    ],
    ...(data ? { body: data, bodyLabel: 'Data' } : {}),
  })
  return send(request, chain, transaction)
}

/** wallet_sendCalls and its status (EIP-5792), a chunk of their own: few pages ask for them. */
let calls: Promise<typeof import('./calls.ts')> | undefined

function loadCalls() {
  calls ??= import('./calls.ts')
  calls.catch(() => {
    calls = undefined
  })
  return calls
}

/** What the calls' chunk borrows from this one: filling in, approving, signing and sending a transaction. */
export interface WalletTools {
  prepare: typeof prepare
  approved: typeof approved
  coin: typeof coin
  ask: typeof ask
  quantity: typeof quantity
  signer: typeof signer
  refuse(error: FrameError): Refusal
  send(request: WalletRequest, chain: FrameChain, transaction: TransactionSerializable): Promise<Hex>
}

async function send(request: WalletRequest, chain: FrameChain, transaction: TransactionSerializable) {
  const signed = await request.withKey((privateKey) => signTransaction({ privateKey, transaction }))
  return ask<Hex>(chain, 'eth_sendRawTransaction', [signed])
}

const tools: WalletTools = {
  prepare,
  approved,
  coin,
  ask,
  quantity,
  signer,
  send,
  refuse: (error) => new Refusal(error),
}

/** Reads the wallet answers itself (what it can do, what it sent), then the chain's (its id too). */
function read(request: WalletRequest, chain: FrameChain): unknown {
  switch (request.method) {
    case 'wallet_getCapabilities':
      return loadCalls().then((loaded) => loaded.capabilities(chains))
    case 'wallet_getCallsStatus':
      // Only bundles sent from this frame are known (the calls' chunk keeps them).
      return loadCalls().then((loaded) => loaded.callsStatus(request.args[0], tools))
    default:
      return ask(chain, request.method, request.args)
  }
}

/** An RPC request the frame's first half has checked (tier, session, account): served here. */
export async function walletRequest(request: WalletRequest): Promise<unknown> {
  // A message is signed whatever the chain; everything else is a chain's.
  if (request.method === 'personal_sign') return personalSign(request)
  const chain = chainOf(request.chainId)
  if (frameReadMethods.has(request.method)) return read(request, chain)
  switch (request.method) {
    case 'eth_signTypedData_v4':
      return signTyped(request, chain)
    case 'eth_sendTransaction':
      return sendTransaction(request, chain)
    case 'wallet_sendCalls':
      return (await loadCalls()).sendCalls(request, chain, tools)
    default:
      throw new Refusal({ code: 4200, message: `${request.method} is not supported by this wallet yet` })
  }
}
