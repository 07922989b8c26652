#!/usr/bin/env -S npx tsx
// `latch-relay`: the WalletConnect relay on RELAY_PORT (default 8788). With REDIS_URL, several instances share
// messages and deliveries. Limits from RELAY_* (see config.ts). Ctrl-C stops it.
import { readRelayConfig } from './config.ts'
import { redisStore } from './redisStore.ts'
import { startRelay } from './relay.ts'
import { memoryStore } from './store.ts'

const config = readRelayConfig(process.env)
const store = config.redisUrl ? await redisStore(config.redisUrl, config.store) : memoryStore(config.store)
const relay = await startRelay({ ...config.relay, store })
console.log(`relay: ${relay.url}${config.redisUrl ? ' (sharing Redis)' : ''}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void relay
      .close()
      .then(() => store.close())
      .then(() => process.exit(0))
  })
