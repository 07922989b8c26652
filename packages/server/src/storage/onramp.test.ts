import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { memoryStorage } from '../../test/support/memoryStorage.ts'
import { createTestDatabase } from '../../test/support/postgres.ts'
import type { NewOnrampOrder } from './onramp.ts'
import { openStorage } from './openStorage.ts'
import type { Storage } from './types.ts'

const backends = [
  ['PGlite', async () => memoryStorage()],
  ['PostgreSQL', async () => openStorage({ databaseUrl: await createTestDatabase() })],
] as const

const BUYER = '0x976ea74026e726554db657fa54763abd0c3a0aa9'
const NOW = new Date('2026-11-26T12:00:00Z')
const later = (ms: number) => new Date(NOW.getTime() + ms)

const order = (id: string, createdAt = NOW, partnerUserId = BUYER): NewOnrampOrder => ({
  id,
  partnerUserId,
  destination: BUYER,
  chainId: 31337,
  asset: 'ETH',
  purchaseAmount: '0.03283333',
  currency: 'USD',
  paymentTotal: '100.00',
  fee: '1.00',
  networkFee: '0.50',
  createdAt,
})

describe.each(backends)('sandbox on-ramp orders on %s', (_name, open) => {
  let storage: Storage
  beforeAll(async () => {
    storage = await open()
  })
  afterAll(() => storage.close())

  test('an order moves on only from the state it is in: paid once, then delivered or failed', async () => {
    const { onramp } = storage
    await onramp.create(order('o1'))
    expect(await onramp.get('o1')).toMatchObject({ status: 'created', failure: null, txHash: null })
    const payments = await Promise.all([1, 2, 3].map(() => onramp.move('o1', 'created', 'pending', later(1))))
    expect(payments.filter(Boolean)).toHaveLength(1)
    expect(await onramp.move('o1', 'pending', 'pending', later(2), { txHash: '0xabc' })).toBe(true)
    expect(await onramp.move('o1', 'pending', 'completed', later(3))).toBe(true)
    expect(await onramp.move('o1', 'pending', 'failed', later(4), { failure: 'late' })).toBe(false)
    expect(await onramp.get('o1')).toMatchObject({
      status: 'completed',
      txHash: '0xabc',
      updatedAt: later(3),
    })
  })

  test('a buyer’s paid orders, newest first; unpaid ones dropped once expired, settled ones after a while; pending ones found for the sweep', async () => {
    const { onramp } = storage
    const other = `0x${'1'.repeat(40)}`
    await onramp.create(order('p1', later(10_000), other))
    await onramp.create(order('p2', later(20_000), other))
    await onramp.create(order('p3', later(30_000), other))
    await onramp.move('p1', 'created', 'pending', later(10_001))
    await onramp.move('p2', 'created', 'failed', later(20_001), { failure: 'Your card was declined' })
    expect((await onramp.paidBy(other, 50)).map(({ id }) => id)).toEqual(['p2', 'p1'])
    expect((await onramp.paidBy(other, 1)).map(({ id }) => id)).toEqual(['p2'])
    expect(await onramp.countUnpaid()).toBe(1)
    expect(await onramp.purgeUnpaid(later(30_000))).toBe(0)
    expect(await onramp.purgeUnpaid(later(30_001))).toBe(1)
    expect(await onramp.get('p3')).toBeUndefined()
    // The pending one, last moved at +10.001 s: a sweep asked after that finds it, before it does not.
    expect(await onramp.pendingBefore(later(10_001), 50)).toEqual([])
    expect((await onramp.pendingBefore(later(10_002), 50)).map(({ id }) => id)).toEqual(['p1'])
    // The first test's completed order (created at NOW), then the declined one (at +20 s).
    expect(await onramp.purgeSettled(NOW)).toBe(0)
    expect(await onramp.purgeSettled(later(20_000))).toBe(1)
    expect(await onramp.purgeSettled(later(20_001))).toBe(1)
    expect(await onramp.get('p2')).toBeUndefined()
    expect(await onramp.get('p1')).toMatchObject({ status: 'pending' })
  })
})
