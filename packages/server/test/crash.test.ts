// kill -9 during an import and during analytics ingestion: after a restart, what was acknowledged is there and
// nothing half-written is visible.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, expect, test } from 'vitest'
import { syntheticSnapshot } from '../src/directory/synthetic.ts'
import { openStorage } from '../src/storage/openStorage.ts'
import { events } from '../src/storage/schema.ts'

const temp = mkdtempSync(join(tmpdir(), 'latch-crash-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

/** Runs a TypeScript file of test/support in a child Node (through tsx) and reads its stdout line by line. */
function child(
  script: string,
  args: string[],
): { process: ChildProcess; line: (match: RegExp) => Promise<string> } {
  const path = fileURLToPath(new URL(`./support/${script}`, import.meta.url))
  const proc = spawn(process.execPath, ['--import', 'tsx', path, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  proc.stderr!.on('data', (chunk) => {
    stderr += chunk
  })
  const lines = createInterface({ input: proc.stdout! })
  const waiting: { match: RegExp; resolve: (line: string) => void }[] = []
  lines.on('line', (line) => {
    const index = waiting.findIndex((entry) => entry.match.test(line))
    if (index >= 0) waiting.splice(index, 1)[0]!.resolve(line)
  })
  const exited = new Promise<never>((_, reject) =>
    proc.once('exit', (code, signal) => reject(new Error(`${script} exited (${code ?? signal}): ${stderr}`))),
  )
  exited.catch(() => {})
  return {
    process: proc,
    line: (match) =>
      Promise.race([new Promise<string>((resolve) => waiting.push({ match, resolve })), exited]),
  }
}

function killed(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    proc.once('exit', () => resolve())
    proc.kill('SIGKILL')
  })
}

test('kill -9 in the middle of an import leaves the previous directory, whole', async () => {
  const dataDir = join(temp, 'import')
  const before = syntheticSnapshot(300, 1)
  const storage = await openStorage({ dataDir })
  await storage.replaceDirectory(before)
  const listed = await storage.listWallets({ page: 1, entries: 100 })
  await storage.close()

  const importing = child('importChild.ts', [dataDir, '5000'])
  // The first batch of the new directory is written, not committed.
  expect(await importing.line(/^progress /)).not.toMatch(/^progress (\d+)\/\1$/)
  await killed(importing.process)

  const reopened = await openStorage({ dataDir })
  try {
    expect(await reopened.countWallets()).toBe(before.wallets.length)
    expect(await reopened.listWallets({ page: 1, entries: 100 })).toEqual(listed)
    const last = before.images.at(-1)!
    expect(await reopened.getImage(last.kind, last.id)).toMatchObject({ contentType: last.contentType })
    const incoming = syntheticSnapshot(5000, 2).wallets.find(
      (record) => !before.wallets.some((old) => old.id === record.id),
    )!
    expect(await reopened.listWallets({ page: 1, entries: 1, include: [incoming.id] })).toEqual({
      count: 0,
      data: [],
    })
  } finally {
    await reopened.close()
  }
})

test('kill -9 while analytics are posted: every acknowledged event is stored, no batch is partial', async () => {
  const dataDir = join(temp, 'analytics')
  const server = child('serveChild.ts', [dataDir])
  const url = (await server.line(/^url /)).slice(4)

  const batchSize = 10
  const sent: string[][] = []
  const acknowledged: string[][] = []
  let stop = false
  async function poster() {
    while (!stop) {
      const batch = Array.from({ length: batchSize }, () => randomUUID())
      sent.push(batch)
      try {
        const response = await fetch(`${url}/e?projectId=latch-demo&st=latch&sv=test`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify(
            batch.map((eventId) => ({
              eventId,
              url: 'http://localhost:5173/',
              domain: 'localhost',
              timestamp: Date.now(),
              props: { type: 'track', event: 'MODAL_OPEN' },
            })),
          ),
        })
        if (response.status === 202) acknowledged.push(batch)
        else throw new Error(`status ${response.status}`)
      } catch {
        return
      }
    }
  }
  const posters = Array.from({ length: 4 }, poster)
  await expect.poll(() => acknowledged.length, { timeout: 20_000, interval: 5 }).toBeGreaterThanOrEqual(40)
  await killed(server.process)
  stop = true
  await Promise.all(posters)

  const client = await PGlite.create({ dataDir })
  try {
    const rows = await drizzle({ client }).select({ eventId: events.eventId }).from(events)
    const stored = new Set(rows.map((row) => row.eventId))
    for (const batch of acknowledged) expect(batch.every((eventId) => stored.has(eventId))).toBe(true)
    for (const batch of sent)
      expect([0, batchSize]).toContain(batch.filter((eventId) => stored.has(eventId)).length)
    expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length * batchSize)
  } finally {
    await client.close()
  }
})
