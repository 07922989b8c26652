#!/usr/bin/env -S npx tsx
// `tsx packages/devnet/src/solanaCli.ts`: the local Solana chain (DESIGN.md topology: 8899, WebSocket 8900) until
// Ctrl-C. LATCH_SOLANA_RPC moves it (its WebSocket is the next port).
import { startSolanaChain } from './solana/server.ts'
import { solanaTestToken } from './solana/token.ts'

const configured = process.env.LATCH_SOLANA_RPC
let port = 8899
if (configured) {
  try {
    port = Number(new URL(configured).port) || 80
  } catch {
    throw new Error(`LATCH_SOLANA_RPC must be an RPC URL such as http://127.0.0.1:8899, got "${configured}"`)
  }
}
const chain = await startSolanaChain({ port })
console.log(
  `solana: ${chain.rpcUrl}  ws ${chain.wsUrl}  ${solanaTestToken.symbol} ${solanaTestToken.address}`,
)

let stopping = false
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return
  stopping = true
  await chain.stop()
  console.log(`Solana chain stopped (${signal}).`)
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
