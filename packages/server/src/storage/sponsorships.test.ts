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
const caps = {
  account: 100n,
  project: 250n,
  accountOperations: 100,
  projectOperations: 100,
  requesterHourly: 1_000,
}
let hashes = 0
/** A sponsorship's reservation fields: a requester, a fresh operation hash, a signature good for 10 minutes. */
const reservation = (requester = '192.0.2.1') => ({
  requester,
  userOpHash: `0x${(++hashes).toString(16).padStart(64, '0')}`,
  validUntil: new Date(noon.getTime() + 600_000),
  fromBlock: 1n,
})

describe.each(backends)('sponsorships on %s', (_name, open) => {
  let storage: Storage
  beforeAll(async () => {
    storage = await open()
  })
  afterAll(() => storage.close())

  test('records within both caps, per account and in all, for the UTC day', async () => {
    const record = (who: string, maxCost: bigint, at = noon) =>
      storage.sponsorships.record(
        { projectId: 'caps', chainId: 31337, sender: who, maxCost, createdAt: at, ...reservation() },
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
        { projectId: 'free', chainId: 31337, sender: who, maxCost: 0n, createdAt: noon, ...reservation() },
        { account: 10n, project: 10n, accountOperations: 2, projectOperations: 3, requesterHourly: 100 },
      )
    expect([await free(sender), await free(sender), await free(sender)]).toEqual([
      'recorded',
      'recorded',
      'account',
    ])
    expect([await free(other), await free(other)]).toEqual(['recorded', 'project'])
  })

  test('one requester’s signatures are budgeted per hour; a released reservation counts no more, a landed one does', async () => {
    const ask = (who: string, requester: string, at = noon) =>
      storage.sponsorships.record(
        {
          projectId: 'held',
          chainId: 4242,
          sender: who,
          maxCost: 10n,
          createdAt: at,
          ...reservation(requester),
        },
        { ...caps, requesterHourly: 2 },
      )
    expect([
      await ask(sender, 'stranger'),
      await ask(other, 'stranger'),
      await ask(third, 'stranger'),
    ]).toEqual(['recorded', 'recorded', 'requester'])
    // Another requester is not held up; the stranger's hour passes.
    expect(await ask(third, 'visitor')).toBe('recorded')
    expect(await ask(third, 'stranger', new Date(noon.getTime() + 61 * 60_000))).toBe('recorded')
    const reserved = await storage.sponsorships.reservations(4242, 10)
    expect(reserved).toHaveLength(4)
    expect((await storage.sponsorships.spent('held', sender, noon)).project).toBe(40n)
    const [first, second] = reserved
    await storage.sponsorships.settle({ landed: [first?.id ?? 0], released: [second?.id ?? 0] })
    expect(await storage.sponsorships.spent('held', sender, noon)).toMatchObject({
      project: 30n,
      projectOperations: 3,
    })
    expect((await storage.sponsorships.reservations(4242, 10)).map((row) => row.id)).toEqual(
      reserved.slice(2).map((row) => row.id),
    )
    // A settled reservation stays as it was settled.
    await storage.sponsorships.settle({ landed: [second?.id ?? 0], released: [first?.id ?? 0] })
    expect((await storage.sponsorships.spent('held', sender, noon)).project).toBe(30n)
  })

  test('costs past 2^64 wei add up exactly', async () => {
    const huge = 2n ** 70n
    const big = {
      account: 2n ** 72n,
      project: 2n ** 72n,
      accountOperations: 10,
      projectOperations: 10,
      requesterHourly: 10,
    }
    for (let i = 0; i < 3; i++)
      expect(
        await storage.sponsorships.record(
          { projectId: 'huge', chainId: 1, sender, maxCost: huge, createdAt: noon, ...reservation() },
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
        { projectId: 'shared', chainId: 31337, sender, maxCost: 10n, createdAt: noon, ...reservation() },
        {
          account: 1000n,
          project: 70n,
          accountOperations: 100,
          projectOperations: 100,
          requesterHourly: 100,
        },
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
