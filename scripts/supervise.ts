// Runs services as child processes and keeps them running: one that crashes is reported and restarted on its
// own, while the others go on. `npm start` (scripts/start.ts) runs each local service this way.
import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

/** One service: a command that prints a line when it is ready. */
export interface ServiceSpec {
  /** Shown before each line of its output and in reports. */
  name: string
  command: string
  args: readonly string[]
  /** Added to this process's environment. */
  env?: Record<string, string>
  /** A line of its stdout that says it is ready; the first group, when there is one, is its URL. */
  ready: RegExp
  /** After this long without its ready line it is reported (and still waited for). Default 60 s. */
  readyTimeoutMs?: number
}

export interface SupervisorOptions {
  /** Where reports and the children's prefixed output go. Default: the console. */
  log?: (line: string) => void
  /** The first restart waits this long, doubling up to 10 s; a run of 30 s resets it. Default 1 s. */
  restartDelayMs?: number
  /** Crashes within a minute after which a service is given up. Default 5. */
  maxCrashes?: number
  /** How long a service may take to stop before it is killed. Default 10 s. */
  stopTimeoutMs?: number
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
  /**
   * Starts a service and resolves once its ready line is seen; rejects if it exits (or cannot be spawned)
   * first. After that, an exit is a crash: reported, and restarted with backoff.
   */
  start(spec: ServiceSpec): Promise<Service>
  /**
   * Stops every service, the last started first (the demo before the server before the chains it reads), each
   * with SIGTERM and SIGKILL after `stopTimeoutMs`; resolves when they are gone. From the call on, an exit is
   * no crash and nothing is restarted.
   */
  stop(): Promise<void>
}

const RUN_THAT_RESETS_BACKOFF_MS = 30_000
const MAX_RESTART_DELAY_MS = 10_000
const CRASH_WINDOW_MS = 60_000

// On POSIX each service leads its own process group, so what it started itself (anvil, esbuild) ends with it:
// an anvil left behind by a killed devnet would hold the chain's port and the restarted devnet could not bind
// it. Windows has no process groups; there the child alone is signalled.
const ownGroups = process.platform !== 'win32'

/** Signals `child` (or its whole group); a process already gone is no error. */
function signal(child: ChildProcess, name: NodeJS.Signals, group = false): void {
  try {
    if (group && ownGroups && child.pid !== undefined) process.kill(-child.pid, name)
    else child.kill(name)
  } catch {
    // Nothing left to signal.
  }
}

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
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000
  /** The current process of each service, in the order they were started. */
  const children = new Map<string, ChildProcess>()
  const timers = new Set<NodeJS.Timeout>()
  let stopping = false

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      run()
    }, ms)
    timers.add(timer)
    return timer
  }
  const cancel = (timer: NodeJS.Timeout) => {
    clearTimeout(timer)
    timers.delete(timer)
  }

  function start(spec: ServiceSpec): Promise<Service> {
    if (stopping) return Promise.reject(new Error(`${spec.name} was not started: stopping`))
    if (children.has(spec.name)) return Promise.reject(new Error(`${spec.name} is already running`))
    const state = { name: spec.name, url: '', pid: undefined as number | undefined, restarts: 0 }
    const crashes: number[] = []
    let delay = firstDelay

    /** One run of the process; resolves when its ready line is seen, rejects if the first run ends before. */
    const launch = (first: boolean) =>
      new Promise<void>((resolve, reject) => {
        const startedAt = Date.now()
        const child = spawn(spec.command, [...spec.args], {
          env: { ...process.env, ...spec.env },
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: ownGroups,
        })
        children.set(spec.name, child)
        state.pid = child.pid
        let ready = false
        let ended = false
        const readyTimeoutMs = spec.readyTimeoutMs ?? 60_000
        // Reported, not killed: on a busy machine a slow start is still a start.
        const notReady = later(readyTimeoutMs, () =>
          log(
            `${spec.name} has not said it is ready after ${readyTimeoutMs / 1000} s (its output is above); still waiting`,
          ),
        )
        for (const stream of [child.stdout!, child.stderr!])
          createInterface({ input: stream }).on('line', (line) => {
            log(`[${spec.name}] ${line}`)
            if (ready || stream !== child.stdout) return
            const match = spec.ready.exec(line)
            if (!match) return
            ready = true
            cancel(notReady)
            state.url = match[1] ?? line
            resolve()
          })

        const end = (why: string) => {
          if (ended) return
          ended = true
          cancel(notReady)
          // Whatever it started and left behind goes with it.
          signal(child, 'SIGKILL', true)
          if (stopping) return
          if (!ready && first) {
            children.delete(spec.name)
            reject(new Error(`${why} before it was ready`))
            return
          }
          const now = Date.now()
          if (now - startedAt > RUN_THAT_RESETS_BACKOFF_MS) delay = firstDelay
          crashes.push(now)
          while (crashes.length > 0 && crashes[0]! < now - CRASH_WINDOW_MS) crashes.shift()
          if (crashes.length >= maxCrashes) {
            log(
              `${why}; it crashed ${crashes.length} times in a minute, so it stays down (see its output above)`,
            )
            return
          }
          log(`${why}; restarting in ${delay / 1000} s`)
          later(delay, () => {
            if (stopping) return
            state.restarts++
            launch(false).then(
              () => log(`${spec.name} is back (${state.url})`),
              () => undefined,
            )
          })
          delay = Math.min(delay * 2, MAX_RESTART_DELAY_MS)
        }
        child.once('exit', (code, signalName) =>
          end(`${spec.name} exited (code ${code}, signal ${signalName})`),
        )
        // A command that cannot be spawned emits 'error' and never 'exit'.
        child.once('error', (error) => {
          if (child.pid === undefined) end(`${spec.name} could not be started (${error.message})`)
          else log(`${spec.name}: ${error.message}`)
        })
      })

    return launch(true).then(() => state)
  }

  /** SIGTERM, then SIGKILL for it and its group; resolves once it has exited and its output is read. */
  function stopChild(child: ChildProcess): Promise<void> {
    return new Promise((resolve) => {
      const exited = () => {
        cancel(kill)
        signal(child, 'SIGKILL', true)
        // Its last lines ("… stopped") come before 'close'; a grandchild holding the pipe must not hold us.
        if (child.stdout?.readableEnded !== false) return resolve()
        const waited = later(1000, resolve)
        child.stdout.once('close', () => {
          cancel(waited)
          resolve()
        })
      }
      const kill = later(stopTimeoutMs, () => signal(child, 'SIGKILL', true))
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return exited()
      child.once('exit', exited)
      signal(child, 'SIGTERM')
    })
  }

  return {
    start,
    async stop() {
      stopping = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      for (const child of [...children.values()].reverse()) await stopChild(child)
      children.clear()
    },
  }
}
