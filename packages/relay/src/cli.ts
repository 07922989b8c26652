#!/usr/bin/env -S npx tsx
// `latch-relay`: the WalletConnect relay on RELAY_PORT (default 8788); Ctrl-C stops it.
import { startRelay } from './relay.ts'

const relay = await startRelay({
  port: Number(process.env.RELAY_PORT ?? 8788),
  host: process.env.RELAY_HOST ?? '127.0.0.1',
})
console.log(`relay: ${relay.url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void relay.close().then(() => process.exit(0))
  })
