// The indexer against a chain made up in memory: what anvil cannot easily do (a reorg deeper than the limit, an
// RPC that is down, a token contract that reverts) is tested here; history.test.ts runs it against anvil.
import { createPublicClient, custom, numberToHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryStorage } from '../../test/support/memoryStorage.ts'
import type { ChainConfig } from '../chains/types.ts'
import type { Storage } from '../storage/types.ts'
import type { RpcBlock, RpcReceipt } from './decodeBlock.ts'
import { TRANSFER_TOPIC } from './decodeBlock.ts'
import { createIndexer, type IndexerLog, type IndexerOptions } from './indexer.ts'

const alice = `0x${'a1'.repeat(20)}`
const bob = `0x${'b2'.repeat(20)}`
const token = `0x${'c3'.repeat(20)}`
const word = (hex: string) => `0x${hex.replace(/^0x/, '').padStart(64, '0')}`

/** A chain of blocks with one ERC-20 transfer each; `fork` replaces it from a height with another branch. */
function fakeChain() {
  const blocks: { block: RpcBlock; receipts: RpcReceipt[] }[] = []
  const state = { down: false, requests: 0 }
  const hashOf = (branch: string, number: number) => word(`${branch}${number.toString(16).padStart(8, '0')}`)

  function mine(count: number, branch = 'a') {
    for (let i = 0; i < count; i++) {
      const number = blocks.length
      const hash = word(`f${branch}${number.toString(16).padStart(6, '0')}`)
      const transaction = {
        hash,
        from: alice,
        to: token,
        value: '0x0',
        input: '0xa9059cbb',
        nonce: numberToHex(number),
        transactionIndex: '0x0',
      }
      blocks.push({
        block: {
          number: numberToHex(number),
          hash: hashOf(branch, number),
          parentHash: number ? blocks[number - 1]!.block.hash : word('0'),
          timestamp: numberToHex(1_700_000_000 + number),
          transactions: [transaction],
        },
        receipts: [
          {
            transactionHash: hash,
            status: '0x1',
            contractAddress: null,
            logs: [
              {
                address: token,
                topics: [TRANSFER_TOPIC, word(alice), word(bob)],
                data: word(numberToHex(number + 1)),
                logIndex: '0x0',
              },
            ],
          },
        ],
      })
    }
  }

  const client = createPublicClient({
    transport: custom(
      {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          state.requests++
          if (state.down) throw new Error('connect ECONNREFUSED')
          const at = (tag: unknown) => blocks[Number(tag as string)]
          switch (method) {
            case 'eth_chainId':
              return '0x1'
            case 'eth_blockNumber':
              return numberToHex(blocks.length - 1)
            case 'eth_getBlockByNumber':
              return at(params![0])?.block ?? null
            case 'eth_getBlockReceipts':
              return at(params![0])?.receipts ?? null
            case 'eth_call':
              // A token contract without name(), symbol() or decimals().
              throw Object.assign(new Error('execution reverted'), { code: 3, data: '0x' })
            default:
              throw new Error(`unexpected ${method}`)
          }
        },
      },
      { retryCount: 0 },
    ),
  })

  return {
    client,
    state,
    blocks,
    mine,
    /** Replaces every block from `number` up with `count` blocks of another branch. */
    fork(number: number, count: number, branch: string) {
      blocks.length = number
      mine(count, branch)
    },
    hash: (number: number) => blocks[number]!.block.hash,
  }
}

const chain: ChainConfig = {
  caipNetworkId: 'eip155:1',
  chainId: 1,
  name: 'Made up',
  rpcUrl: 'http://127.0.0.1:9',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  tokens: [],
}

function recordingLog() {
  const lines: { level: string; message: string }[] = []
  const log: IndexerLog = {
    info: (_, message) => lines.push({ level: 'info', message }),
    warn: (_, message) => lines.push({ level: 'warn', message }),
    error: (_, message) => lines.push({ level: 'error', message }),
  }
  return { log, lines }
}

let storage: Storage
beforeAll(async () => {
  storage = await memoryStorage()
})
afterAll(() => storage.close())

/** Each test indexes its own chain id, so they share one database. */
let nextChainId = 100
const freshChain = () => ({ ...chain, chainId: nextChainId, caipNetworkId: `eip155:${nextChainId++}` })

/** An indexer over a fake chain of `blocks` mined blocks, polling every 10 ms unless `options` differ. */
function indexerOver(blocks: number, options: Partial<IndexerOptions> = {}) {
  const fake = fakeChain()
  fake.mine(blocks)
  const config = freshChain()
  const indexer = createIndexer({
    chain: config,
    storage,
    client: fake.client,
    pollIntervalMs: 10,
    ...options,
  })
  return { fake, config, indexer }
}

async function transferCount(chainId: number) {
  const entries = await storage.history.page({ account: bob, chainId, limit: 10_000 })
  return entries.flatMap((entry) => entry.transfers).length
}

