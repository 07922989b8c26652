import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { freePort } from '../packages/relay/test/relayProcess.ts'
import { createSupervisor, type ServiceSpec, type Supervisor } from './supervise.ts'

const supervisors: Supervisor[] = []
const directories: string[] = []
afterEach(async () => {
  await Promise.all(supervisors.splice(0).map((supervisor) => supervisor.stop()))
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true })
})

/** A Node child that prints `ready http://<name>` then runs `after` (JavaScript). */
const child = (name: string, after = 'setInterval(() => {}, 1000)'): ServiceSpec => ({
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
const alive = (pid: number | undefined) => {
  try {
    process.kill(pid!, 0)
    return true
  } catch {
    return false
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
  expect(lines).toContain('[flaky] ready http://flaky')
  expect(lines).toContain('flaky exited (code 3, signal null); restarting in 0.05 s')
  expect(lines).toContain('flaky is back (http://flaky)')
  expect(steady.pid).toBe(steadyPid)
  expect(alive(steadyPid)).toBe(true)
}, 20_000)

test('a service killed outright takes what it started with it, so its restart gets the same port', async () => {
  const port = await freePort()
  const marker = join(mkdtempSync(join(tmpdir(), 'latch-supervise-')), 'crashed')
  directories.push(marker.replace(/\/crashed$/, ''))
  // Like the devnet and its anvil: a grandchild holds the port. The first run is then killed with SIGKILL, which
  // gives it no chance to stop the grandchild.
  const holder = `require('node:net').createServer().listen(${port}, '127.0.0.1', () => console.log('listening'))`
  const devnet = `
    const fs = require('node:fs')
    const held = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(holder)}])
    held.on('exit', (code) => { console.log('port ${port} taken'); process.exit(code ?? 1) })
    held.stdout.once('data', () => {
      console.log('ready http://127.0.0.1:${port}')
      if (fs.existsSync(${JSON.stringify(marker)})) return
      fs.writeFileSync(${JSON.stringify(marker)}, '')
      process.kill(process.pid, 'SIGKILL')
    })`
  const { supervisor: s, lines } = supervisor()
  const chain = await s.start({
    name: 'chain',
    command: process.execPath,
    args: ['-e', devnet],
    ready: /^ready (\S+)/,
  })
  await waitFor(() => lines.some((line) => / is back | stays down/.test(line)))
  expect(lines).toContain('chain exited (code null, signal SIGKILL); restarting in 0.05 s')
  expect(lines).not.toContain(`[chain] port ${port} taken`)
  expect(lines).toContain(`chain is back (http://127.0.0.1:${port})`)
  expect(chain.restarts).toBe(1)
  const answers = await new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => resolve(true)).on('error', () => resolve(false))
    socket.unref()
  })
  expect(answers).toBe(true)
}, 20_000)

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
  await expect(
    s.start({ name: 'missing', command: 'latch-no-such-command', args: [], ready: /never/ }),
  ).rejects.toThrow('missing could not be started (spawn latch-no-such-command ENOENT) before it was ready')
}, 20_000)

test('a service slow to say it is ready is reported, and still waited for', async () => {
  const { supervisor: s, lines } = supervisor()
  const slow = await s.start({
    ...child('slow'),
    args: ['-e', "setTimeout(() => console.log('ready http://slow'), 400); setInterval(() => {}, 1000)"],
    readyTimeoutMs: 100,
  })
  expect(slow.url).toBe('http://slow')
  expect(lines).toEqual([
    'slow has not said it is ready after 0.1 s (its output is above); still waiting',
    '[slow] ready http://slow',
  ])
}, 20_000)

test('stop() ends every service, the last started first, and restarts nothing', async () => {
  const { supervisor: s, lines } = supervisor()
  // Its SIGTERM handler comes before its ready line, so a stop right after that line finds it.
  const stopping = (name: string): ServiceSpec => ({
    ...child(name),
    args: [
      '-e',
      `process.on('SIGTERM', () => { console.log('${name} stopping'); process.exit(0) })
      console.log('ready http://${name}'); setInterval(() => {}, 1000)`,
    ],
  })
  const first = await s.start(stopping('first'))
  const second = await s.start(stopping('second'))
  await s.stop()
  expect([alive(first.pid), alive(second.pid)]).toEqual([false, false])
  expect(lines.filter((line) => line.endsWith('stopping'))).toEqual([
    '[second] second stopping',
    '[first] first stopping',
  ])
  expect(lines.some((line) => line.includes('exited'))).toBe(false)
  await expect(s.start(child('late'))).rejects.toThrow('late was not started: stopping')
}, 20_000)
