#!/usr/bin/env -S npx tsx
// `tsx packages/devnet/src/cli.ts`: the default devnet (DESIGN.md topology) until Ctrl-C.
import { defaultDevnetChains, startDevnet } from './devnet.ts'

/** The port of an RPC URL from the environment, or the default when the variable is unset. */
function portFrom(name: string, fallback: number): number {
  const value = process.env[name]
  if (!value) return fallback
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} must be an RPC URL such as http://127.0.0.1:8545, got "${value}"`)
  }
  if (url.port) return Number(url.port)
  return url.protocol === 'https:' ? 443 : 80
}

const [chainA, chainB] = defaultDevnetChains
const devnet = await startDevnet({
  chains: [
    { chainId: chainA.chainId, port: portFrom('LATCH_RPC_A', chainA.port) },
    { chainId: chainB.chainId, port: portFrom('LATCH_RPC_B', chainB.port) },
  ],
})

for (const chain of devnet.chains) {
  const tokens = chain.tokens.map((t) => `${t.symbol} ${t.address}`).join('  ')
  console.log(`chain ${chain.chainId}  ${chain.rpcUrl}  ${tokens}`)
  if (chain.exchange)
    console.log(
      `  exchange: Uniswap V2 router ${chain.exchange.router}  WETH ${chain.exchange.WETH}  pools ${Object.keys(chain.exchange.pairs).join(', ')}`,
    )
}
console.log('Devnet running. Press Ctrl-C to stop.')

let stopping = false
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return
  stopping = true
  await devnet.stop()
  console.log(`Devnet stopped (${signal}).`)
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
