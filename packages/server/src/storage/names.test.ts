import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { memoryStorage } from '../../test/support/memoryStorage.ts'
import { createTestDatabase } from '../../test/support/postgres.ts'
import type { NameRegistration } from './names.ts'
import { openStorage } from './openStorage.ts'
import type { Storage } from './types.ts'

const backends = [
  ['PGlite', async () => memoryStorage()],
  ['PostgreSQL', async () => openStorage({ databaseUrl: await createTestDatabase() })],
] as const

const alice = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const bob = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'

function registration(name: string, address: string, messageHash: string): NameRegistration {
  return { name, zone: 'latch.id', address, coinType: 60, attributes: {}, messageHash }
}

describe.each(backends)('names on %s', (_name, open) => {
  let storage: Storage
  beforeAll(async () => {
    storage = await open()
  })
  afterAll(() => storage.close())

  test('registers a name once: a second registration of it is taken, and uses up nothing', async () => {
    const first = await storage.names.register(registration('one.latch.id', alice, 'h1'))
    expect(first).toMatchObject({ status: 'registered', record: { name: 'one.latch.id', address: alice } })
    expect(await storage.names.register(registration('one.latch.id', bob, 'h2'))).toEqual({ status: 'taken' })
    // 'h2' was not used up by the failed attempt: it can still register another name.
    expect(await storage.names.register(registration('two.latch.id', bob, 'h2'))).toMatchObject({
      status: 'registered',
    })
    expect((await storage.names.get('one.latch.id'))?.address).toBe(alice)
  })

  test('refuses a message used before, and records nothing for it', async () => {
    await storage.names.register(registration('three.latch.id', alice, 'h3'))
    expect(await storage.names.register(registration('four.latch.id', alice, 'h3'))).toEqual({
      status: 'replayed',
    })
    expect(await storage.names.get('four.latch.id')).toBeUndefined()
  })

  test('lists an address’s names newest first and tells which names are registered', async () => {
    await storage.names.register(registration('five.latch.id', bob, 'h5'))
    await storage.names.register(registration('six.latch.id', bob, 'h6'))
    const names = (await storage.names.listByAddress(bob)).map((record) => record.name)
    expect(names.slice(0, 2)).toEqual(['six.latch.id', 'five.latch.id'])
    expect(await storage.names.registered(['five.latch.id', 'nope.latch.id'])).toEqual(
      new Set(['five.latch.id']),
    )
    expect(await storage.names.registered([])).toEqual(new Set())
  })

  test('of two concurrent registrations of one name, exactly one wins', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        storage.names.register(registration('race.latch.id', alice, `race-${i}`)),
      ),
    )
    expect(results.filter((result) => result.status === 'registered')).toHaveLength(1)
    expect(results.filter((result) => result.status === 'taken')).toHaveLength(4)
  })
})
