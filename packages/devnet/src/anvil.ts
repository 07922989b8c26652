import { spawn } from 'node:child_process'
import { resolveAnvilBinary } from './anvilBinary.ts'
import { killOnExit } from './children.ts'

export interface StartAnvilParameters {
  chainId: number
  /** 0 or undefined picks a free port. */
  port?: number
  /** Defaults to 127.0.0.1. */
  host?: string
}

export interface AnvilInstance {
  chainId: number
  rpcUrl: string
  port: number
  /** Kills anvil; resolves once the process has exited. */
  stop(): Promise<void>
}

/** anvil exited or did not become ready; the message carries its stderr. */
export class AnvilStartError extends Error {
  override name = 'AnvilStartError'
}

const readyTimeoutMs = 15_000
const stopGraceMs = 3_000
const outputTailLength = 4_000

/**
 * Starts a local anvil chain and resolves once it answers `eth_chainId` with the requested id.
 *
 * @example
 * const anvil = await startAnvil({ chainId: 31337, port: 0 })
 * console.log(anvil.rpcUrl) // http://127.0.0.1:41873
 * await anvil.stop()
 */
export function startAnvil(parameters: StartAnvilParameters): Promise<AnvilInstance> {
  const { chainId, port = 0, host = '127.0.0.1' } = parameters
  const child = spawn(
    resolveAnvilBinary(),
    ['--chain-id', String(chainId), '--port', String(port), '--host', host],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  killOnExit(child)

  let stdout = ''
  let stderr = ''
  let exited = false
  const exitPromise = new Promise<void>((resolve) => {
    const markExited = () => {
      exited = true
      resolve()
    }
    child.once('exit', markExited)
    // A binary that cannot be spawned emits only 'error', never 'exit'.
    child.once('error', () => {
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

  return new Promise<AnvilInstance>((resolve, reject) => {
    let settled = false
    const fail = (reason: string) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      const output = stderr.trim() || stdout.trim().slice(-outputTailLength)
      void stop().then(() =>
        reject(new AnvilStartError(`anvil (chain ${chainId}) ${reason}${output ? `:\n${output}` : ''}`)),
      )
    }
    const timer = setTimeout(() => fail(`was not ready within ${readyTimeoutMs / 1000} s`), readyTimeoutMs)

    child.once('error', (error) => fail(`could not be started (${error.message})`))
    child.once('exit', (code, signal) => fail(`exited early with ${signal ?? `code ${code}`}`))
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-outputTailLength)
    })

    let listening = false
    child.stdout?.setEncoding('utf8')
    // Keep draining stdout after start-up (anvil logs every RPC call) so the pipe never fills.
    child.stdout?.on('data', (chunk: string) => {
      if (listening) return
      stdout += chunk
      const match = /Listening on (\S+):(\d+)/.exec(stdout)
      if (!match) return
      listening = true
      const boundPort = Number(match[2])
      const rpcUrl = `http://${urlHost(host)}:${boundPort}`
      waitForChainId(rpcUrl, chainId, () => settled).then(
        () => {
          if (settled) return
          settled = true
          clearTimeout(timer)
          resolve({ chainId, rpcUrl, port: boundPort, stop })
        },
        (error: Error) => fail(error.message),
      )
    })
  })
}

/** The host to put in the RPC URL: a wildcard bind is reached over loopback; IPv6 needs brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1'
  if (host === '::') return '[::1]'
  return host.includes(':') ? `[${host}]` : host
}

async function waitForChainId(rpcUrl: string, chainId: number, cancelled: () => boolean): Promise<void> {
  while (!cancelled()) {
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      const body = (await response.json()) as { result?: string }
      if (body.result !== undefined) {
        if (Number(body.result) !== chainId) {
          throw new AnvilStartError(`answered on ${rpcUrl} with chain id ${Number(body.result)}`)
        }
        return
      }
    } catch (error) {
      if (error instanceof AnvilStartError) throw error
      // Not accepting connections yet; poll again.
    }
    await new Promise((r) => setTimeout(r, 50))
  }
}
