// Pimlico's alto, the real ERC-4337 bundler, against a devnet chain. alto has no host flag and listens on
// 0.0.0.0: its port must never be exposed beyond this machine; browsers and apps reach it through the Latch server's
// /v1/bundler/<chainId> proxy.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { parseEther } from 'viem'
import { killOnExit } from '../children.ts'
import { erc4337Addresses } from './canonical.ts'
import { bundlerExecutor, bundlerExecutorKey, bundlerUtility, bundlerUtilityKey } from './keys.ts'
import { devnetRpc } from './rpc.ts'

export interface StartBundlerParameters {
  /** The chain's RPC URL; the ERC-4337 contracts must be deployed there. */
  rpcUrl: string
  /** 0 or undefined picks a free port. */
  port?: number
}

export interface BundlerInstance {
  /** http://127.0.0.1:<port>: for this machine only (see the file's header). */
  url: string
  port: number
  /** Stops alto; resolves once the process has exited. */
  stop(): Promise<void>
}

/** alto exited or did not become ready; the message carries the tail of its output. */
export class BundlerStartError extends Error {
  override name = 'BundlerStartError'
}

/** alto (a large Node program) starts in 2–5 s; a machine busy with the unit suite once took over 20. */
const readyTimeoutMs = 60_000
const readyPollMs = 50
const stopGraceMs = 3_000
const outputTailLength = 4_000
/**
 * alto watches for its bundles (and waits for its start-up deploys) by polling at a quarter of the chain's block
 * time, 1 s by default. anvil mines on demand, so a short one frees an account for its next user operation sooner
 * (measured: consecutive operations from one account ~0.19 s each instead of ~0.26 s).
 */
const devnetBlockTimeMs = 200

/**
 * alto's real entry point, from its package's `bin`: spawning it with this Node makes the PID we stop the bundler
 * itself, where `npx alto` or a `.bin` wrapper would leave it running.
 */
function resolveAltoEntry(): string {
  const require = createRequire(import.meta.url)
  let directory: string
  try {
    // Its `exports` hides package.json, so find the package root from its main module.
    directory = dirname(require.resolve('@pimlico/alto'))
  } catch (cause) {
    throw new BundlerStartError('@pimlico/alto is not installed (a devDependency of @latch/devnet)', {
      cause,
    })
  }
  while (!existsSync(join(directory, 'package.json')) || !isAltoManifest(join(directory, 'package.json'))) {
    const parent = dirname(directory)
    if (parent === directory) throw new BundlerStartError('Cannot find @pimlico/alto’s package.json')
    directory = parent
  }
  const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as {
    bin?: string | Record<string, string>
  }
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.alto
  if (!bin) throw new BundlerStartError('@pimlico/alto’s package.json names no `alto` bin')
  return join(directory, bin)
}

function isAltoManifest(path: string): boolean {
  return (JSON.parse(readFileSync(path, 'utf8')) as { name?: string }).name === '@pimlico/alto'
}

/**
 * Binds `port` on `host` and releases it, answering the port bound: 0 picks a free one on loopback, as the brief
 * moment before alto binds it allows; a given port is checked where alto will bind it (0.0.0.0), so a port in use
 * fails here instead of a stranger answering our readiness check.
 */
function probePort(port: number): Promise<number> {
  const host = port === 0 ? '127.0.0.1' : '0.0.0.0'
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BundlerStartError(
          error.code === 'EADDRINUSE' ? `Port ${port} is in use` : `Cannot bind ${host}:${port}`,
          { cause: error },
        ),
      ),
    )
    server.listen(port, host, () => {
      const address = server.address()
      const bound = typeof address === 'object' && address ? address.port : port
      server.close((error) => (error ? reject(error) : resolve(bound)))
    })
  })
}

/** alto reads ALTO_* variables as flags (yargs) and SENTRY_DSN / .env files: none may change a devnet bundler. */
function altoEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env))
    if (!name.startsWith('ALTO_') && name !== 'SENTRY_DSN' && name !== 'DOTENV_CONFIG_PATH') env[name] = value
  return env
}

