// EIP-5792 for every wallet: calls sent as one bundle where the wallet takes `wallet_sendCalls` (atomically when it
// says it can: a smart account, or a wallet that reports `atomic`), else one `eth_sendTransaction` after another,
// whose statuses are then read from the chain.
import {
  type AdapterSendCallsParameters,
  BaseError,
  type CallReceipt,
  type CallsStatus,
  type SentCalls,
  UnsupportedMethodError,
} from '@latch/core'
import { type Client, type Hex, numberToHex } from 'viem'
import { getTransactionReceipt } from 'viem/actions'
import { parseChainId } from './chainId.ts'
import type { ResolvedEvmAdapterOptions } from './options.ts'
import { type Eip1193Provider, requestWallet } from './provider.ts'
import { sendTransaction } from './sendTransaction.ts'
import { waitForTransaction } from './waitForTransaction.ts'

type Timeouts = Pick<ResolvedEvmAdapterOptions, 'requestTimeoutMs' | 'promptTimeoutMs'>

/** The prefix of the ids of calls this adapter sent one by one (a wallet's own ids are the wallet's). */
const ONE_BY_ONE = 'latch-calls:'

/**
 * What an adapter sent one by one, by id: where, the hashes in the calls' order, and how many calls. Each adapter
 * keeps its own (kept while it lives), so two clients on one page never read each other's.
 */
export type SentOneByOne = Map<string, { client: Client | undefined; hashes: string[]; count: number }>

/** Whether a refusal says the wallet does not have the method (so the calls go one by one instead). */
function lacksMethod(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  // The visitor's answer is never the wallet's lack.
  if (code === 4001) return false
  if (error instanceof UnsupportedMethodError || code === 4200 || code === -32601 || code === -32004)
    return true
  return (
    typeof message === 'string' &&
    /not (supported|allowed|implemented)|does not exist|unsupported/i.test(message)
  )
}

/** Whether the wallet says it sends calls on `chainId` atomically (EIP-5792 v2's `atomic`, v1's `atomicBatch`). */
async function atomicOn(provider: Eip1193Provider, from: string, chainId: Hex, timeouts: Timeouts) {
  try {
    const capabilities = (await requestWallet(provider, {
      method: 'wallet_getCapabilities',
      params: [from, [chainId]],
      timeoutMs: timeouts.requestTimeoutMs,
    })) as Record<string, { atomic?: { status?: unknown }; atomicBatch?: { supported?: unknown } }> | null
    // v2 keys capabilities by chain, `0x0` for every chain; v1 wallets sometimes by the decimal id.
    const forChain =
      capabilities?.[chainId] ?? capabilities?.['0x0'] ?? capabilities?.[String(parseChainId(chainId))]
    const status = forChain?.atomic?.status
    return status === 'supported' || status === 'ready' || forChain?.atomicBatch?.supported === true
  } catch {
    // A wallet without capabilities has none to offer.
    return false
  }
}

export interface SendCallsParameters extends Omit<AdapterSendCallsParameters, 'connectorId'> {
  provider: Eip1193Provider
  /** The network's RPC client: sent one by one, each call waits for the one before it to be mined. */
  client: Client | undefined
  /** Where the calls sent one by one are kept for their status. */
  sent: SentOneByOne
  timeouts: Timeouts
}

/**
 * Sends `calls` from `from` on `network`: through `wallet_sendCalls` when the wallet has it (atomic when it says so),
 * else as transactions one after the other (each approved in the wallet). `atomicRequired` refuses the second way.
 * A visitor declining the first transaction rejects; declining a later one ends the run there, and the status says
 * which were sent.
 *
 * @example
 * const { id } = await sendCalls({ provider, client, network, from, calls: [{ to, value: 1n }], atomicRequired: false, sent, timeouts })
 */
