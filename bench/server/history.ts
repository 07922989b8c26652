// `npm run bench:history`: the history route's latency over 100,000 indexed transfers, and the indexer's
// throughput on a real anvil chain. Not part of `npm test`.
//
//   npm run bench:history                                   # PGlite in memory
//   DATABASE_URL=postgres://… npm run bench:history          # PostgreSQL (an empty database)
//   npm run bench:history -- --transfers 200000 --blocks 4000
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import { anvilAddresses, startDevnet, testTokenAddresses } from '@latch/devnet'
import {
  createApp,
  createIndexer,
  devnetBlockchainConfig,
  type IndexedBlock,
  openStorage,
} from '@latch/server'
import { encodeFunctionData, erc20Abi, numberToHex } from 'viem'

const { values } = parseArgs({
  options: {
    transfers: { type: 'string', default: '100000' },
    accounts: { type: 'string', default: '1000' },
    requests: { type: 'string', default: '500' },
    blocks: { type: 'string', default: '2000' },
    'per-block': { type: 'string', default: '4' },
  },
})
const transfers = Number(values.transfers)
const accountCount = Number(values.accounts)
const requests = Number(values.requests)
const blockCount = Number(values.blocks)
const perBlock = Number(values['per-block'])

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
const ms = (n: number) => n.toFixed(2)

