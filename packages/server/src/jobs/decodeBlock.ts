// Turns a block and its receipts, as the JSON-RPC answers them, into the rows the history keeps. Pure.
import type { IndexedBlock, TransferRow } from '../storage/history.ts'

/** keccak256('Transfer(address,address,uint256)'): ERC-20 (3 topics) and ERC-721 (4 topics) alike. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/**
 * ERC-4337's EntryPoint events that name a smart account: `UserOperationEvent` (an operation it sent ran) and
 * `AccountDeployed` (its first operation deployed it). Read from the canonical EntryPoints only, so no contract can
 * put itself into an account's history by emitting look-alikes.
 */
const USER_OPERATION_TOPICS = new Set([
  '0x49628fd1471006c1482da88028e9ce4dbb080b815c9b0344d39e5a8e6ec1419f',
  '0xd51a9c61267aa6196961883ecf5ff2da6619c37dac0fa92122513fb32c032d2d',
])
const ENTRY_POINTS = new Set([
  '0x5ff137d4b0fdcd49dca30c7cf57e578a026d2789', // v0.6
  '0x0000000071727de22e5e9d8baf0edac6f37da032', // v0.7
  '0x4337084d9e255ff0702461cf8895ce9e3b5ff108', // v0.8
])
/** ERC-20 approve(address,uint256). */
const APPROVE_SELECTOR = '0x095ea7b3'
/**
 * Swaps: Uniswap V2 Router02's swapExact* (and their fee-on-transfer variants), and 1inch's swap. A swap's coin paid
 * out by the router moves inside the call, which the history does not see: the call itself says it is a swap.
 */
const SWAP_SELECTORS = [
  '0x7ff36ab5', // swapExactETHForTokens
  '0x18cbafe5', // swapExactTokensForETH
  '0x38ed1739', // swapExactTokensForTokens
  '0xb6f9de95', // swapExactETHForTokensSupportingFeeOnTransferTokens
  '0x791ac947', // swapExactTokensForETHSupportingFeeOnTransferTokens
  '0x5c11d795', // swapExactTokensForTokensSupportingFeeOnTransferTokens
  '0x07ed2379', // 1inch AggregationRouterV6 swap
]

export interface RpcTransaction {
  hash: string
  from: string
  to: string | null
  value: string
  input: string
  nonce: string
  transactionIndex: string
}

export interface RpcLog {
  address: string
  topics: string[]
  data: string
  logIndex: string
}

export interface RpcReceipt {
  transactionHash: string
  status: string
  contractAddress: string | null
  logs: RpcLog[]
}

export interface RpcBlock {
  number: string
  hash: string
  parentHash: string
  timestamp: string
  transactions: RpcTransaction[]
}

export interface DecodedBlock extends IndexedBlock {
  /** Token contracts seen in Transfer logs, lower-case. */
  tokens: Map<string, 'erc20' | 'erc721'>
}

const addressOfTopic = (topic: string) => `0x${topic.slice(-40)}`.toLowerCase()

/** What kind of call a transaction is, as the chain sees it (the history refines it per account). */
export function operationTypeOf(transaction: Pick<RpcTransaction, 'to' | 'input'>): string {
  if (!transaction.to) return 'deploy'
  if (transaction.input === '0x' || transaction.input === '') return 'send'
  if (transaction.input.startsWith(APPROVE_SELECTOR)) return 'approve'
  if (SWAP_SELECTORS.includes(transaction.input.slice(0, 10))) return 'trade'
  return 'execute'
}

/**
 * The rows of one block: its transactions (status from the receipts), the native value and the Transfer logs
 * each moved, and one activity row per (address, transaction) for every address involved.
 */
export function decodeBlock(chainId: number, block: RpcBlock, receipts: readonly RpcReceipt[]): DecodedBlock {
  const number = Number(block.number)
  const minedAt = new Date(Number(block.timestamp) * 1000)
  const receiptOf = new Map(receipts.map((receipt) => [receipt.transactionHash.toLowerCase(), receipt]))
  const decoded: DecodedBlock = {
    number,
    hash: block.hash.toLowerCase(),
    parentHash: block.parentHash.toLowerCase(),
    minedAt,
    transactions: [],
    transfers: [],
    activity: [],
    tokens: new Map(),
  }
  for (const transaction of block.transactions) {
    const hash = transaction.hash.toLowerCase()
    const receipt = receiptOf.get(hash)
    if (!receipt) throw new Error(`No receipt for ${hash} in block ${number}`)
    const txIndex = Number(transaction.transactionIndex)
    const from = transaction.from.toLowerCase()
    const to = transaction.to?.toLowerCase() ?? null
    const confirmed = Number(receipt.status) === 1
    decoded.transactions.push({
      chainId,
      hash,
      blockNumber: number,
      txIndex,
      minedAt,
      from,
      to,
      nonce: Number(transaction.nonce),
      status: confirmed ? 'confirmed' : 'failed',
      operationType: operationTypeOf(transaction),
    })
    const involved = new Set([from, to ?? receipt.contractAddress?.toLowerCase()])
    const transfers: TransferRow[] = []
    const value = BigInt(transaction.value)
    // A reverted transaction moved nothing.
    if (confirmed && value > 0n && to) {
      transfers.push({
        chainId,
        hash,
        logIndex: -1,
        blockNumber: number,
        kind: 'native',
        from,
        to,
        amount: String(value),
      })
    }
    for (const log of receipt.logs) {
      const topic = log.topics[0]?.toLowerCase()
      // A user operation is its account's, though the bundler sent the transaction: its sender (topic 2) takes part.
      if (topic && USER_OPERATION_TOPICS.has(topic) && ENTRY_POINTS.has(log.address.toLowerCase())) {
        if (log.topics[2]) involved.add(addressOfTopic(log.topics[2]))
        continue
      }
      if (topic !== TRANSFER_TOPIC) continue
      const token = log.address.toLowerCase()
      const base = { chainId, hash, logIndex: Number(log.logIndex), blockNumber: number, token }
      if (log.topics.length === 3 && /^0x[0-9a-fA-F]{64}$/.test(log.data)) {
        transfers.push({
          ...base,
          kind: 'erc20',
          from: addressOfTopic(log.topics[1]!),
          to: addressOfTopic(log.topics[2]!),
          amount: String(BigInt(log.data)),
        })
        decoded.tokens.set(token, 'erc20')
      } else if (log.topics.length === 4) {
        transfers.push({
          ...base,
          kind: 'erc721',
          from: addressOfTopic(log.topics[1]!),
          to: addressOfTopic(log.topics[2]!),
          tokenId: String(BigInt(log.topics[3]!)),
          amount: '1',
        })
        decoded.tokens.set(token, 'erc721')
      }
    }
    for (const transfer of transfers) involved.add(transfer.from).add(transfer.to)
    decoded.transfers.push(...transfers)
    for (const account of involved) {
      if (account) decoded.activity.push({ account, chainId, hash, blockNumber: number, txIndex, minedAt })
    }
  }
  return decoded
}
