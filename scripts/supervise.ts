// Runs services as child processes and keeps them running: one that crashes is reported and restarted on its
// own, while the others go on. `npm start` (scripts/start.ts) runs each local service this way.
import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

export interface ServiceSpec {
  /** Shown before each line of its output and in reports. */
  name: string
  command: string
  args: readonly string[]
  env?: Record<string, string>
  /** A line of its stdout that says it is ready; the first group, when there is one, is its URL. */
  ready: RegExp
  /** How long it may take to become ready. Default 60 s. */
  readyTimeoutMs?: number
}

export interface SupervisorOptions {
  /** Where reports and the children's prefixed output go. Default: the console. */
  log?: (line: string) => void
  /** The first restart waits this long, doubling up to 10 s; a run of 30 s resets it. Default 1 s. */
  restartDelayMs?: number
  /** Crashes within a minute after which a service is given up. Default 5. */
  maxCrashes?: number
}

export interface Service {
  readonly name: string
  /** What its ready line named (its URL), or the line itself. */
  readonly url: string
  /** The running process's id (it changes on a restart). */
  readonly pid: number | undefined
  /** How many times it was restarted after a crash. */
  readonly restarts: number
}

export interface Supervisor {
  /** Starts a service and resolves once its ready line is seen; rejects if it exits or times out first. */
  start(spec: ServiceSpec): Promise<Service>
  /**
   * Stops every service, the last started first (the demo before the server before the chains it reads), each with
   * SIGTERM and SIGKILL after 10 s; resolves when they are gone.
   */
  stop(): Promise<void>
}

const LIFETIME_RESETS_BACKOFF_MS = 30_000

/**
 * A supervisor of child processes.
 *
 * @example
 * const supervisor = createSupervisor()
 * const relay = await supervisor.start({ name: 'relay', command: 'node', args: ['relay.js'], ready: /relay: (\S+)/ })
 * // … Ctrl-C:
 * await supervisor.stop()
 */
export function createSupervisor(options: SupervisorOptions = {}): Supervisor {
  const log = options.log ?? ((line: string) => console.log(line))
  const firstDelay = options.restartDelayMs ?? 1000
  const maxCrashes = options.maxCrashes ?? 5
  const running = new Set<ChildProcess>()
  const timers = new Set<NodeJS.Timeout>()
  let stopping = false

  function start(spec: ServiceSpec): Promise<Service> {
    const state = { name: spec.name, url: '', pid: undefined as number | undefined, restarts: 0 }
    const crashes: number[] = []
    let delay = firstDelay

    /** One run of the process; resolves when its ready line is seen. */
    const launch = (first: boolean) =>
      new Promise<void>((resolve, reject) => {
        const startedAt = Date.now()
        const child = spawn(spec.command, [...spec.args], {
          env: { ...process.env, ...spec.env },
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        running.add(child)
        state.pid = child.pid
        let ready = false
        const timeout = setTimeout(() => {
          if (ready) return
          log(`${spec.name} did not become ready in ${(spec.readyTimeoutMs ?? 60_000) / 1000} s; stopping it`)
          child.kill('SIGKILL')
        }, spec.readyTimeoutMs ?? 60_000)
        timers.add(timeout)
        for (const stream of [child.stdout!, child.stderr!])
          createInterface({ input: stream }).on('line', (line) => {
            log(`[${spec.name}] ${line}`)
            if (ready || stream !== child.stdout) return
            const match = spec.ready.exec(line)
            if (!match) return
            ready = true
            clearTimeout(timeout)
            state.url = match[1] ?? line
            resolve()
          })
        child.once('error', (error) => log(`${spec.name} could not start: ${error.message}`))
        child.once('exit', (code, signal) => {
          running.delete(child)
          clearTimeout(timeout)
          if (stopping) return
          const why = `${spec.name} exited (code ${code}, signal ${signal})`
          if (!ready && first) {
            reject(new Error(`${why} before it was ready`))
            return
          }
          const now = Date.now()
          if (now - startedAt > LIFETIME_RESETS_BACKOFF_MS) delay = firstDelay
          crashes.push(now)
          while (crashes.length && crashes[0]! < now - 60_000) crashes.shift()
          if (crashes.length >= maxCrashes) {
            log(
              `${why}; it crashed ${crashes.length} times in a minute, so it stays down (see its output above)`,
            )
            return
          }
          log(`${why}; restarting in ${delay / 1000} s`)
          const timer = setTimeout(() => {
            timers.delete(timer)
            if (stopping) return
            state.restarts++
            launch(false).then(
              () => log(`${spec.name} is back (${state.url})`),
              () => undefined,
            )
          }, delay)
          timers.add(timer)
          delay = Math.min(delay * 2, 10_000)
        })
      })

    return launch(true).then(() => state)
  }

  return {
    start,
    async stop() {
      stopping = true
      for (const timer of timers) clearTimeout(timer)
      for (const child of [...running].reverse())
        await new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve()
          const kill = setTimeout(() => child.kill('SIGKILL'), 10_000)
          child.once('exit', () => {
            clearTimeout(kill)
            resolve()
          })
          child.kill('SIGTERM')
        })
    },
  }
}
