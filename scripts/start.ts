// `npm start`: the local chains, then the demo. Ctrl-C stops every child.
import { fileURLToPath } from 'node:url'
import { startDevnet } from '@latch/devnet'
import { createServer } from 'vite'

const portOf = (url: string | undefined, fallback: number) => (url ? Number(new URL(url).port) : fallback)

const devnet = await startDevnet({
  chains: [
    { chainId: 31337, port: portOf(process.env.LATCH_RPC_A, 8545) },
    { chainId: 31338, port: portOf(process.env.LATCH_RPC_B, 8546) },
  ],
})
for (const chain of devnet.chains) console.log(`chain ${chain.chainId}  ${chain.rpcUrl}`)

const demo = await createServer({
  root: fileURLToPath(new URL('../apps/demo', import.meta.url)),
  configFile: fileURLToPath(new URL('../apps/demo/vite.config.ts', import.meta.url)),
})
await demo.listen()
const [rpcA, rpcB] = devnet.chains.map((c) => c.rpcUrl)
const query =
  rpcA === 'http://127.0.0.1:8545' && rpcB === 'http://127.0.0.1:8546' ? '' : `?rpcA=${rpcA}&rpcB=${rpcB}`
console.log(`\nLatch demo: ${demo.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/'}${query}\n`)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await Promise.allSettled([demo.close(), devnet.stop()])
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