describe('createIndexer', () => {
  it('reads a backlog in rounds of batchBlocks and waits for new blocks', async () => {
    const { fake, config, indexer } = indexerOver(23, { batchBlocks: 5 })
    indexer.start()
    await indexer.waitFor(22, 5000)
    fake.mine(3)
    await indexer.waitFor(25, 5000)
    await indexer.stop()
    expect(indexer.state()).toMatchObject({ lastBlock: 25, running: false, failure: undefined })
    expect(await transferCount(config.chainId)).toBe(26)
  })

  it('starts at startBlock on an empty database', async () => {
    const { fake, config, indexer } = indexerOver(10, { startBlock: 6 })
    indexer.start()
    await indexer.waitFor(9, 5000)
    await indexer.stop()
    expect(await storage.history.blockHash(config.chainId, 5)).toBeUndefined()
    expect(await storage.history.blockHash(config.chainId, 6)).toBe(fake.hash(6))
    expect(await transferCount(config.chainId)).toBe(4)
  })

  it('keeps running while the RPC is down, logging and backing off, and catches up when it answers', async () => {
    const { log, lines } = recordingLog()
    const { fake, config, indexer } = indexerOver(8, { log })
    fake.state.down = true
    indexer.start()
    await expect.poll(() => lines.filter((line) => line.level === 'warn').length).toBeGreaterThanOrEqual(3)
    const requests = fake.state.requests
    // Backing off: 20, 40, 80, 160 ms … not a tight loop.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(fake.state.requests - requests).toBeLessThan(5)
    expect(indexer.state()).toMatchObject({ running: true, lastBlock: undefined })
    fake.state.down = false
    await indexer.waitFor(7, 10_000)
    await indexer.stop()
    expect(lines.every((line) => line.message === 'indexer round failed')).toBe(true)
    expect(await transferCount(config.chainId)).toBe(8)
  })

  it('records a token contract whose name, symbol and decimals revert as Unknown token / ??? once', async () => {
    const { config, indexer } = indexerOver(3)
    indexer.start()
    await indexer.waitFor(2, 5000)
    await indexer.stop()
    expect(await storage.history.tokens(config.chainId, [token])).toEqual([
      {
        chainId: config.chainId,
        address: token,
        kind: 'erc20',
        name: 'Unknown token',
        symbol: '???',
        decimals: null,
      },
    ])
  })

  it('unwinds a reorg within the depth: the orphaned blocks’ transfers go, the new branch’s come', async () => {
    const { fake, config, indexer } = indexerOver(20)
    indexer.start()
    await indexer.waitFor(19, 5000)
    const orphan = fake.hash(15)
    fake.fork(15, 7, 'b')
    await expect
      .poll(() => storage.history.blockHash(config.chainId, 21), { timeout: 5000 })
      .toBe(fake.hash(21))
    await indexer.stop()
    expect(await storage.history.blockHash(config.chainId, 15)).not.toBe(orphan)
    expect(await storage.history.blockHash(config.chainId, 15)).toBe(fake.hash(15))
    expect(await storage.history.blockHash(config.chainId, 14)).toBe(fake.hash(14))
    expect(await transferCount(config.chainId)).toBe(22)
    expect(indexer.state().failure).toBeUndefined()
  })

  it('notices a reorg that leaves the chain as long as it was, with no block after it', async () => {
    const { fake, config, indexer } = indexerOver(10)
    indexer.start()
    await indexer.waitFor(9, 5000)
    fake.fork(8, 2, 'b')
    await expect
      .poll(() => storage.history.blockHash(config.chainId, 9), { timeout: 5000 })
      .toBe(fake.hash(9))
    await indexer.stop()
    expect(await storage.history.blockHash(config.chainId, 8)).toBe(fake.hash(8))
    expect(await transferCount(config.chainId)).toBe(10)
  })

  it('stops, logging an error and writing nothing, on a reorg deeper than reorgDepth', async () => {
    const { log, lines } = recordingLog()
    const { fake, config, indexer } = indexerOver(40, { log })
    indexer.start()
    await indexer.waitFor(39, 5000)
    const before = await Promise.all(
      Array.from({ length: 40 }, (_, n) => storage.history.blockHash(config.chainId, n)),
    )
    // Blocks 10 up replaced: 30 blocks deep, past the default 12.
    fake.fork(10, 35, 'b')
    await expect.poll(() => indexer.state().running, { timeout: 5000 }).toBe(false)
    await indexer.stop()
    expect(indexer.state().failure).toMatch(/deeper than 12 blocks/)
    expect(lines.filter((line) => line.level === 'error')).toHaveLength(1)
    const after = await Promise.all(
      Array.from({ length: 45 }, (_, n) => storage.history.blockHash(config.chainId, n)),
    )
    expect(after).toEqual([...before, undefined, undefined, undefined, undefined, undefined])
    expect(await transferCount(config.chainId)).toBe(40)
    // It stays stopped: mixing the branches would corrupt the history.
    indexer.start()
    expect(indexer.state().running).toBe(false)
  })

  it('stop() resolves promptly while waiting to retry', async () => {
    const { fake, indexer } = indexerOver(0, { pollIntervalMs: 5000 })
    fake.state.down = true
    indexer.start()
    await expect.poll(() => fake.state.requests).toBeGreaterThan(0)
    const started = Date.now()
    await indexer.stop()
    expect(Date.now() - started).toBeLessThan(1000)
  })
})
