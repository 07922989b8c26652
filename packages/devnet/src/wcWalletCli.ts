#!/usr/bin/env -S npx tsx
// `latch-wc-wallet`: the WalletConnect test wallet on RELAY_URL (default ws://127.0.0.1:8788), signing with anvil
// account WC_ACCOUNT (default 1) on the devnet chains LATCH_RPC_A (31337) and LATCH_RPC_B (31338). Paste a wc:
// URI to pair; `reject`, `approve` and `disconnect` drive it. Ctrl-C stops it.
import { startWcWallet } from './wcWallet.ts'
import { attachWcWalletConsole, wcWalletAccount, wcWalletHelp } from './wcWalletConsole.ts'

const relayUrl = process.env.RELAY_URL ?? 'ws://127.0.0.1:8788'
const accountIndex = wcWalletAccount(process.env.WC_ACCOUNT)
const wallet = await startWcWallet({
  relayUrl,
  accountIndex,
  chains: {
    31337: process.env.LATCH_RPC_A ?? 'http://127.0.0.1:8545',
    31338: process.env.LATCH_RPC_B ?? 'http://127.0.0.1:8546',
  },
})
const console_ = attachWcWalletConsole(wallet, { input: process.stdin })
console.log(`WalletConnect test wallet ${wallet.address} (account ${accountIndex}) on ${relayUrl}`)
console.log(wcWalletHelp)

let stopping = false
async function shutdown(): Promise<void> {
  if (stopping) return
  stopping = true
  console_.close()
  await wallet.stop()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
