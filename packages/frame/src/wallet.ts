// The wallet's requests, loaded with the first RPC request that needs them: reads go to the chain's RPC; personal_sign,
// eth_signTypedData_v4 and eth_sendTransaction are shown to the visitor in readable form and signed only once approved
// (walletTools.ts). wallet_sendCalls and its status (calls.ts) borrow its tools.
import { type FrameError, frameReadMethods } from '@latch/core/frame'
import { type Hex, isAddress, numberToHex, type TransactionSerializable } from 'viem'
import { signTransaction } from 'viem/accounts'
import { Refusal } from './refusal.ts'
import {
  approved,
  approveMessage,
  approveTyped,
  ask,
  badParams,
  chainOf,
  chains,
  coin,
  type FrameChain,
  quantity,
  signer,
  signHash,
  type WalletRequest,
} from './walletTools.ts'

export { cancelApproval } from './approve.ts'
export type { FrameChain, WalletRequest } from './walletTools.ts'

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

/** What this chunk asks of the calls' chunk: declared here, as calls.ts borrows `WalletTools` from this one. */
interface CallsChunk {
  capabilities(chains: readonly FrameChain[]): unknown
  sendCalls(request: WalletRequest, chain: FrameChain, tools: WalletTools): Promise<unknown>
  callsStatus(id: unknown, tools: WalletTools): Promise<unknown>
}

/** wallet_sendCalls and its status (EIP-5792), a chunk of their own: few pages ask for them. */
let calls: Promise<CallsChunk> | undefined

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
  if (request.method === 'personal_sign') return signHash(request, await approveMessage(request))
  const chain = chainOf(request.chainId)
  if (frameReadMethods.has(request.method)) return read(request, chain)
  switch (request.method) {
    case 'eth_signTypedData_v4':
      return signHash(request, await approveTyped(request, chain))
    case 'eth_sendTransaction':
      return sendTransaction(request, chain)
    case 'wallet_sendCalls':
      return (await loadCalls()).sendCalls(request, chain, tools)
    default:
      throw new Refusal({ code: 4200, message: `${request.method} is not supported by this wallet yet` })
  }
}
