import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { memoryStorage } from '../../test/support/memoryStorage.ts'
import { createTestDatabase } from '../../test/support/postgres.ts'
import { openStorage } from './openStorage.ts'
import type { Storage } from './types.ts'

const backends = [
  ['PGlite', async () => memoryStorage()],
  ['PostgreSQL', async () => openStorage({ databaseUrl: await createTestDatabase() })],
] as const

const sender = '0x00000000000000000000000000000000000000Aa'
const other = '0x00000000000000000000000000000000000000bb'
const third = '0x00000000000000000000000000000000000000cc'
const noon = new Date('2026-11-26T12:00:00Z')
const caps = { account: 100n, project: 250n, accountOperations: 100, projectOperations: 100 }

describe.each(backends)('sponsorships on %s', (_name, open) => {
  let storage: Storage
  beforeAll(async () => {
    storage = await open()
  })
  afterAll(() => storage.close())

  test('records within both caps, per account and in all, for the UTC day', async () => {
    const record = (who: string, maxCost: bigint, at = noon) =>
      storage.sponsorships.record(
        { projectId: 'caps', chainId: 31337, sender: who, maxCost, createdAt: at },
        caps,
      )
    expect(await record(sender, 60n)).toBe('recorded')
    expect(await record(sender.toLowerCase(), 41n)).toBe('account')
    expect(await record(sender, 40n)).toBe('recorded')
    expect(await record(other, 100n)).toBe('recorded')
    expect(await record(third, 51n)).toBe('project')
    expect(await record(third, 50n)).toBe('recorded')
    expect(await storage.sponsorships.spent('caps', sender, noon)).toEqual({
      account: 100n,
      project: 250n,
      accountOperations: 2,
      projectOperations: 4,
    })
    // Another UTC day counts from zero; the purge drops the days before.
    const tomorrow = new Date('2026-11-27T00:00:01Z')
    expect(await record(sender, 100n, tomorrow)).toBe('recorded')
    expect(await storage.sponsorships.spent('caps', sender, tomorrow)).toEqual({
      account: 100n,
      project: 100n,
      accountOperations: 1,
      projectOperations: 1,
    })
    expect(await storage.sponsorships.purgeBefore(tomorrow)).toBe(4)
    expect(await storage.sponsorships.spent('caps', sender, noon)).toEqual({
      account: 0n,
      project: 0n,
      accountOperations: 0,
      projectOperations: 0,
    })
  })

  test('the operation counts cap a day whatever the operations cost (a fee of 0 costs nothing)', async () => {
    const free = (who: string) =>
      storage.sponsorships.record(
        { projectId: 'free', chainId: 31337, sender: who, maxCost: 0n, createdAt: noon },
        { account: 10n, project: 10n, accountOperations: 2, projectOperations: 3 },
      )
    expect([await free(sender), await free(sender), await free(sender)]).toEqual([
      'recorded',
      'recorded',
      'account',
    ])
    expect([await free(other), await free(other)]).toEqual(['recorded', 'project'])
  })

  test('costs past 2^64 wei add up exactly', async () => {
    const huge = 2n ** 70n
    const big = { account: 2n ** 72n, project: 2n ** 72n, accountOperations: 10, projectOperations: 10 }
    for (let i = 0; i < 3; i++)
      expect(
        await storage.sponsorships.record(
          { projectId: 'huge', chainId: 1, sender, maxCost: huge, createdAt: noon },
          big,
        ),
      ).toBe('recorded')
    expect((await storage.sponsorships.spent('huge', sender, noon)).project).toBe(3n * huge)
  })
})

test('two instances on one PostgreSQL take one cap together', async () => {
  const url = await createTestDatabase()
  const [a, b] = await Promise.all([openStorage({ databaseUrl: url }), openStorage({ databaseUrl: url })])
  try {
    const attempts = Array.from({ length: 20 }, (_, i) =>
      (i % 2 ? a : b).sponsorships.record(
        { projectId: 'shared', chainId: 31337, sender, maxCost: 10n, createdAt: noon },
        { account: 1000n, project: 70n, accountOperations: 100, projectOperations: 100 },
      ),
    )
    const outcomes = await Promise.all(attempts)
    expect(outcomes.filter((outcome) => outcome === 'recorded')).toHaveLength(7)
    expect(outcomes.filter((outcome) => outcome === 'project')).toHaveLength(13)
    expect(await a.sponsorships.spent('shared', sender, noon)).toEqual({
      account: 70n,
      project: 70n,
      accountOperations: 7,
      projectOperations: 7,
    })
  } finally {
    await Promise.all([a.close(), b.close()])
  }
})
