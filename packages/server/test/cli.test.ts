import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, test } from 'vitest'

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url))
const temp = mkdtempSync(join(tmpdir(), 'latch-cli-'))
const dataDir = join(temp, 'data')
afterAll(() => rmSync(temp, { recursive: true, force: true }))

function run(args: string[], onStdout?: (text: string, stop: (signal: NodeJS.Signals) => void) => void) {
  const proc = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: { ...process.env, LATCH_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', DATABASE_URL: '' },
  })
  let stdout = ''
  let stderr = ''
  proc.stdout.on('data', (chunk) => {
    stdout += chunk
    onStdout?.(stdout, (signal) => proc.kill(signal))
  })
  proc.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    proc.on('exit', (code) => resolve({ code, stdout, stderr })),
  )
}

test('an unknown command prints the usage and exits 2', async () => {
  const result = await run(['frobnicate'])
  expect(result.code).toBe(2)
  expect(result.stderr).toContain('Unknown command frobnicate')
  expect(result.stderr).toContain('seed-synthetic <n>')
})

test('serve prints its URL, answers, and exits 0 on SIGTERM releasing the data directory', async () => {
  let health: Promise<Response> | undefined
  const result = await run(['serve'], (stdout, stop) => {
    const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1]
    if (url && !health)
      health = fetch(`${url}/getWallets?entries=1&projectId=cli-test&st=latch&sv=9.9.9`)
        .then(() => fetch(`${url}/health`))
        .finally(() => stop('SIGTERM'))
  })
  expect(result.code).toBe(0)
  expect((await health)?.status).toBe(200)
  expect(existsSync(`${dataDir}.lock`)).toBe(false)
})

test('usage lists the requests the server counted per project and SDK, flushed when it stopped', async () => {
  const result = await run(['usage', '--project', 'cli-test'])
  expect(result.code).toBe(0)
  expect(result.stdout).toMatch(/^cli-test\tlatch\t9\.9\.9\t1\t\d{4}-/m)
  expect(result.stdout).toContain('1 requests')
})

test('projects add stores a project in the same database', async () => {
  const result = await run([
    'projects',
    'add',
    'shop',
    '--origins',
    'https://shop.example,https://*.shop.example',
  ])
  expect(result.code).toBe(0)
  expect(result.stdout).toContain(
    'Project shop: origins https://shop.example, https://*.shop.example, analytics on',
  )
})
