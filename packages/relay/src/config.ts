import { defaultRelayLimits, type RelayLimits } from './limits.ts'
import type { RelayOptions } from './relay.ts'
import { defaultStoreLimits, type MemoryStoreOptions } from './store.ts'

export interface RelayConfig {
  relay: RelayOptions
  /** The memory store's caps (when not on Redis). */
  store: MemoryStoreOptions
  redisUrl?: string
}

/** `maxConnectionsPerIp` → `RELAY_MAX_CONNECTIONS_PER_IP`. */
export const envName = (key: string) =>
  `RELAY_${key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`

const storeKeys = Object.keys(defaultStoreLimits) as (keyof typeof defaultStoreLimits)[]

function count(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const value = env[name]
  if (value === undefined || value === '') return undefined
  if (!/^\d{1,15}$/.test(value))
    throw new Error(`${name} must be a whole number, not ${JSON.stringify(value)}`)
  return Number(value)
}

/** RELAY_TRUST_PROXY: `true` is one proxy, `false` or nothing none, else how many stand in front. */
function proxiesOf(value: string | undefined): number {
  if (!value || value === 'false') return 0
  if (value === 'true') return 1
  if (!/^\d$/.test(value))
    throw new Error(
      `RELAY_TRUST_PROXY must be true, false or the number of proxies in front, not ${JSON.stringify(value)}`,
    )
  return Number(value)
}

/**
 * The relay's configuration from the environment: RELAY_PORT (8788), RELAY_HOST (127.0.0.1), REDIS_URL (share
 * messages with other instances), RELAY_PUBLIC_URL (comma-separated URLs clients' tokens may name, for a relay
 * behind a proxy), RELAY_TRUST_PROXY (`true` or the number of proxies in front: count connections per the
 * X-Forwarded-For entry the outermost appended), every `RelayLimits` field as
 * RELAY_<NAME> (RELAY_MAX_CONNECTIONS_PER_IP…) and the memory store's RELAY_MAX_MESSAGES_PER_TOPIC,
 * RELAY_MAX_BYTES_PER_TOPIC and RELAY_MAX_BYTES. Throws naming the variable of a malformed value.
 *
 * @example
 * const { relay, store } = readRelayConfig(process.env)
 */
export function readRelayConfig(env: NodeJS.ProcessEnv = process.env): RelayConfig {
  const limits: Partial<RelayLimits> = {}
  for (const key of Object.keys(defaultRelayLimits) as (keyof RelayLimits)[]) {
    const value = count(env, envName(key))
    if (value !== undefined) limits[key] = value
  }
  const store: MemoryStoreOptions = {}
  for (const key of storeKeys) {
    const value = count(env, envName(key))
    if (value !== undefined) store[key] = value
  }
  const port = count(env, 'RELAY_PORT') ?? 8788
  if (port > 65535) throw new Error('RELAY_PORT must be a port number')
  const audiences = env.RELAY_PUBLIC_URL?.split(',')
    .map((url) => url.trim())
    .filter(Boolean)
  for (const url of audiences ?? [])
    if (!/^wss?:\/\/[^\s]+$/.test(url)) throw new Error('RELAY_PUBLIC_URL must be ws:// or wss:// URLs')
  const trustProxy = proxiesOf(env.RELAY_TRUST_PROXY)
  if (env.REDIS_URL && !/^rediss?:\/\/[^\s]+$/.test(env.REDIS_URL))
    throw new Error('REDIS_URL must be a redis:// URL')
  return {
    relay: {
      port,
      host: env.RELAY_HOST || '127.0.0.1',
      limits,
      ...(audiences?.length ? { audiences } : {}),
      ...(trustProxy ? { trustProxy } : {}),
    },
    store,
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
  }
}

/** Every variable `readRelayConfig` reads, with its default, as `latch-relay --help` lists them. */
export function relayVariables(): [name: string, meaning: string][] {
  const limit = (key: string, value: number) => [envName(key), `${key}, default ${value}`] as [string, string]
  return [
    ['RELAY_PORT', 'the port to listen on, default 8788'],
    ['RELAY_HOST', 'the address to listen on, default 127.0.0.1 (0.0.0.0 for every interface)'],
    ['REDIS_URL', 'redis:// URL: share messages and deliveries with other instances; default in memory'],
    ['RELAY_PUBLIC_URL', 'ws(s):// URLs (comma-separated) clients reach this relay at, behind a proxy'],
    ['RELAY_TRUST_PROXY', 'true (one proxy in front) or the number of proxies; default none'],
    ...Object.entries(defaultRelayLimits).map(([key, value]) => limit(key, value)),
    ...Object.entries(defaultStoreLimits).map(([key, value]) => limit(key, value)),
  ]
}
