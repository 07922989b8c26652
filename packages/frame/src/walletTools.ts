// The wallet's tools, which its requests (wallet.ts) and the smart account's (smartAccount.ts) share: the chains the
// server wrote into the page and their RPC (the only ones its CSP lets it reach), the approval a request needs, shown
// in readable form, and the key's own signature, made from its shares for that one use.
import { formatUnits, type Hex, hashMessage, hashTypedData, type TypedDataDefinition } from 'viem'
import { sign } from 'viem/accounts'
import { askApproval, readableMessage, readableTyped, readableValue, type TypedFields } from './approve.ts'
import { Refusal, rejected } from './refusal.ts'
import type { PageContext } from './requests.ts'

/** A chain the server serves, as it wrote it into the page. */
export interface FrameChain {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** The frame's origin proxies a bundler for it: the smart account sends there. */
  bundler?: boolean
  /** …and a paymaster that may sponsor its operations. */
  paymaster?: boolean
}

export const chains: FrameChain[] = (() => {
  try {
    const written = document.querySelector('meta[name="latch-chains"]')?.getAttribute('content')
    return written ? (JSON.parse(written) as FrameChain[]) : []
  } catch {
    return []
  }
})()

export function chainOf(chainId: number): FrameChain {
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
export async function ask<T>(chain: FrameChain, method: string, params: unknown[]): Promise<T> {
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

/** Where the frame's origin proxies a chain's bundler and paymaster, and what it tells them of the page. */
export interface UserOperationEndpoints {
  url(kind: 'bundler' | 'paymaster', chainId: number): string
  headers: Record<string, string>
}

export interface WalletRequest {
  method: string
  args: unknown[]
  chainId: number
  /** The account: the key's own address, or its Safe's when `owner` is given. */
  address: Hex
  /** The key's own address: `address` itself, or the owner of the smart account `address` is. */
  owner: Hex
  /** Where the chains' bundlers and paymasters are: the frame's origin's proxies unless given (tests). */
  userOperations?: UserOperationEndpoints
  page: PageContext
  /** Whether the page withdrew the request (its approval view went) while it was prepared. */
  withdrawn(): boolean
  /** Runs `use` with the account's key, made from this device's share and the server's for this one use. */
  withKey<T>(use: (privateKey: Hex) => Promise<T> | T): Promise<T>
}

/** A refusal of the request's parameters, saying what is wrong with them. */
export const badParams = (message: string) => new Refusal({ code: -32602, message })

/** A quantity of the chain's coin as a person reads it: every digit, and its symbol. */
export const coin = (chain: FrameChain, wei: bigint) =>
  `${formatUnits(wei, chain.nativeCurrency.decimals)} ${chain.nativeCurrency.symbol}`

/**
 * Asks the visitor; declined when the page withdrew the request while it was prepared. One thing on the screen at
 * a time: while another is, the request is refused (-32002), never drawn over it.
 */
export async function approved(request: WalletRequest, approval: Parameters<typeof askApproval>[0]) {
  if (request.withdrawn() || !(await askApproval(approval, request.page))) throw rejected()
}

export function signer(request: WalletRequest, named: unknown) {
  if (typeof named !== 'string' || named.toLowerCase() !== request.address.toLowerCase())
    throw new Refusal({ code: 4100, message: `${request.method} names another account` })
}

/** personal_sign's message shown to the visitor and approved: its EIP-191 hash, for the account to sign. */
export async function approveMessage(request: WalletRequest): Promise<Hex> {
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
  return hashMessage({ raw: message as Hex })
}

/** eth_signTypedData_v4's data shown to the visitor and approved: its EIP-712 hash, for the account to sign. */
export async function approveTyped(request: WalletRequest, chain: FrameChain): Promise<Hex> {
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
  return hashTypedData(typed)
}

/** The owner's own signature of `hash`, made with the key for this one use. */
export const signHash = (request: WalletRequest, hash: Hex): Promise<Hex> =>
  request.withKey((privateKey) => sign({ hash, privateKey, to: 'hex' }))

export const quantity = (value: unknown, name: string): bigint | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value))
    throw badParams(`${name} must be a hex quantity`)
  return BigInt(value)
}
