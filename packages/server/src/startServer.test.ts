import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { wallet } from '../test/support/fixtures.ts'
import { createTestDatabase } from '../test/support/postgres.ts'
import { defaultProject } from './defaults.ts'
import { defaultSnapshot } from './directory/snapshot.ts'
import { startServer } from './startServer.ts'
import { openStorage } from './storage/openStorage.ts'

const temp = mkdtempSync(join(tmpdir(), 'latch-start-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

test('a first start creates the demo project, imports the default dataset and listens', async () => {
  const server = await startServer({ port: 0, dataDir: 'memory' })
  try {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const page = await (await fetch(`${server.url}/getWallets?projectId=latch-demo&entries=100`)).json()
    expect(page.count).toBe((await defaultSnapshot()).wallets.length)
    expect(page.data[0].image_url).toMatch(new RegExp(`^${server.url}/getWalletImage/`))
    const config = await fetch(`${server.url}/getAnalyticsConfig?projectId=latch-demo`, {
      headers: { origin: 'http://localhost:5173' },
    })
    expect(await config.json()).toEqual({ isAnalyticsEnabled: true })
    expect(await server.storage.getProject('latch-demo')).toMatchObject(defaultProject)
  } finally {
    await server.close()
  }
  await expect(fetch(`${server.url}/health`)).rejects.toThrow()
})

test('a restart on a PGlite directory keeps its data and does not re-import or reset the project', async () => {
  const dataDir = join(temp, 'restart')
  const first = await startServer({ port: 0, dataDir })
  await first.storage.replaceDirectory({
    wallets: [wallet({ id: 'mine', name: 'Mine', order: 1 })],
    images: [],
  })
  await first.storage.upsertProject({ ...defaultProject, analyticsEnabled: false })
  // PGlite is one process's database: a second opener is refused while the first runs.
  await expect(openStorage({ dataDir })).rejects.toThrow(/in use by process/)
  await first.close()

  const second = await startServer({ port: 0, dataDir })
  try {
    expect(await second.storage.countWallets()).toBe(1)
    expect((await second.storage.getProject('latch-demo'))?.analyticsEnabled).toBe(false)
  } finally {
    await second.close()
  }
})

test('runs on PostgreSQL with databaseUrl', async () => {
  const server = await startServer({ port: 0, databaseUrl: await createTestDatabase() })
  try {
    expect(server.storage.driver).toBe('postgres')
    const response = await fetch(`${server.url}/health`)
    expect(await response.json()).toEqual({ status: 'ok' })
  } finally {
    await server.close()
  }
})
