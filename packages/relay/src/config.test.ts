import { expect, test } from 'vitest'
import { envName, readRelayConfig } from './config.ts'

test('reads the port, proxies, Redis and every limit from RELAY_* variables', () => {
  expect(envName('maxConnectionsPerIp')).toBe('RELAY_MAX_CONNECTIONS_PER_IP')
  expect(
    readRelayConfig({
      RELAY_PORT: '9788',
      RELAY_HOST: '0.0.0.0',
      RELAY_PUBLIC_URL: 'wss://relay.example.com, wss://relay2.example.com',
      RELAY_TRUST_PROXY: 'true',
      RELAY_MAX_CONNECTIONS_PER_IP: '200',
      RELAY_MAX_TTL_SECONDS: '3600',
      RELAY_MAX_BYTES: '1048576',
      REDIS_URL: 'redis://cache:6379',
    }),
  ).toEqual({
    relay: {
      port: 9788,
      host: '0.0.0.0',
      audiences: ['wss://relay.example.com', 'wss://relay2.example.com'],
      trustProxy: 1,
      limits: { maxConnectionsPerIp: 200, maxTtlSeconds: 3600 },
    },
    store: { maxBytes: 1048576 },
    redisUrl: 'redis://cache:6379',
  })
  expect(readRelayConfig({})).toEqual({ relay: { port: 8788, host: '127.0.0.1', limits: {} }, store: {} })
  expect(readRelayConfig({ RELAY_TRUST_PROXY: '2' }).relay.trustProxy).toBe(2)
  expect(readRelayConfig({ RELAY_TRUST_PROXY: 'false' }).relay.trustProxy).toBeUndefined()
})

test.each([
  [{ RELAY_PORT: 'x' }, 'RELAY_PORT'],
  [{ RELAY_PORT: '70000' }, 'RELAY_PORT'],
  [{ RELAY_MAX_CONNECTIONS: '-1' }, 'RELAY_MAX_CONNECTIONS'],
  [{ RELAY_PUBLIC_URL: 'https://relay.example.com' }, 'RELAY_PUBLIC_URL'],
  [{ RELAY_TRUST_PROXY: 'yes' }, 'RELAY_TRUST_PROXY'],
  [{ RELAY_TRUST_PROXY: '10.0.0.1' }, 'RELAY_TRUST_PROXY'],
  [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
])('%j is refused naming %s', (env, name) => {
  expect(() => readRelayConfig(env)).toThrow(name)
})
