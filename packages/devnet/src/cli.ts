#!/usr/bin/env -S npx tsx
// `tsx packages/devnet/src/cli.ts`: the default devnet (DESIGN.md topology) until Ctrl-C.
import type { Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { defaultDevnetChains, startDevnet } from './devnet.ts'

/** The port of an RPC (or bundler) URL from the environment, or the default when the variable is unset. */
function portFrom(name: string, fallback: number): number {
  const value = process.env[name]
  if (!value) return fallback
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} must be a URL such as http://127.0.0.1:8545, got "${value}"`)
  }
  if (url.port) return Number(url.port)
  return url.protocol === 'https:' ? 443 : 80
}

/** The paymaster signer's address from its private key in the environment; unset: the devnet's test signer. */
function paymasterSignerFrom(name: string): Address | undefined {
  const value = process.env[name]
  if (!value) return undefined
  // The value is a private key: the error names the variable, never echoes it.
  if (!/^0x[0-9a-fA-F]{64}$/.test(value))
    throw new Error(`${name} must be a private key: 0x followed by 64 hexadecimal digits`)
  try {
    return privateKeyToAccount(value as `0x${string}`).address
  } catch (cause) {
    throw new Error(`${name} is not a valid secp256k1 private key`, { cause })
  }
}

const [chainA, chainB] = defaultDevnetChains
const devnet = await startDevnet({
  chains: [
    {
      chainId: chainA.chainId,
      port: portFrom('LATCH_RPC_A', chainA.port),
      bundlerPort: portFrom('LATCH_BUNDLER_A', 8791),
    },
    {
      chainId: chainB.chainId,
      port: portFrom('LATCH_RPC_B', chainB.port),
      bundlerPort: portFrom('LATCH_BUNDLER_B', 8792),
    },
  ],
  paymasterSigner: paymasterSignerFrom('PAYMASTER_SIGNER_KEY'),
  bundler: true,
})

// Printed once everything, bundlers included, is ready: the supervisor waits for the `chain 31338 <url>` line.
for (const chain of devnet.chains) {
  const tokens = chain.tokens.map((t) => `${t.symbol} ${t.address}`).join('  ')
  console.log(`chain ${chain.chainId}  ${chain.rpcUrl}  ${tokens}`)
  if (chain.exchange)
    console.log(
      `  exchange: Uniswap V2 router ${chain.exchange.router}  WETH ${chain.exchange.WETH}  pools ${Object.keys(chain.exchange.pairs).join(', ')}`,
    )
  const { entryPoint07, entryPoint08, paymaster } = chain.erc4337
  console.log(
    `  erc4337: EntryPoint v0.7 ${entryPoint07}  v0.8 ${entryPoint08}  paymaster ${paymaster}  bundler ${chain.bundlerUrl} (internal: reach it through the server's /v1/bundler/${chain.chainId})`,
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
