// What the ERC-4337 deploys share: one batching client per chain, transactions signed locally and sent together
// (anvil automines each one), and their receipts awaited together.
import {
  type Address,
  createClient,
  type Hash,
  type Hex,
  http,
  type PublicActions,
  publicActions,
  type TestActions,
  testActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** A chain's reads and anvil's cheat codes; calls made in the same tick share one HTTP request. */
export type DevnetRpc = PublicActions & TestActions & { request: ReturnType<typeof createClient>['request'] }

/**
 * A batching client for an anvil chain.
 *
 * @example
 * const rpc = devnetRpc('http://127.0.0.1:8545')
 * const [code, nonce] = await Promise.all([rpc.getCode({ address }), rpc.getTransactionCount({ address })])
 */
export function devnetRpc(rpcUrl: string): DevnetRpc {
  return createClient({ transport: http(rpcUrl, { batch: true }), cacheTime: 0 })
    .extend(publicActions)
    .extend(testActions({ mode: 'anvil' }))
}

export interface DevnetTransaction {
  /** Names the transaction in errors. */
  label: string
  to?: Address
  data: Hex
  value?: bigint
  gas: bigint
}

export interface SentTransaction {
  label: string
  hash: Hash
}

/**
 * Signs `transactions` from `privateKey` with consecutive nonces from `nonce` and sends them in one request, so
 * none waits for another's receipt; anvil mines them in nonce order. Fees follow `baseFee` with room for it to rise.
 *
 * @example
 * const sent = await sendTransactions(rpc, { privateKey, chainId, nonce: 0, baseFee, transactions })
 * await waitForReceipts(rpc, sent)
 */
export async function sendTransactions(
  rpc: DevnetRpc,
  parameters: {
    privateKey: Hex
    chainId: number
    nonce: number
    baseFee: bigint
    transactions: readonly DevnetTransaction[]
  },
): Promise<SentTransaction[]> {
  const { privateKey, chainId, nonce, baseFee, transactions } = parameters
  const account = privateKeyToAccount(privateKey)
  const maxPriorityFeePerGas = 1_000_000_000n
  const signed = await Promise.all(
    transactions.map((transaction, i) =>
      account.signTransaction({
        type: 'eip1559',
        chainId,
        nonce: nonce + i,
        to: transaction.to,
        data: transaction.data,
        value: transaction.value,
        gas: transaction.gas,
        maxPriorityFeePerGas,
        maxFeePerGas: baseFee * 2n + maxPriorityFeePerGas,
      }),
    ),
  )
  return sendRawTransactions(
    rpc,
    signed.map((serializedTransaction, i) => ({ label: transactions[i]!.label, serializedTransaction })),
  )
}

/**
 * Sends already-signed transactions one after another, in the order given (their nonces' order): sent together, in one
 * batch, anvil may take one ahead of its nonce, queue it, and then mine it only when another transaction comes (a
 * full run saw the last one, createCall, never mined).
 *
 * @example
 * const [sent] = await sendRawTransactions(rpc, [{ label: 'the factory', serializedTransaction }])
 */
export async function sendRawTransactions(
  rpc: DevnetRpc,
  transactions: readonly { label: string; serializedTransaction: Hex }[],
): Promise<SentTransaction[]> {
  const sent: SentTransaction[] = []
  for (const { label, serializedTransaction } of transactions) {
    try {
      sent.push({ label, hash: await rpc.sendRawTransaction({ serializedTransaction }) })
    } catch (cause) {
      throw new Error(`Sending ${label} failed: ${(cause as Error).message}`, { cause })
    }
  }
  return sent
}

const receiptTimeoutMs = 30_000
const receiptPollMs = 10

interface RawReceipt {
  status: Hex
}

/**
 * Resolves once every transaction is mined, polling all receipts in one request; throws naming the first that
 * reverted, or those still pending after 30 s (a busy machine: the suite starts several chains at once).
 *
 * @example
 * await waitForReceipts(rpc, await sendTransactions(rpc, { … }))
 */
export async function waitForReceipts(rpc: DevnetRpc, sent: readonly SentTransaction[]): Promise<void> {
  const deadline = Date.now() + receiptTimeoutMs
  let pending = [...sent]
  while (pending.length > 0) {
    const receipts = await Promise.all(
      pending.map(
        ({ hash }) =>
          rpc.request({ method: 'eth_getTransactionReceipt', params: [hash] }) as Promise<RawReceipt | null>,
      ),
    )
    const reverted = pending.find((_, i) => receipts[i] && receipts[i].status !== '0x1')
    if (reverted) throw new Error(`${reverted.label} reverted in transaction ${reverted.hash}`)
    pending = pending.filter((_, i) => !receipts[i])
    if (pending.length === 0) return
    if (Date.now() > deadline)
      throw new Error(
        `Not mined within ${receiptTimeoutMs / 1000} s: ${pending.map((p) => `${p.label} (${p.hash})`).join(', ')}`,
      )
    await new Promise((resolve) => setTimeout(resolve, receiptPollMs))
  }
}
