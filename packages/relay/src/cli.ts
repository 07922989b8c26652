#!/usr/bin/env -S npx tsx
// `latch-relay`: the WalletConnect relay on RELAY_PORT (default 8788). With REDIS_URL, several instances share
// messages and deliveries. Ctrl-C stops it.
import { redisStore } from './redisStore.ts'
import { startRelay } from './relay.ts'

const store = process.env.REDIS_URL ? await redisStore(process.env.REDIS_URL) : undefined
const relay = await startRelay({
  port: Number(process.env.RELAY_PORT ?? 8788),
  host: process.env.RELAY_HOST ?? '127.0.0.1',
  ...(store ? { store } : {}),
})
console.log(`relay: ${relay.url}${store ? ' (sharing Redis)' : ''}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void relay
      .close()
      .then(() => store?.close())
      .then(() => process.exit(0))
  })
