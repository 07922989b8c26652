import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url))

export interface RelayProcess {
  url: string
  pid: number
  /** Whether the process is still running. */
  alive(): boolean
  /** Its resident memory, in MiB (Linux). */
  rssMiB(): number
  /** What it printed on stderr. */
  stderr(): string
  stop(): Promise<void>
}

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/**
 * `latch-relay` (the CLI) in a child process, as an operator runs it: an uncaught error there ends the process,
 * which is what the crash tests look for. `env` adds RELAY_* settings.
 */
export async function startRelayProcess(env: Record<string, string> = {}): Promise<RelayProcess> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', cli], {
    env: { ...process.env, ...env, RELAY_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let exited = false
  let errors = ''
  child.once('exit', () => {
    exited = true
  })
  child.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString()
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /relay: (ws:\/\/\S+)/.exec(out)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`the relay exited (${code}) before listening: ${errors}`)))
  })
  return {
    url,
    pid: child.pid!,
    alive: () => !exited,
    rssMiB: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024
    },
    stderr: () => errors,
    async stop() {
      if (exited) return
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGTERM')
      await done
    },
  }
}
