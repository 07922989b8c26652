// `npm start`: the local chains, the Latch server (wallet directory, analytics), the WalletConnect relay, then the
// demo. Ctrl-C stops every child.
import { fileURLToPath } from 'node:url'
import { startDevnet } from '@latch/devnet'
import { startRelay } from '@latch/relay'
import { startServer } from '@latch/server'
import { createServer } from 'vite'

const portOf = (url: string | undefined, fallback: number) => (url ? Number(new URL(url).port) : fallback)

const devnet = await startDevnet({
  chains: [
    { chainId: 31337, port: portOf(process.env.LATCH_RPC_A, 8545) },
    { chainId: 31338, port: portOf(process.env.LATCH_RPC_B, 8546) },
  ],
})
for (const chain of devnet.chains) console.log(`chain ${chain.chainId}  ${chain.rpcUrl}`)

// PGlite in .latch/data by default; DATABASE_URL puts the server on PostgreSQL.
const server = await startServer({
  port: Number(process.env.PORT ?? 8787),
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
})
console.log(`server      ${server.url}`)

const relay = await startRelay({ port: Number(process.env.RELAY_PORT ?? 8788) })
console.log(`relay       ${relay.url}`)

const demo = await createServer({
  root: fileURLToPath(new URL('../apps/demo', import.meta.url)),
  configFile: fileURLToPath(new URL('../apps/demo/vite.config.ts', import.meta.url)),
})
await demo.listen()
const [rpcA, rpcB] = devnet.chains.map((c) => c.rpcUrl)
const params = new URLSearchParams()
if (rpcA !== 'http://127.0.0.1:8545') params.set('rpcA', rpcA!)
if (rpcB !== 'http://127.0.0.1:8546') params.set('rpcB', rpcB!)
if (server.url !== 'http://127.0.0.1:8787') params.set('api', server.url)
const query = params.size > 0 ? `?${params}` : ''
console.log(`\nLatch demo: ${demo.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/'}${query}\n`)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await Promise.allSettled([demo.close(), server.close(), relay.close(), devnet.stop()])
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