/** A deterministic pseudo-random sequence, so runs compare. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

async function historyLatency() {
  const storage = await openStorage(
    process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: 'memory' },
  )
  const blockchain = devnetBlockchainConfig({ rpcA: 'http://127.0.0.1:9', rpcB: 'http://127.0.0.1:9' })
  const accounts = Array.from(
    { length: accountCount },
    (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`,
  )
  // One busy account takes part in a tenth of all transfers: its deep pages are the hard case.
  const busy = accounts[0]!
  const next = random(42)
  const pick = () => accounts[Math.floor(next() * accounts.length)]!
  const perSeedBlock = 50
  const started = performance.now()
  let number = 0
  for (let written = 0; written < transfers; ) {
    const blocks: IndexedBlock[] = []
    for (let b = 0; b < 20 && written < transfers; b++, number++) {
      const minedAt = new Date(Date.UTC(2026, 0, 1) + number * 12_000)
      const block: IndexedBlock = {
        number,
        hash: numberToHex(number, { size: 32 }),
        parentHash: numberToHex(Math.max(0, number - 1), { size: 32 }),
        minedAt,
        transactions: [],
        transfers: [],
        activity: [],
      }
      for (let txIndex = 0; txIndex < perSeedBlock && written < transfers; txIndex++, written++) {
        const hash = numberToHex(written + 1, { size: 32 })
        const from = next() < 0.1 ? busy : pick()
        const to = pick()
        block.transactions.push({
          chainId: 31337,
          hash,
          blockNumber: number,
          txIndex,
          minedAt,
          from,
          to: testTokenAddresses.LUSD.toLowerCase(),
          nonce: written,
          status: 'confirmed',
          operationType: 'execute',
        })
        block.transfers.push({
          chainId: 31337,
          hash,
          logIndex: 0,
          blockNumber: number,
          kind: 'erc20',
          token: testTokenAddresses.LUSD.toLowerCase(),
          from,
          to,
          amount: String(1_000_000 + written),
        })
        for (const account of new Set([from, to]))
          block.activity.push({ account, chainId: 31337, hash, blockNumber: number, txIndex, minedAt })
      }
      blocks.push(block)
    }
    await storage.history.writeBlocks(31337, blocks)
  }
  const seededS = (performance.now() - started) / 1000

  const app = await createApp({ storage, blockchain, logger: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const base = `http://127.0.0.1:${port}/v1/account/${busy}/history?chainId=eip155:31337`

  // A deep page: 100 pages into the busy account's history.
  let cursor: string | null = null
  for (let i = 0; i < 100; i++) {
    const body = (await (await fetch(cursor ? `${base}&cursor=${cursor}` : base)).json()) as {
      next: string | null
    }
    if (!body.next) throw new Error(`the busy account has only ${i + 1} pages: seed more transfers`)
    cursor = body.next
  }
  const rows: string[][] = []
  for (const [label, url] of [
    ['first page', base],
    ['page 101 (cursor)', `${base}&cursor=${cursor}`],
  ] as const) {
    const times: number[] = []
    for (let i = 0; i < requests + 20; i++) {
      const t0 = performance.now()
      const response = await fetch(url)
      const body = (await response.json()) as { data: unknown[] }
      if (response.status !== 200 || body.data.length !== 20) throw new Error(`${label}: ${response.status}`)
      if (i >= 20) times.push(performance.now() - t0)
    }
    times.sort((a, b) => a - b)
    rows.push([label, ms(percentile(times, 0.5)), ms(percentile(times, 0.99)), ms(times.at(-1)!)])
  }
  await app.close()
  await storage.close()
  console.log(
    `\nhistory route, ${storage.driver}: ${transfers.toLocaleString('en')} transfers, ${accountCount} accounts, seeded in ${seededS.toFixed(1)} s; ` +
      `${requests} sequential requests per row (after 20 warm-up)`,
  )
  console.log('| page | p50 ms | p99 ms | max ms |\n|---|---|---|---|')
  for (const row of rows) console.log(`| ${row.join(' | ')} |`)
}

async function indexerThroughput() {
  const devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }] })
  try {
    const rpc = devnet.chains[0]!.rpcUrl
    const call = async (body: unknown) => {
      const response = await fetch(rpc, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return response.json()
    }
    await call({ jsonrpc: '2.0', id: 1, method: 'evm_setAutomine', params: [false] })
    let id = 2
    let sent = 0
    for (let block = 0; block < blockCount; block++) {
      // Half native payments, half LUSD transfers, from anvil's unlocked accounts 0–7.
      const batch = Array.from({ length: perBlock }, (_, i) => {
        const from = anvilAddresses[(block + i) % 8]!
        const to = anvilAddresses[(block + i + 1) % 8]!
        const params =
          i % 2 === 0
            ? { from, to, value: '0x1' }
            : {
                from,
                to: testTokenAddresses.LUSD,
                data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 1n] }),
                gas: '0x186a0',
              }
        return { jsonrpc: '2.0', id: id++, method: 'eth_sendTransaction', params: [params] }
      })
      const answers = (await call(batch)) as { error?: unknown }[]
      const failed = answers.find((answer) => answer.error)
      if (failed) throw new Error(`eth_sendTransaction: ${JSON.stringify(failed.error)}`)
      sent += perBlock
      await call({ jsonrpc: '2.0', id: id++, method: 'evm_mine', params: [] })
    }
    const head = Number(
      (
        (await call({ jsonrpc: '2.0', id: id++, method: 'eth_blockNumber', params: [] })) as {
          result: string
        }
      ).result,
    )
    const storage = await openStorage({ dataDir: 'memory' })
    const chain = devnetBlockchainConfig({ rpcA: rpc }).chains[0]!
    const indexer = createIndexer({ chain, storage })
    const t0 = performance.now()
    indexer.start()
    await indexer.waitFor(head, 600_000)
    const seconds = (performance.now() - t0) / 1000
    await indexer.stop()
    await storage.close()
    console.log(
      `\nindexer (PGlite in memory, anvil on loopback): ${head + 1} blocks, ${sent} transactions, ${sent} transfers`,
    )
    console.log('| blocks/s | transactions/s | seconds |\n|---|---|---|')
    console.log(
      `| ${((head + 1) / seconds).toFixed(0)} | ${(sent / seconds).toFixed(0)} | ${seconds.toFixed(1)} |`,
    )
  } finally {
    await devnet.stop()
  }
}

await historyLatency()
await indexerThroughput()