/**
 * Starts `@pimlico/alto` for EntryPoints v0.7 and v0.8 on a devnet chain where {@link deployErc4337Contracts} has
 * run (its executor and utility accounts are funded first), and resolves once it answers
 * `eth_supportedEntryPoints`. One per chain: every devnet bundler sends from the same executor account.
 *
 * @example
 * const bundler = await startBundler({ rpcUrl: 'http://127.0.0.1:8545', port: 0 })
 * const bundlerClient = createBundlerClient({ client: publicClient, transport: http(bundler.url) })
 * await bundler.stop()
 */
export async function startBundler(parameters: StartBundlerParameters): Promise<BundlerInstance> {
  const { rpcUrl } = parameters
  const entry = resolveAltoEntry()
  const rpc = devnetRpc(rpcUrl)
  const [port] = await Promise.all([
    probePort(parameters.port ?? 0),
    rpc.setBalance({ address: bundlerExecutor, value: parseEther('10000') }),
    rpc.setBalance({ address: bundlerUtility, value: parseEther('10000') }),
  ])

  const flags = {
    entrypoints: `${erc4337Addresses.entryPoint07},${erc4337Addresses.entryPoint08}`,
    'executor-private-keys': bundlerExecutorKey,
    'utility-private-key': bundlerUtilityKey,
    'rpc-url': rpcUrl,
    port: String(port),
    // Safe mode needs the debug tracer anvil does not have.
    'safe-mode': 'false',
    'log-level': 'warn',
    // anvil caps one transaction at 16,777,216 gas; alto's default bundle (20,000,000) would exceed it.
    'max-gas-per-bundle': '16000000',
    'block-time': String(devnetBlockTimeMs),
  }
  const child = spawn(
    process.execPath,
    [entry, ...Object.entries(flags).flatMap(([k, v]) => [`--${k}`, v])],
    {
      cwd: dirname(entry),
      env: altoEnvironment(),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  killOnExit(child)

  let output = ''
  const record = (chunk: string) => {
    output = (output + chunk).slice(-outputTailLength)
  }
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8')
    // Kept draining after start-up so the pipe never fills and blocks alto.
    stream?.on('data', record)
    stream?.on('error', (error) => record(`\n[reading alto's output failed: ${error.message}]\n`))
  }

  let exited = false
  const exitPromise = new Promise<void>((resolve) => {
    const markExited = () => {
      exited = true
      resolve()
    }
    child.once('exit', markExited)
    // A process that cannot be spawned emits only 'error', never 'exit'; a failed kill emits one too, later.
    child.on('error', (error) => {
      record(`\n[alto's process: ${error.message}]\n`)
      if (child.pid === undefined) markExited()
    })
  })
  const stop = async (): Promise<void> => {
    if (exited) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), stopGraceMs)
    await exitPromise
    clearTimeout(timer)
  }

  const url = `http://127.0.0.1:${port}`
  return new Promise<BundlerInstance>((resolve, reject) => {
    let settled = false
    const fail = (reason: string) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void stop().then(() => {
        const tail = output.trim()
        reject(new BundlerStartError(`alto (${rpcUrl}, port ${port}) ${reason}${tail ? `:\n${tail}` : ''}`))
      })
    }
    const timer = setTimeout(() => fail(`was not ready within ${readyTimeoutMs / 1000} s`), readyTimeoutMs)
    child.once('error', (error) => fail(`could not be started (${error.message})`))
    child.once('exit', (code, signal) => fail(`exited early with ${signal ?? `code ${code}`}`))

    waitForEntryPoints(url, () => settled).then(
      () => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        resolve({ url, port, stop })
      },
      (error: Error) => fail(error.message),
    )
  })
}

async function waitForEntryPoints(url: string, cancelled: () => boolean): Promise<void> {
  while (!cancelled()) {
    let body: { result?: unknown } | undefined
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
      })
      body = (await response.json()) as { result?: unknown }
    } catch {
      // Not listening yet; poll again.
    }
    if (Array.isArray(body?.result)) {
      const answered = (body.result as string[]).map((a) => a.toLowerCase())
      const missing = [erc4337Addresses.entryPoint07, erc4337Addresses.entryPoint08].filter(
        (a) => !answered.includes(a.toLowerCase()),
      )
      if (missing.length > 0)
        throw new BundlerStartError(`answered without EntryPoints ${missing.join(', ')}`)
      return
    }
    await new Promise((r) => setTimeout(r, readyPollMs))
  }
}
