import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { expect, test } from 'vitest'

const preload = import.meta.resolve('./stopWithParent.mjs')

test('a service stops itself once the process that started it is killed outright', async () => {
  const service = `process.on('SIGTERM', () => { console.log('stopping'); process.exit(0) }); setInterval(() => {}, 1000)`
  // npm start's stand-in: starts the service in its own process group, as scripts/supervise.ts does.
  const parent = spawn(
    process.execPath,
    [
      '-e',
      `const service = require('node:child_process').spawn(process.execPath, ['--import', ${JSON.stringify(preload)}, '-e', ${JSON.stringify(service)}], { detached: true, stdio: ['ignore', 'inherit', 'inherit'] })
      console.log(service.pid)
      setInterval(() => {}, 1000)`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  // The service writes to the same pipe, and keeps it open after the parent is gone.
  const lines = createInterface({ input: parent.stdout! })[Symbol.asyncIterator]()
  const pid = Number((await lines.next()).value)
  const alive = () => {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
  // Its watch leaves it alone while the parent lives.
  await new Promise((resolve) => setTimeout(resolve, 1500))
  expect(alive()).toBe(true)

  parent.kill('SIGKILL')
  try {
    expect((await lines.next()).value).toBe('stopping')
    while (alive()) await new Promise((resolve) => setTimeout(resolve, 20))
  } finally {
    if (alive()) process.kill(pid, 'SIGKILL')
  }
}, 20_000)