export async function sendCalls(parameters: SendCallsParameters): Promise<SentCalls> {
  const { provider, network, from, calls, atomicRequired, client, sent, timeouts } = parameters
  if (calls.length === 0)
    throw new BaseError('No calls to send', { details: 'sendCalls takes at least one call.' })
  const chainId = numberToHex(parseChainId(network.id))
  const atomic = await atomicOn(provider, from, chainId, timeouts)
  try {
    const answer = await requestWallet(provider, {
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId,
          from,
          atomicRequired,
          calls: calls.map(({ to, value, data }) => ({
            to,
            ...(value === undefined ? {} : { value: numberToHex(value) }),
            ...(data === undefined ? {} : { data }),
          })),
        },
      ],
      timeoutMs: timeouts.promptTimeoutMs,
    })
    // v2 answers { id }, v1 the id itself.
    const id = typeof answer === 'string' ? answer : (answer as { id?: unknown } | null)?.id
    if (typeof id !== 'string')
      throw new BaseError('The wallet returned no calls id', {
        details: `wallet_sendCalls answered ${String(answer)}.`,
      })
    return { id, atomic }
  } catch (error) {
    if (!lacksMethod(error)) throw error
  }
  if (atomicRequired)
    throw new UnsupportedMethodError({ details: 'This wallet cannot send calls atomically.' })
  const hashes: string[] = []
  const id = `${ONE_BY_ONE}${crypto.randomUUID()}`
  for (const [index, call] of calls.entries()) {
    try {
      // A call may need the one before it (an approval, then a swap): the wallet estimates it once that is mined.
      const previous = hashes.at(-1)
      if (previous && client) await waitForTransaction(client, previous as Hex)
      hashes.push(await sendTransaction({ provider, network, from, ...call, timeouts }))
    } catch (error) {
      if (index === 0) throw error
      break
    }
    // Known as soon as one is sent, so a status asked meanwhile finds them.
    sent.set(id, { client, hashes, count: calls.length })
  }
  return { id, atomic: false }
}

export interface GetCallsStatusParameters {
  provider: Eip1193Provider
  id: string
  /** Where `sendCalls` kept the calls it sent one by one. */
  sent: SentOneByOne
  timeouts: Timeouts
}

const receiptOf = (hash: unknown, status: unknown): CallReceipt => ({
  transactionHash: String(hash),
  status: status === 'success' || status === '0x1' || status === 1 ? 'success' : 'reverted',
})

/**
 * The status of calls `sendCalls` sent: read from the chain for those sent one by one (pending until every sent one is
 * mined; a failure when one reverted or not all were sent), else the wallet's `wallet_getCallsStatus`.
 *
 * @example
 * const { status, receipts } = await getCallsStatus({ provider, id, sent, timeouts })
 */
export async function getCallsStatus(parameters: GetCallsStatusParameters): Promise<CallsStatus> {
  const { provider, id, sent, timeouts } = parameters
  const oneByOne = sent.get(id)
  if (id.startsWith(ONE_BY_ONE)) {
    // Read on the network they were sent on, whichever the page is on now.
    const client = oneByOne?.client
    if (!oneByOne || !client)
      throw new BaseError('Unknown calls', { details: `${id} was not sent from this page.` })
    const receipts = await Promise.all(
      oneByOne.hashes.map((hash) =>
        getTransactionReceipt(client, { hash: hash as Hex }).catch(() => undefined),
      ),
    )
    if (receipts.some((receipt) => !receipt)) return { status: 'pending', atomic: false, receipts: [] }
    const mined = receipts.map((receipt) => receiptOf(receipt!.transactionHash, receipt!.status))
    // A call the visitor declined was never sent: the run failed there.
    const complete = mined.length === oneByOne.count && mined.every((receipt) => receipt.status === 'success')
    return { status: complete ? 'success' : 'failure', atomic: false, receipts: mined }
  }
  const answer = (await requestWallet(provider, {
    method: 'wallet_getCallsStatus',
    params: [id],
    timeoutMs: timeouts.requestTimeoutMs,
  })) as {
    status?: unknown
    atomic?: unknown
    receipts?: { transactionHash?: unknown; status?: unknown }[]
  } | null
  const receipts = (answer?.receipts ?? []).map((receipt) =>
    receiptOf(receipt.transactionHash, receipt.status),
  )
  // v2: 1xx pending, 200 confirmed, 4xx/5xx/6xx failed; v1: 'PENDING' / 'CONFIRMED'.
  const code = answer?.status
  const status =
    code === 'PENDING' || (typeof code === 'number' && code < 200)
      ? 'pending'
      : (code === 200 || code === 'CONFIRMED') && receipts.every((receipt) => receipt.status === 'success')
        ? 'success'
        : 'failure'
  return { status, atomic: answer?.atomic === true, receipts }
}
