import { afterEach, expect, test } from 'vitest'
import { createSupervisor, type Supervisor } from './supervise.ts'

const supervisors: Supervisor[] = []
afterEach(async () => {
  await Promise.all(supervisors.splice(0).map((supervisor) => supervisor.stop()))
})

/** A Node child that prints `ready <name>` then runs `after` (JavaScript). */
const child = (name: string, after = 'setInterval(() => {}, 1000)') => ({
  name,
  command: process.execPath,
  args: ['-e', `console.log('ready http://${name}'); ${after}`],
  ready: /^ready (\S+)/,
})

function supervisor(options: Parameters<typeof createSupervisor>[0] = {}) {
  const lines: string[] = []
  const created = createSupervisor({ log: (line) => lines.push(line), restartDelayMs: 50, ...options })
  supervisors.push(created)
  return { supervisor: created, lines }
}

const waitFor = async (check: () => boolean, ms = 10_000) => {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

test('a service that crashes is reported and restarted; its sibling runs on in the same process', async () => {
  const { supervisor: s, lines } = supervisor()
  const steady = await s.start(child('steady'))
  // Crashes 300 ms after each start.
  const flaky = await s.start(child('flaky', 'setTimeout(() => process.exit(3), 300)'))
  expect([steady.url, flaky.url]).toEqual(['http://steady', 'http://flaky'])
  const steadyPid = steady.pid
  await waitFor(() => flaky.restarts >= 2)
  expect(lines).toContain('flaky exited (code 3, signal null); restarting in 0.05 s')
  expect(lines).toContain('flaky is back (http://flaky)')
  expect(steady.pid).toBe(steadyPid)
  expect(() => process.kill(steadyPid!, 0)).not.toThrow()
})

test('a service that keeps crashing is given up with a message; one that never starts rejects', async () => {
  const { supervisor: s, lines } = supervisor({ maxCrashes: 3 })
  await s.start(child('doomed', 'process.exit(1)'))
  await waitFor(() => lines.some((line) => line.includes('stays down')))
  expect(lines.at(-1)).toBe(
    'doomed exited (code 1, signal null); it crashed 3 times in a minute, so it stays down (see its output above)',
  )
  await expect(
    s.start({ name: 'broken', command: process.execPath, args: ['-e', 'process.exit(2)'], ready: /never/ }),
  ).rejects.toThrow('broken exited (code 2, signal null) before it was ready')
})

test('stop() ends every service, the last started first, and restarts nothing', async () => {
  const { supervisor: s, lines } = supervisor()
  const first = await s.start(
    child(
      'first',
      "process.on('SIGTERM', () => { console.log('first stopping'); process.exit(0) }); setInterval(() => {}, 1000)",
    ),
  )
  const second = await s.start(
    child(
      'second',
      "process.on('SIGTERM', () => { console.log('second stopping'); process.exit(0) }); setInterval(() => {}, 1000)",
    ),
  )
  await s.stop()
  for (const pid of [first.pid, second.pid]) expect(() => process.kill(pid!, 0)).toThrow()
  const order = lines.filter((line) => line.endsWith('stopping'))
  expect(order).toEqual(['[second] second stopping', '[first] first stopping'])
  expect(lines.some((line) => line.includes('restarting'))).toBe(false)
})
