import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { codeOf, startMailCatcher } from '@latch/devnet'
import { afterAll, expect, test } from 'vitest'
import { wallet } from '../test/support/fixtures.ts'
import { fakeFrameBuild } from '../test/support/frameAssets.ts'
import { createTestDatabase } from '../test/support/postgres.ts'
import { devnetBlockchainConfig } from './chains/defaults.ts'
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

test('in production no demo project is made, and a project admitting every local port stops the start', async () => {
  const fresh = await startServer({ port: 0, dataDir: 'memory', production: true, index: false })
  try {
    expect(await fresh.storage.getProject('latch-demo')).toBeUndefined()
    expect((await fresh.storage.countWallets()) > 0).toBe(true)
  } finally {
    await fresh.close()
  }
  // A database a development start left its demo project in.
  const dataDir = join(temp, 'production')
  await (await startServer({ port: 0, dataDir, index: false })).close()
  await expect(startServer({ port: 0, dataDir, production: true, index: false })).rejects.toThrow(
    'Project latch-demo admits http://localhost:*, every local app: not when NODE_ENV is production (latch-server projects add latch-demo --origins <its origins>)',
  )
  const storage = await openStorage({ dataDir })
  await storage.upsertProject({ ...defaultProject, allowedOrigins: ['https://demo.example'] })
  await storage.close()
  const named = await startServer({ port: 0, dataDir, production: true, index: false })
  await named.close()
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

test('gives the frame each chain’s publicRpcUrl, never the rpcUrl it reads with; a chain without one is not served', async () => {
  const assets = fakeFrameBuild()
  const blockchain = devnetBlockchainConfig({
    rpcA: 'http://127.0.0.1:1/?key=secret',
    rpcB: 'http://127.0.0.1:2/',
  })
  delete blockchain.chains[0]!.publicRpcUrl
  const server = await startServer({
    port: 0,
    dataDir: 'memory',
    index: false,
    blockchain,
    frame: { port: 0, frameAssets: assets },
  })
  try {
    const page = await fetch(
      `${server.frame?.url}/frame?projectId=latch-demo&parent=http%3A%2F%2Flocalhost%3A5173`,
    )
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).not.toContain('secret')
    expect(html).toContain('http://127.0.0.1:2/')
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self' http://127.0.0.1:2;")
  } finally {
    await server.close()
    rmSync(assets, { recursive: true, force: true })
  }
})

test('serves the frame’s origin on a listener of its own, mailing codes through SMTP_URL, and closes it', async () => {
  const catcher = await startMailCatcher({ port: 0 })
  const server = await startServer({
    port: 0,
    dataDir: 'memory',
    index: false,
    frame: { port: 0, smtpUrl: catcher.url },
  })
  try {
    const frame = server.frame
    if (!frame) throw new Error('no frame')
    expect(new URL(frame.url).port).not.toBe(new URL(server.url).port)
    const device = randomBytes(32).toString('base64url')
    const started = await fetch(`${frame.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'frame@example.com', device }),
    })
    expect(started.status).toBe(200)
    expect(codeOf(await catcher.waitFor('frame@example.com', { since: new Date(0) }))).toMatch(/^\d{6}$/)
    // The public API's listener does not serve the login, nor the frame's the public API.
    expect((await fetch(`${server.url}/v1/auth/session`)).status).toBe(404)
    expect((await fetch(`${frame.url}/getWallets`)).status).toBe(404)
  } finally {
    await server.close()
    await catcher.close()
  }
  await expect(fetch(`${server.frame?.url}/health`)).rejects.toThrow()
})
