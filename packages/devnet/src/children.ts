// The processes the devnet starts (anvil, alto) must not outlive the process that started them: each one is
// killed when this process exits, whichever way it exits.
import type { ChildProcess } from 'node:child_process'

const live = new Set<ChildProcess>()
let installed = false

/**
 * Kills `child` (SIGKILL) when this process exits, unless it has exited first.
 *
 * @example
 * killOnExit(spawn(resolveAnvilBinary(), ['--port', '0']))
 */
export function killOnExit(child: ChildProcess): void {
  live.add(child)
  child.once('exit', () => live.delete(child))
  if (installed) return
  installed = true
  process.once('exit', () => {
    for (const running of live) running.kill('SIGKILL')
  })
}
