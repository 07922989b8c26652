// What the consumer tests share: the packed packages, fresh apps installed from them outside the workspace, and
// child processes run as an operator would run them.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import type { PublishedPackage } from '../scripts/packages.ts'

/** Where the global setup packed the tarballs (a directory outside the repository). */
export function tarballs(): Record<PublishedPackage, string> {
  const file = process.env.LATCH_CONSUMER_TARBALLS
  if (!file || !existsSync(file)) throw new Error('run the consumer tests with `npm run test:consumers`')
  return JSON.parse(readFileSync(file, 'utf8')) as Record<PublishedPackage, string>
}

/**
 * The environment of a consumer's commands: the workspace's `latch-source` condition (.npmrc's node-options)
 * removed, so Node, tsc's helpers and bundlers resolve the installed packages as any app does; no NODE_ENV.
 */
export function consumerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of Object.keys(env)) if (name.startsWith('npm_')) delete env[name]
  // Vite's build() in a test sets NODE_ENV=production in this process, which would make npm install skip the
  // app's devDependencies.
  delete env.NODE_ENV
  return { ...env, NODE_OPTIONS: '', NEXT_TELEMETRY_DISABLED: '1', ...extra }
}

export interface Result {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs a command to its end; never throws for a non-zero exit (the test asserts on `code`). */
export function run(
  command: string,
  args: string[],
  cwd: string,
  { timeout = 300_000, env = {} }: { timeout?: number; env?: Record<string, string> } = {},
): Promise<Result> {
  const options = { cwd, env: consumerEnv(env), timeout, maxBuffer: 64 * 1024 * 1024 }
  return new Promise((resolve) => {
    execFile(command, args, options, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
      resolve({ code, stdout, stderr })
    })
  })
}

/**
 * Copies the app `consumers/<name>` into a new directory under the system's temporary directory (outside the
 * workspace, so nothing resolves through its node_modules) and installs the packed packages there, with the
 * app's other dependencies from npm as its package.json pins them, or as `versions` pins them instead (React 18,
 * say). Returns the app's directory.
 */
export async function installApp(
  name: string,
  packages: PublishedPackage[],
  versions: Record<string, string> = {},
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `latch-consumer-${name}-`))
  const template = fileURLToPath(new URL(name, import.meta.url))
  cpSync(template, dir, { recursive: true, filter: (path) => !/node_modules|dist|\.next/.test(path) })
  const packed = tarballs()
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>
    devDependencies?: Record<string, string>
  }
  const pin = (list: Record<string, string> = {}) =>
    Object.fromEntries(
      Object.entries(list).map(([dependency, version]) => [dependency, versions[dependency] ?? version]),
    )
  manifest.dependencies = {
    ...Object.fromEntries(packages.map((pkg) => [`@latch/${pkg}`, `file:${packed[pkg]}`])),
    ...pin(manifest.dependencies),
  }
  manifest.devDependencies = pin(manifest.devDependencies)
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], dir, {
    timeout: 600_000,
  })
  if (install.code !== 0) {
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`npm install of the consumer app ${name} failed:\n${install.stdout}${install.stderr}`)
  }
  return dir
}

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface Service {
  url: string
  output(): string
  /** Sends SIGTERM and resolves with how the process ended. */
  stop(): Promise<Exit>
}

/** Services still running, stopped by `stopServices` (a test's afterAll) if a test failed before it stopped them. */
const running = new Set<() => Promise<Exit>>()

/**
 * Starts a long-running command in a process group of its own and waits for `ready` in its output (the first
 * group is its URL). `stop` sends SIGTERM to the group, as a terminal's Ctrl-C or a service manager does: `npx`
 * does not pass a SIGTERM sent to it alone on to the service it started.
 */
export function startService(
  command: string,
  args: string[],
  cwd: string,
  ready: RegExp,
  env: Record<string, string> = {},
) {
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env: consumerEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  let exit: Exit | undefined
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal }
      resolve(exit)
    }),
  )
  const stop = async () => {
    if (exit === undefined) process.kill(-child.pid!, 'SIGTERM')
    running.delete(stop)
    return exited
  }
  running.add(stop)
  return new Promise<Service>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${command} ${args.join(' ')} did not start:\n${output}`)),
      120_000,
    )
    const read = (chunk: Buffer) => {
      // Without colours' escape codes, which some tools put inside the URL they print.
      output += stripVTControlCharacters(chunk.toString())
      const match = ready.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve({
          url: match[1]!,
          output: () => output,
          stop,
        })
      }
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    void exited.then(({ code, signal }) => {
      clearTimeout(timer)
      reject(
        new Error(`${command} ${args.join(' ')} exited (${code ?? signal}) before it was ready:\n${output}`),
      )
    })
  })
}

export async function stopServices(): Promise<void> {
  await Promise.all([...running].map((stop) => stop()))
}
