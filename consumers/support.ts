// What the consumer tests share: the packed packages, fresh apps installed from them outside the workspace, and
// child processes run as an operator would run them.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
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
 * removed, so Node, tsc's helpers and bundlers resolve the installed packages as any app does.
 */
export function consumerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '', NEXT_TELEMETRY_DISABLED: '1', ...extra }
  for (const name of Object.keys(env)) if (name.startsWith('npm_')) delete env[name]
  return env
}

export interface Result {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs a command to its end; never throws for a non-zero exit (the test asserts on `code`). */
export function run(command: string, args: string[], cwd: string, timeout = 300_000): Promise<Result> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, env: consumerEnv(), timeout, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (((error as { code?: unknown }).code as number | null) ?? 1) : 0,
          stdout,
          stderr,
        }),
    )
  })
}

/**
 * Copies the app `consumers/<name>` into a new directory under the system's temporary directory (outside the
 * workspace, so nothing resolves through its node_modules) and installs the packed packages there, with the
 * app's other dependencies from npm as its package.json pins them. Returns the app's directory.
 */
export async function installApp(name: string, packages: PublishedPackage[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `latch-consumer-${name}-`))
  const template = fileURLToPath(new URL(name, import.meta.url))
  cpSync(template, dir, { recursive: true, filter: (path) => !/node_modules|dist|\.next/.test(path) })
  const packed = tarballs()
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>
  }
  manifest.dependencies = {
    ...Object.fromEntries(packages.map((pkg) => [`@latch/${pkg}`, `file:${packed[pkg]}`])),
    ...manifest.dependencies,
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], dir, 600_000)
  if (install.code !== 0) throw new Error(`npm install in ${dir} failed:\n${install.stdout}${install.stderr}`)
  return dir
}

export interface Service {
  url: string
  output(): string
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>
}

/** Starts a long-running command and waits for `ready` in its output (the first group is its URL). */
export function startService(command: string, args: string[], cwd: string, ready: RegExp, env = {}) {
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env: consumerEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let exit: number | null | undefined
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exit = code
      resolve(code)
    }),
  )
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
          stop: async () => {
            if (exit === undefined) child.kill('SIGTERM')
            return exited
          },
        })
      }
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`${command} ${args.join(' ')} exited (${code}) before it was ready:\n${output}`))
    })
  })
}
