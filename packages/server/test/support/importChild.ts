// Child process of crash.test.ts: imports `n` synthetic wallets into a PGlite directory, printing each batch
// written inside the transaction, then `committed`.
import { syntheticSnapshot } from '../../src/directory/synthetic.ts'
import { openStorage } from '../../src/storage/openStorage.ts'

const [dataDir, count] = process.argv.slice(2)
const storage = await openStorage({ dataDir: dataDir! })
await storage.replaceDirectory(syntheticSnapshot(Number(count), 2), {
  onProgress: ({ written, total }) => console.log(`progress ${written}/${total}`),
})
console.log('committed')
await storage.close()
