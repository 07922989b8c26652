// kill -9 of an indexing process between (or during) blocks: a new indexer on the same PGlite directory resumes, and
// every block, transaction, transfer and activity row is there exactly once, as an uninterrupted indexer records them.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { anvilAddresses, anvilPrivateKeys, type Devnet, startDevnet, testTokenAddresses } from '@latch/devnet'
import { createPublicClient, createWalletClient, defineChain, erc20Abi, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { devnetBlockchainConfig } from '../src/chains/defaults.ts'
import { createIndexer } from '../src/jobs/indexer.ts'
import { openStorage } from '../src/storage/openStorage.ts'

const temp = mkdtempSync(join(tmpdir(), 'latch-indexer-crash-'))
let devnet: Devnet
let rpcUrl: string
let head: number

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }] })
  rpcUrl = devnet.chains[0]!.rpcUrl
  const chain = defineChain({
    id: 31337,
    name: 'Latch Devnet A',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const wallet = createWalletClient({
    account: privateKeyToAccount(anvilPrivateKeys[1]!),
    chain,
    transport: http(),
  })
  const publicClient = createPublicClient({ chain, transport: http() })
  // A backlog: 60 blocks of one native or ERC-20 transfer each, after the devnet's deploys and mints.
  for (let i = 0; i < 60; i++) {
    const hash =
      i % 2
        ? await wallet.sendTransaction({ to: anvilAddresses[2], value: BigInt(i + 1) })
        : await wallet.writeContract({
            address: testTokenAddresses.LUSD,
            abi: erc20Abi,
            functionName: 'transfer',
            args: [anvilAddresses[2], BigInt(i + 1)],
          })
    await publicClient.waitForTransactionReceipt({ hash })
  }
  head = Number(await publicClient.getBlockNumber({ cacheTime: 0 }))
}, 120_000)

afterAll(async () => {
  await devnet?.stop()
  rmSync(temp, { recursive: true, force: true })
})

/** Indexes Latch Devnet A up to `head` into a PGlite directory, in this process. */
async function indexTo(dataDir: string) {
  const storage = await openStorage({ dataDir })
  const indexer = createIndexer({ chain: devnetBlockchainConfig({ rpcA: rpcUrl }).chains[0]!, storage })
  try {
    indexer.start()
    await indexer.waitFor(head, 30_000)
  } finally {
    await indexer.stop()
    await storage.close()
  }
}

/** Row counts of the history tables, and every transfer's key, read straight from the files. */
async function contents(dataDir: string) {
  const client = await PGlite.create({ dataDir })
  try {
    const counts: Record<string, number> = {}
    for (const table of ['indexed_blocks', 'chain_transactions', 'chain_transfers', 'account_activity']) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from ${table} where chain_id = 31337`,
      )
      counts[table] = rows[0]!.n
    }
    const { rows } = await client.query<{ key: string }>(
      "select hash || '/' || log_index as key from chain_transfers where chain_id = 31337 order by block_number, hash, log_index",
    )
    return { counts, transfers: rows.map((row) => row.key) }
  } finally {
    await client.close()
  }
}

test('an indexer killed mid-backlog resumes without losing or repeating a row', async () => {
  const killedDir = join(temp, 'killed')
  const path = fileURLToPath(new URL('./support/indexChild.ts', import.meta.url))
  const proc = spawn(process.execPath, ['--import', 'tsx', path, killedDir, rpcUrl], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  proc.stderr!.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()))
  const halfway = Math.floor(head / 2)
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      const match = /^indexed (\d+)$/.exec(line)
      if (match && Number(match[1]) >= halfway) resolve()
    })
    proc.once('exit', (code) => reject(new Error(`indexChild exited (${code}): ${stderr}`)))
  })
  proc.kill('SIGKILL')
  await exited

  const partial = await contents(killedDir)
  expect(partial.counts.indexed_blocks).toBeGreaterThan(halfway)
  expect(partial.counts.indexed_blocks).toBeLessThan(head + 1)

  await indexTo(killedDir)
  const referenceDir = join(temp, 'reference')
  await indexTo(referenceDir)
  const [resumed, reference] = [await contents(killedDir), await contents(referenceDir)]
  expect(reference.counts.indexed_blocks).toBe(head + 1)
  // The 60 transfers and the devnet's 30 mints, at least.
  expect(reference.transfers.length).toBeGreaterThanOrEqual(90)
  expect(resumed).toEqual(reference)
}, 120_000)
