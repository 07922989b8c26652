// `npm start`: the local chains, the Latch server (wallet directory, analytics), the WalletConnect relay and a
// WalletConnect test wallet reading pasted wc: URIs from this terminal, then the demo. Ctrl-C stops every child.
import { fileURLToPath } from 'node:url'
import { attachWcWalletConsole, startDevnet, startWcWallet, wcWalletAccount } from '@latch/devnet'
import { startRelay } from '@latch/relay'
import { startServer } from '@latch/server'
import { createServer } from 'vite'

const portOf = (url: string | undefined, fallback: number) => (url ? Number(new URL(url).port) : fallback)
// Read before anything starts, so a bad value stops nothing half-way. Default 1, beside the dev wallet's 0.
const wcAccount = wcWalletAccount(process.env.WC_ACCOUNT)

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

const [rpcA, rpcB] = devnet.chains.map((c) => c.rpcUrl)
// The same wallet as `latch-wc-wallet`, on anvil account WC_ACCOUNT.
const wcWallet = await startWcWallet({
  relayUrl: relay.url,
  accountIndex: wcAccount,
  chains: { 31337: rpcA!, 31338: rpcB! },
})
const wcConsole = attachWcWalletConsole(wcWallet, { input: process.stdin })

const demo = await createServer({
  root: fileURLToPath(new URL('../apps/demo', import.meta.url)),
  configFile: fileURLToPath(new URL('../apps/demo/vite.config.ts', import.meta.url)),
})
await demo.listen()
const params = new URLSearchParams()
if (rpcA !== 'http://127.0.0.1:8545') params.set('rpcA', rpcA!)
if (rpcB !== 'http://127.0.0.1:8546') params.set('rpcB', rpcB!)
if (server.url !== 'http://127.0.0.1:8787') params.set('api', server.url)
if (relay.url !== 'ws://127.0.0.1:8788') params.set('relay', relay.url)
const query = params.size > 0 ? `?${params}` : ''
console.log(`\nLatch demo: ${demo.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/'}${query}\n`)
console.log(
  `WalletConnect test wallet ${wcWallet.address} (account ${wcAccount}): paste a wc: URI here to pair ` +
    '(WalletConnect → Copy link in the modal); `reject`, `approve`, `disconnect`.\n',
)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  wcConsole.close()
  // The wallet first, so it leaves the relay before the relay goes.
  await wcWallet.stop().catch(() => undefined)
  await Promise.allSettled([demo.close(), server.close(), relay.close(), devnet.stop()])
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
