import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { envName } from '../src/config.ts'
import { defaultRelayLimits } from '../src/limits.ts'
import { defaultStoreLimits } from '../src/store.ts'
import { startRelayProcess } from './relayProcess.ts'

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url))
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  })

test('--help lists its options and every variable the configuration reads', () => {
  const result = run(['--help'])
  expect(result.status).toBe(0)
  const source = readFileSync(new URL('../src/config.ts', import.meta.url), 'utf8')
  const names = new Set([
    ...[...source.matchAll(/env\.([A-Z_]+)/g)].map(([, name]) => name!),
    ...[...source.matchAll(/count\(env, '([A-Z_]+)'\)/g)].map(([, name]) => name!),
    ...[...Object.keys(defaultRelayLimits), ...Object.keys(defaultStoreLimits)].map(envName),
  ])
  expect(names.size).toBeGreaterThan(20)
  for (const name of names) expect(result.stdout).toMatch(new RegExp(`^  ${name} `, 'm'))
  expect(result.stdout).toContain('--port <port>')
})

test('a malformed setting or option is named, and the relay exits 2 without listening', () => {
  const bad = run([], { RELAY_MAX_CONNECTIONS: 'lots' })
  expect(bad.status).toBe(2)
  expect(bad.stderr).toBe(
    'latch-relay: RELAY_MAX_CONNECTIONS must be a whole number, not "lots"\nSee latch-relay --help.\n',
  )
  const option = run(['--port', '70000'])
  expect(option.status).toBe(2)
  expect(option.stderr).toContain('RELAY_PORT must be a port number')
  expect(run(['--frobnicate']).status).toBe(2)
})

test('GET /health answers 200 while it runs; other plain requests 426', async () => {
  const relay = await startRelayProcess()
  try {
    const base = relay.url.replace(/^ws/, 'http')
    const health = await fetch(`${base}/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })
    expect((await fetch(`${base}/`)).status).toBe(426)
    expect((await fetch(`${base}/health`, { method: 'POST' })).status).toBe(426)
  } finally {
    await relay.stop()
  }
})
