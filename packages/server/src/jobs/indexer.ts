import { numberToHex, type PublicClient } from 'viem'
import { chainClient } from '../chains/clients.ts'
import type { ChainConfig } from '../chains/types.ts'
import type { TokenMetadataRow } from '../storage/history.ts'
import type { Storage } from '../storage/types.ts'
import { type DecodedBlock, decodeBlock, type RpcBlock, type RpcReceipt } from './decodeBlock.ts'
import { readTokenMetadata } from './readTokenMetadata.ts'

/** What the indexer tells its caller's logger (pino's shape). */
export interface IndexerLog {
  info(object: object, message: string): void
  warn(object: object, message: string): void
  error(object: object, message: string): void
}

export interface IndexerOptions {
  chain: ChainConfig
  storage: Storage
  log?: IndexerLog
  /** How often to look for new blocks once caught up (default 500 ms; the devnet mines on every transaction). */
  pollIntervalMs?: number
  /** Blocks read and written per round while behind (default 50). */
  batchBlocks?: number
  /** How many blocks back a reorg may reach; a deeper one stops this chain's indexer (default 12). */
  reorgDepth?: number
  /** The first block to index on an empty database (default 0). */
  startBlock?: number
  /** The JSON-RPC client (default: `chainClient(chain, 'indexer')`, batched HTTP to the chain's rpcUrl). */
  client?: PublicClient
}

export interface IndexerState {
  /** The last block recorded, once one is. */
  lastBlock: number | undefined
  /** Set when the indexer gave up (a reorg deeper than its depth). */
  failure: string | undefined
  running: boolean
}

export interface Indexer {
  readonly chainId: number
  /** Starts reading from the block after the last one recorded (idempotent). */
  start(): void
  /** Finishes the round in flight (a round is one transaction) and resolves. */
  stop(): Promise<void>
  state(): IndexerState
  /** Resolves once block `number` (or a later one) is recorded. */
  waitFor(number: number, timeoutMs?: number): Promise<void>
}

const silent: IndexerLog = { info() {}, warn() {}, error() {} }
const MAX_BACKOFF_MS = 10_000

/**
 * Follows one chain into the history tables: every transaction, native transfer and ERC-20 / ERC-721 Transfer
 * log, per block, resuming after the last recorded block and unwinding reorgs up to `reorgDepth` blocks.
 *
 * @example
 * const indexer = createIndexer({ chain, storage })
 * indexer.start()
 * await indexer.waitFor(120)
 * await indexer.stop()
 */
