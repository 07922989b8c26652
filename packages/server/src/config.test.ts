import { expect, test } from 'vitest'
import { readConfig } from './config.ts'

test('reads the environment', () => {
  expect(
    readConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://latch@db/latch',
      LATCH_DATA_DIR: 'memory',
      PUBLIC_URL: 'https://directory.example.com',
      LOG_LEVEL: 'warn',
    }),
  ).toEqual({
    port: 9000,
    host: '0.0.0.0',
    databaseUrl: 'postgres://latch@db/latch',
    dataDir: 'memory',
    publicUrl: 'https://directory.example.com',
    logger: { level: 'warn' },
  })
  expect(readConfig({})).toEqual({ logger: { level: 'info' } })
})

test.each([
  [{ PORT: 'http' }, 'PORT'],
  [{ PORT: '70000' }, 'PORT'],
  [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
  [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
  [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
])('%j is refused naming %s', (env, name) => {
  expect(() => readConfig(env)).toThrow(name)
})
