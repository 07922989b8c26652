import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, test, vi } from 'vitest'

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url))
const temp = mkdtempSync(join(tmpdir(), 'latch-cli-'))
const dataDir = join(temp, 'data')
afterAll(() => rmSync(temp, { recursive: true, force: true }))
// A test runs up to three commands one after the other, each a process that loads the server's sources through tsx
// and opens PGlite on disk: 5–10 s each while the other test files keep both cores busy.
vi.setConfig({ testTimeout: 60_000 })

function run(args: string[], onStdout?: (text: string, stop: (signal: NodeJS.Signals) => void) => void) {
  const proc = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: {
      ...process.env,
      LATCH_DATA_DIR: dataDir,
      PORT: '0',
      FRAME_PORT: '0',
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
  })
  let stdout = ''
  let stderr = ''
  // Once: a second signal tells the server not to wait (exit 1), and the watched line stays in what is read.
  let signalled = false
  const stop = (signal: NodeJS.Signals) => {
    if (signalled) return
    signalled = true
    proc.kill(signal)
  }
  proc.stdout.on('data', (chunk) => {
    stdout += chunk
    onStdout?.(stdout, stop)
  })
  proc.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    proc.on('exit', (code) => resolve({ code, stdout, stderr })),
  )
}

test('an unknown command names itself, points at --help and exits 2', async () => {
  const result = await run(['frobnicate'])
  expect(result.code).toBe(2)
  expect(result.stderr).toBe('latch-server: Unknown command frobnicate\nSee latch-server --help.\n')
})

test('--help lists every command, option and every variable the configuration reads', async () => {
  const result = await run(['--help'])
  expect(result.code).toBe(0)
  const read = new Set(
    [...readFileSync(new URL('../src/config.ts', import.meta.url), 'utf8').matchAll(/env\.([A-Z_]+)/g)].map(
      ([, name]) => name!,
    ),
  )
  expect(read.size).toBeGreaterThan(10)
  for (const name of read) expect(result.stdout).toMatch(new RegExp(`^  ${name} `, 'm'))
  for (const text of ['seed-synthetic <n>', '--data <dir>', '--port <port>'])
    expect(result.stdout).toContain(text)
})

test('a malformed setting is named, and the server exits 2 without starting', async () => {
  const bad = await run(['--port', '99999'])
  expect(bad.code).toBe(2)
  expect(bad.stderr).toContain('PORT must be a port number, not 99999')
  const unknown = await run(['serve', '--bogus'])
  expect(unknown.code).toBe(2)
  expect(unknown.stderr).toContain('Unknown option --bogus')
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
  expect(result.stdout).toContain(
    "Serving the local devnet's chains (http://127.0.0.1:8545, http://127.0.0.1:8546): give --config with your chains.",
  )
  expect(result.stdout).toMatch(
    /^Latch frame \(e-mail login\) on http:\/\/127\.0\.0\.1:\d+: no SMTP_URL, so e-mail logins are refused until one is given$/m,
  )
  expect((await health)?.status).toBe(200)
  expect(existsSync(`${dataDir}.lock`)).toBe(false)
  // The development keys, made on first start beside the data directory (never in it), readable by the owner only.
  expect(statSync(join(temp, 'keys.json')).mode & 0o777).toBe(0o600)
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

test('--data names the PGlite directory in place of LATCH_DATA_DIR, for every command', async () => {
  const other = join(temp, 'other')
  expect((await run(['projects', 'add', 'elsewhere', '--origins', '*', '--data', other])).code).toBe(0)
  expect((await run(['projects', 'list', `--data=${other}`])).stdout).toMatch(/^elsewhere\t/m)
  expect((await run(['projects', 'list'])).stdout).not.toContain('elsewhere')
})

test('--config: the file is checked before anything starts, and its projects are written when the server starts', async () => {
  const bad = join(temp, 'bad.yaml')
  writeFileSync(bad, 'projects:\n  - id: shop\n    origins: ["ftp://shop.example"]\n')
  const refused = await run(['--config', bad])
  expect(refused.code).toBe(2)
  expect(refused.stderr).toContain(
    `LATCH_CONFIG: ${bad}: projects[0].origins[0]: must be * or an http(s) origin`,
  )

  const good = join(temp, 'latch.config.yaml')
  writeFileSync(
    good,
    'projects:\n  - id: configured\n    origins: ["https://shop.example"]\n    analytics: false\n',
  )
  const served = await run(['serve', '--config', good], (stdout, stop) => {
    if (stdout.includes('listening on')) stop('SIGTERM')
  })
  expect(served.code).toBe(0)
  expect((await run(['projects', 'list'])).stdout).toMatch(
    /^configured\tconfigured\tanalytics off\thttps:\/\/shop\.example$/m,
  )
})

test('the options of other commands keep an inline value (--origins=a,b); an unknown option is named as one', async () => {
  const inline = await run([
    'projects',
    'add',
    'inline',
    '--origins=https://a.example,https://b.example',
    '--name=Inline',
  ])
  expect(inline.code).toBe(0)
  expect(inline.stdout).toContain(
    'Project inline: origins https://a.example, https://b.example, analytics on',
  )
  const unknown = await run(['--bogus'])
  expect(unknown.code).toBe(2)
  expect(unknown.stderr).toContain('latch-server: Unknown option --bogus')
})
