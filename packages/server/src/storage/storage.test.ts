import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { fixtureOrder, fixtureSnapshot, image, wallet } from '../../test/support/fixtures.ts'
import { memoryStorage } from '../../test/support/memoryStorage.ts'
import { createTestDatabase } from '../../test/support/postgres.ts'
import { openStorage } from './openStorage.ts'
import type { Storage } from './types.ts'

const backends = [
  ['PGlite', async () => memoryStorage()],
  ['PostgreSQL', async () => openStorage({ databaseUrl: await createTestDatabase() })],
] as const

describe.each(backends)('storage on %s', (_name, open) => {
  let storage: Storage
  beforeAll(async () => {
    storage = await open()
  })
  afterAll(() => storage.close())
  beforeEach(async () => {
    await storage.replaceDirectory(fixtureSnapshot)
  })

  const ids = async (parameters: Parameters<Storage['listWallets']>[0]) =>
    (await storage.listWallets(parameters)).data.map((record) => record.id)

  test('lists wallets by order, then name regardless of case, then id, a page at a time', async () => {
    expect(await ids({ page: 1, entries: 100 })).toEqual(fixtureOrder)
    const page2 = await storage.listWallets({ page: 2, entries: 3 })
    expect(page2.count).toBe(fixtureOrder.length)
    expect(page2.data.map((record) => record.id)).toEqual(fixtureOrder.slice(3, 6))
    expect(await ids({ page: 4, entries: 3 })).toEqual([])
  })

  test('returns the stored record as imported', async () => {
    const [alpha] = (await storage.listWallets({ page: 1, entries: 1 })).data
    expect(alpha).toEqual(fixtureSnapshot.wallets.find((record) => record.id === 'alpha'))
  })

  test('include keeps only those ids, exclude drops them, both combine with the other filters', async () => {
    expect(await ids({ page: 1, entries: 100, include: ['zeta-1', 'alpha', 'missing'] })).toEqual([
      'alpha',
      'zeta-1',
    ])
    expect(await ids({ page: 1, entries: 100, exclude: ['alpha', 'beta'] })).toEqual(fixtureOrder.slice(2))
    const both = await storage.listWallets({
      page: 1,
      entries: 100,
      include: ['alpha', 'gamma'],
      exclude: ['gamma'],
    })
    expect(both).toMatchObject({ count: 1, data: [{ id: 'alpha' }] })
  })

  test('search is a case-insensitive substring of the name or the rdns', async () => {
    expect(await ids({ page: 1, entries: 100, search: 'ALP' })).toEqual(['alpha'])
    expect(await ids({ page: 1, entries: 100, search: 'zeta.w' })).toEqual(['zeta-2'])
    expect(await ids({ page: 1, entries: 100, search: 'io.' })).toEqual(['alpha', 'zeta-2'])
  })

  test('search treats %, _ and \\ as themselves', async () => {
    expect(await ids({ page: 1, entries: 100, search: '100%' })).toEqual(['gamma'])
    expect(await ids({ page: 1, entries: 100, search: '%' })).toEqual(['gamma'])
    expect(await ids({ page: 1, entries: 100, search: 'a_x' })).toEqual(['delta-underscore'])
    expect(await ids({ page: 1, entries: 100, search: 'k\\s' })).toEqual(['slash'])
    expect(await ids({ page: 1, entries: 100, search: "'; drop table wallets; --" })).toEqual([])
    expect((await storage.listWallets({ page: 1, entries: 1 })).count).toBe(fixtureOrder.length)
  })

  test('chains match wallets supporting any of them; badge_type filters by badge', async () => {
    expect(await ids({ page: 1, entries: 100, chains: ['eip155:10'] })).toEqual(['alpha', 'delta-y'])
    expect(
      await ids({
        page: 1,
        entries: 100,
        chains: ['eip155:8453', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      }),
    ).toEqual(['beta', 'gamma'])
    expect(await ids({ page: 1, entries: 100, badgeType: 'certified' })).toEqual(['alpha', 'gamma'])
    expect((await storage.listWallets({ page: 1, entries: 100, badgeType: 'none' })).count).toBe(6)
  })

  test('images are stored with their content type and a sha-256 etag', async () => {
    const stored = await storage.getImage('currency', 'USD')
    expect(stored?.contentType).toBe('image/svg+xml')
    expect(new TextDecoder().decode(stored?.bytes)).toBe('<svg id="usd"/>')
    expect(stored?.etag).toMatch(/^[0-9a-f]{64}$/)
    // The kind is part of the key.
    expect(await storage.getImage('wallet', 'USD')).toBeUndefined()
  })

  test('replaceDirectory swaps the whole directory and tells the listeners', async () => {
    let told = 0
    const unsubscribe = storage.onDirectoryReplaced(() => told++)
    const result = await storage.replaceDirectory({
      wallets: [wallet({ id: 'only', name: 'Only', order: 1 })],
      images: [image('token', 'LPT', 'image/svg+xml', '<svg/>')],
    })
    unsubscribe()
    expect(result).toEqual({ wallets: 1, images: 1 })
    expect(told).toBe(1)
    expect(await ids({ page: 1, entries: 100 })).toEqual(['only'])
    expect(await storage.getImage('currency', 'USD')).toBeUndefined()
    expect(await storage.countWallets()).toBe(1)
  })

  test('a failing import changes nothing', async () => {
    const broken = {
      wallets: [
        ...fixtureSnapshot.wallets.slice(0, 3),
        wallet({ id: 'alpha', name: 'Alpha again', order: 9 }),
      ],
      images: [],
    }
    await expect(storage.replaceDirectory(broken)).rejects.toThrow()
    expect(await ids({ page: 1, entries: 100 })).toEqual(fixtureOrder)
    expect(await storage.getImage('token', 'ETH')).toBeDefined()
  })

  test('projects: upsert, create-if-missing, list, allowed origins', async () => {
    const first = {
      id: 'p-one',
      name: 'One',
      allowedOrigins: ['https://one.example'],
      analyticsEnabled: true,
    }
    expect(await storage.createProjectIfMissing(first)).toBe(true)
    expect(await storage.createProjectIfMissing({ ...first, name: 'Changed' })).toBe(false)
    expect((await storage.getProject('p-one'))?.name).toBe('One')
    const updated = await storage.upsertProject({
      ...first,
      allowedOrigins: ['http://localhost:*'],
      analyticsEnabled: false,
    })
    expect(updated).toMatchObject({
      id: 'p-one',
      allowedOrigins: ['http://localhost:*'],
      analyticsEnabled: false,
    })
    expect(updated.createdAt).toBeInstanceOf(Date)
    await storage.upsertProject({
      id: 'p-two',
      name: 'Two',
      allowedOrigins: ['https://*.two.example'],
      analyticsEnabled: true,
    })
    expect((await storage.listProjects()).map((project) => project.id)).toEqual(
      expect.arrayContaining(['p-one', 'p-two']),
    )
    expect(await storage.allowedOrigins()).toEqual(
      expect.arrayContaining(['http://localhost:*', 'https://*.two.example']),
    )
    expect(await storage.getProject('nobody')).toBeUndefined()
  })

  test('events: stored once per (project, eventId), summarised per project and event', async () => {
    await storage.upsertProject({ id: 'ev', name: 'Events', allowedOrigins: [], analyticsEnabled: true })
    const event = (eventId: string, name: string, at: number) => ({
      eventId,
      url: 'http://localhost:5173/',
      domain: 'localhost',
      eventAt: new Date(at),
      event: name,
      address: null,
      props: { name: 'Alpha', count: 1, ok: true, none: null },
    })
    expect(
      await storage.insertEvents('ev', [event('e-1', 'MODAL_OPEN', 1000), event('e-2', 'MODAL_CLOSE', 2000)]),
    ).toBe(2)
    expect(
      await storage.insertEvents('ev', [event('e-2', 'MODAL_CLOSE', 2000), event('e-3', 'MODAL_OPEN', 3000)]),
    ).toBe(1)
    expect(
      await storage.insertEvents('ev', [event('e-4', 'MODAL_OPEN', 4000), event('e-4', 'MODAL_OPEN', 4000)]),
    ).toBe(1)
    const summary = await storage.eventSummary('ev')
    expect(summary.total).toBe(4)
    expect(summary.byEvent).toEqual([
      { projectId: 'ev', event: 'MODAL_CLOSE', count: 1, firstAt: new Date(2000), lastAt: new Date(2000) },
      { projectId: 'ev', event: 'MODAL_OPEN', count: 3, firstAt: new Date(1000), lastAt: new Date(4000) },
    ])
    expect((await storage.eventSummary()).total).toBeGreaterThanOrEqual(4)
    await expect(storage.insertEvents('no-such-project', [event('e-5', 'MODAL_OPEN', 1)])).rejects.toThrow()
  })

  test('usage counters add up per (project, SDK type, SDK version)', async () => {
    await storage.addUsage([
      { projectId: 'u', sdkType: 'latch', sdkVersion: '1.0.0', requests: 2 },
      { projectId: 'u', sdkType: 'latch', sdkVersion: '1.0.0', requests: 3 },
      { projectId: 'u', sdkType: '', sdkVersion: '', requests: 1 },
    ])
    await storage.addUsage([{ projectId: 'u', sdkType: 'latch', sdkVersion: '1.0.0', requests: 4 }])
    const rows = await storage.listUsage('u')
    expect(rows.map(({ sdkType, sdkVersion, requests }) => ({ sdkType, sdkVersion, requests }))).toEqual([
      { sdkType: '', sdkVersion: '', requests: 1 },
      { sdkType: 'latch', sdkVersion: '1.0.0', requests: 9 },
    ])
    expect(rows[1]!.lastSeen.getTime()).toBeGreaterThanOrEqual(rows[1]!.firstSeen.getTime())
  })

  test('ping answers', async () => {
    await expect(storage.ping()).resolves.toBeUndefined()
  })
})

describe('storage on PostgreSQL', () => {
  test('several instances opening one new database at once migrate it once', async () => {
    const url = await createTestDatabase()
    const instances = await Promise.all(
      Array.from({ length: 4 }, () => openStorage({ databaseUrl: url, poolSize: 2 })),
    )
    try {
      await instances[0]!.replaceDirectory(fixtureSnapshot)
      expect(await instances[3]!.countWallets()).toBe(fixtureOrder.length)
    } finally {
      await Promise.all(instances.map((instance) => instance.close()))
    }
  })

  test('refuses a URL that is not postgres://', async () => {
    await expect(openStorage({ databaseUrl: 'mysql://localhost/x' })).rejects.toThrow(/DATABASE_URL/)
  })
})