export function createIndexer(options: IndexerOptions): Indexer {
  const { chain, storage } = options
  const { chainId } = chain
  const log = options.log ?? silent
  const pollIntervalMs = options.pollIntervalMs ?? 500
  const batchBlocks = options.batchBlocks ?? 50
  const reorgDepth = options.reorgDepth ?? 12
  const startBlock = options.startBlock ?? 0
  const client = options.client ?? chainClient(chain, 'indexer')
  const knownTokens = new Set<string>()
  const state: IndexerState = { lastBlock: undefined, failure: undefined, running: false }
  const waiters = new Set<{ number: number; resolve(): void }>()
  let loop: Promise<void> | undefined
  let wake: (() => void) | undefined

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })

  const recorded = (number: number) => {
    state.lastBlock = number
    for (const waiter of waiters) if (number >= waiter.number) waiter.resolve()
  }

  async function readBlocks(from: number, to: number): Promise<DecodedBlock[]> {
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => numberToHex(from + i))
    const answers = await Promise.all(
      numbers.map((number) =>
        Promise.all([
          client.request({
            method: 'eth_getBlockByNumber',
            params: [number, true],
          }) as unknown as Promise<RpcBlock | null>,
          client.request({ method: 'eth_getBlockReceipts' as never, params: [number] as never }) as Promise<
            RpcReceipt[] | null
          >,
        ]),
      ),
    )
    const blocks: DecodedBlock[] = []
    for (const [block, receipts] of answers) {
      // A block the node no longer has (a reorg shortened the chain) ends this round.
      if (!block || !receipts) break
      blocks.push(decodeBlock(chainId, block, receipts))
    }
    return blocks
  }

  /** The metadata of the tokens neither recorded nor read before, read from their contracts. */
  async function newTokenMetadata(tokens: Map<string, 'erc20' | 'erc721'>): Promise<TokenMetadataRow[]> {
    const unseen = [...tokens.keys()].filter((address) => !knownTokens.has(address))
    if (!unseen.length) return []
    const stored = await storage.history.tokens(chainId, unseen)
    for (const row of stored) knownTokens.add(row.address)
    const missing = unseen.filter((address) => !knownTokens.has(address))
    return Promise.all(
      missing.map((address) => readTokenMetadata(client, chainId, address, tokens.get(address)!)),
    )
  }

  /** Finds the newest block the node and the database agree on, within the depth, and forgets what is above. */
  async function unwind(last: number): Promise<boolean> {
    for (let number = last; number >= Math.max(startBlock, last - reorgDepth); number--) {
      const onChain = (await client.request({
        method: 'eth_getBlockByNumber',
        params: [numberToHex(number), false],
      })) as unknown as { hash: string } | null
      const stored = await storage.history.blockHash(chainId, number)
      if (onChain && stored === onChain.hash.toLowerCase()) {
        await storage.history.rollbackAbove(chainId, number)
        log.warn({ chainId, from: last, to: number }, 'reorg: forgot the blocks above the common ancestor')
        recorded(number)
        return true
      }
    }
    if (last - reorgDepth < startBlock) {
      await storage.history.rollbackAbove(chainId, startBlock - 1)
      log.warn({ chainId, from: last }, 'reorg back to the first indexed block: indexing again from there')
      return true
    }
    return false
  }

  let checkedStart = false
  /**
   * A chain restarted from scratch (a devnet after `npm start`, a reset testnet) shares no block with what is
   * recorded: its first block differs. Then everything recorded for it is forgotten and indexed again.
   */
  async function checkStart() {
    const recordedFirst = await storage.history.blockHash(chainId, startBlock)
    if (recordedFirst) {
      const first = (await client.request({
        method: 'eth_getBlockByNumber',
        params: [numberToHex(startBlock), false],
      })) as unknown as { hash: string } | null
      if (first?.hash.toLowerCase() !== recordedFirst) {
        await storage.history.rollbackAbove(chainId, startBlock - 1, { tokens: true })
        knownTokens.clear()
        state.lastBlock = undefined
        log.warn({ chainId }, 'the chain was replaced (its first block differs): indexing it again')
      }
    }
    checkedStart = true
  }

  /** One round: read what is new, check it continues what is recorded, write it. True when caught up. */
  async function round(): Promise<boolean> {
    if (!checkedStart) await checkStart()
    const last = await storage.history.lastBlock(chainId)
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }))
    const from = last ? last.number + 1 : startBlock
    if (from > head) {
      // Nothing new, unless the chain was replaced by a shorter one or one as long (a devnet mines only on demand,
      // so no next block would reveal it).
      if (last && from - 1 > head) return !(await reorged(last.number))
      if (last && last.number === head) {
        const top = (await client.request({
          method: 'eth_getBlockByNumber',
          params: [numberToHex(head), false],
        })) as unknown as { hash: string } | null
        if (top && top.hash.toLowerCase() !== last.hash) return !(await reorged(last.number))
      }
      return true
    }
    const blocks = await readBlocks(from, Math.min(head, from + batchBlocks - 1))
    let parent = last?.hash
    const consistent: DecodedBlock[] = []
    for (const block of blocks) {
      if (parent !== undefined && block.parentHash !== parent) break
      consistent.push(block)
      parent = block.hash
    }
    if (!consistent.length) {
      if (last && blocks.length) await reorged(last.number)
      return false
    }
    const tokens = new Map(consistent.flatMap((block) => [...block.tokens]))
    const metadata = await newTokenMetadata(tokens)
    await storage.history.writeBlocks(chainId, consistent, metadata)
    for (const row of metadata) knownTokens.add(row.address)
    recorded(consistent.at(-1)!.number)
    return consistent.length === blocks.length && consistent.at(-1)!.number >= head
  }

  async function reorged(last: number): Promise<boolean> {
    if (await unwind(last)) return true
    state.failure = `a reorg deeper than ${reorgDepth} blocks below block ${last}`
    log.error({ chainId, last }, `indexer stopped: ${state.failure}`)
    state.running = false
    return true
  }

  async function run() {
    let failures = 0
    const last = await storage.history.lastBlock(chainId).catch(() => undefined)
    if (last) recorded(last.number)
    while (state.running) {
      try {
        const caughtUp = await round()
        failures = 0
        if (caughtUp && state.running) await sleep(pollIntervalMs)
      } catch (error) {
        failures++
        const wait = Math.min(pollIntervalMs * 2 ** failures, MAX_BACKOFF_MS)
        log.warn({ err: error, chainId, retryInMs: wait }, 'indexer round failed')
        if (state.running) await sleep(wait)
      }
    }
  }

  return {
    chainId,
    start() {
      if (state.running || state.failure) return
      state.running = true
      loop = run()
    },
    async stop() {
      state.running = false
      wake?.()
      await loop
    },
    state: () => ({ ...state }),
    waitFor(number, timeoutMs = 30_000) {
      if (state.lastBlock !== undefined && state.lastBlock >= number) return Promise.resolve()
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          number,
          resolve: () => {
            clearTimeout(timer)
            waiters.delete(waiter)
            resolve()
          },
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(
            new Error(
              `chain ${chainId}: block ${number} not indexed within ${timeoutMs} ms (at ${state.lastBlock})`,
            ),
          )
        }, timeoutMs)
        waiters.add(waiter)
      })
    },
  }
}
