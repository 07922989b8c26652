// One server process for `bench/server/run.ts`: the Latch server (`latch`, in-memory PGlite, the default
// dataset plus synthetic wallets) or a Fastify hello-world (`hello`), on a free port. Prints its URL.
import { defaultSnapshot, startServer, syntheticSnapshot } from '@latch/server'
import Fastify from 'fastify'

const [kind = 'latch', wallets = '2000'] = process.argv.slice(2)

if (kind === 'hello') {
  const app = Fastify({ logger: false })
  app.get('/', async () => ({ hello: 'world' }))
  console.log(await app.listen({ port: 0, host: '127.0.0.1' }))
} else {
  const server = await startServer({ port: 0, dataDir: 'memory', logger: false })
  const base = await defaultSnapshot()
  const synthetic = syntheticSnapshot(Number(wallets))
  await server.storage.replaceDirectory({
    wallets: [...base.wallets, ...synthetic.wallets],
    images: [...base.images, ...synthetic.images],
  })
  console.log(server.url)
}
