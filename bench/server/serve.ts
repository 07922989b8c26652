// One server process for `bench/server/run.ts`: the Latch server (`latch`, in-memory PGlite, the default
// dataset plus synthetic wallets, the blockchain API over a devnet of its own) or a Fastify hello-world (`hello`), on
// a free port. Prints its URL.
import { startDevnet } from '@latch/devnet'
import { defaultSnapshot, devnetBlockchainConfig, startServer, syntheticSnapshot } from '@latch/server'
import Fastify from 'fastify'

const [kind = 'latch', wallets = '2000'] = process.argv.slice(2)

if (kind === 'hello') {
  const app = Fastify({ logger: false })
  app.get('/', async () => ({ hello: 'world' }))
  console.log(await app.listen({ port: 0, host: '127.0.0.1' }))
} else {
  // The devnet's exchange answers the quotes; it stops with this process.
  const devnet = await startDevnet({
    chains: [
      { chainId: 31337, port: 0 },
      { chainId: 31338, port: 0 },
    ],
  })
  const [rpcA, rpcB] = devnet.chains.map((chain) => chain.rpcUrl)
  process.once('SIGTERM', () => void devnet.stop().finally(() => process.exit(0)))
  const server = await startServer({
    port: 0,
    dataDir: 'memory',
    logger: false,
    blockchain: devnetBlockchainConfig({ rpcA, rpcB }),
    index: false,
    // One load generator is one client: the limits would answer it 429 within a second. Measured is the routes' work.
    rateLimits: false,
  })
  const base = await defaultSnapshot()
  const synthetic = syntheticSnapshot(Number(wallets))
  await server.storage.replaceDirectory({
    wallets: [...base.wallets, ...synthetic.wallets],
    images: [...base.images, ...synthetic.images],
  })
  console.log(server.url)
}
