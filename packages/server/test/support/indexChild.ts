// Child process of indexerCrash.test.ts: indexes Latch Devnet A at `rpcUrl` into a PGlite directory one block per
// round, printing `indexed <n>` as each block is recorded, until it is killed.
import { devnetBlockchainConfig } from '../../src/chains/defaults.ts'
import { createIndexer } from '../../src/jobs/indexer.ts'
import { openStorage } from '../../src/storage/openStorage.ts'

const [dataDir, rpcUrl] = process.argv.slice(2)
const storage = await openStorage({ dataDir: dataDir! })
const chain = devnetBlockchainConfig({ rpcA: rpcUrl! }).chains[0]!
const indexer = createIndexer({ chain, storage, batchBlocks: 1, pollIntervalMs: 20 })
indexer.start()
let reported: number | undefined
setInterval(() => {
  const { lastBlock } = indexer.state()
  if (lastBlock !== undefined && lastBlock !== reported) {
    reported = lastBlock
    console.log(`indexed ${lastBlock}`)
  }
}, 1)
