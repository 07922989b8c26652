#!/usr/bin/env node
// `latch-relay`: the WalletConnect relay on RELAY_PORT (default 8788). With REDIS_URL, several instances share
// messages and deliveries. Limits from RELAY_* (see config.ts). SIGINT or SIGTERM stops it.
import { parseArgs } from 'node:util'
import { readRelayConfig, relayVariables } from './config.ts'
import { redisStore } from './redisStore.ts'
import { startRelay } from './relay.ts'
import { memoryStore } from './store.ts'

function usage(): string {
  const width = Math.max(...relayVariables().map(([name]) => name.length))
  return `Usage: latch-relay [--port <port>] [--host <address>]

A WalletConnect-compatible relay (WebSocket; GET /health answers {"status":"ok"}).

Options:
  --port <port>      the port to listen on (RELAY_PORT)
  --host <address>   the address to listen on (RELAY_HOST)
  -h, --help         this text

Environment:
${relayVariables()
  .map(([name, meaning]) => `  ${name.padEnd(width)}  ${meaning}`)
  .join('\n')}`
}

/** Bad usage or configuration: the message, and exit code 2. */
function refuse(message: string): never {
  console.error(`latch-relay: ${message}\nSee latch-relay --help.`)
  process.exit(2)
}

let config: ReturnType<typeof readRelayConfig>
try {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })
  if (values.help) {
    console.log(usage())
    process.exit(0)
  }
  config = readRelayConfig({
    ...process.env,
    ...(values.port !== undefined ? { RELAY_PORT: values.port } : {}),
    ...(values.host !== undefined ? { RELAY_HOST: values.host } : {}),
  })
} catch (error) {
  refuse((error as Error).message)
}

const store = config.redisUrl ? await redisStore(config.redisUrl, config.store) : memoryStore(config.store)
const relay = await startRelay({ ...config.relay, store }).catch(async (error: NodeJS.ErrnoException) => {
  await store.close()
  console.error(`latch-relay: cannot listen on ${config.relay.host}:${config.relay.port}: ${error.message}`)
  process.exit(1)
})
// Before the line that says it is up: whoever waits for that line may signal at once.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void relay
      .close()
      .then(() => store.close())
      .then(() => process.exit(0))
  })
console.log(`relay: ${relay.url}${config.redisUrl ? ' (sharing Redis)' : ''}`)
