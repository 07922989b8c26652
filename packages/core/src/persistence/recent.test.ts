import { describe, expect, it } from 'vitest'
import {
  connector,
  connectThrough,
  createFakeAdapter,
  createMemoryStorage,
  createTestLatch,
} from '../../test/fakeAdapter.ts'
import type { KeyValueStorage } from '../options/types.ts'
import {
  addRecentWallet,
  getRecentWallets,
  RECENT_WALLETS_LIMIT,
  STORAGE_PREFIX,
  storageKeys,
} from './recent.ts'

describe('up to 2 recent wallets are kept', () => {
  it('keeps 2', () => {
    expect(RECENT_WALLETS_LIMIT).toBe(2)
  })

  it('keeps the two most recent, most recent first', () => {
    const storage = createMemoryStorage()
    addRecentWallet(storage, 'a')
    addRecentWallet(storage, 'b')
    expect(addRecentWallet(storage, 'c')).toEqual(['c', 'b'])
    expect(getRecentWallets(storage)).toEqual(['c', 'b'])
  })

  it('moves a wallet used again to the front without listing it twice', () => {
    const storage = createMemoryStorage()
    addRecentWallet(storage, 'a')
    addRecentWallet(storage, 'b')
    expect(addRecentWallet(storage, 'a')).toEqual(['a', 'b'])
  })

  it("stores them under the '@latch/' prefix", () => {
    const storage = createMemoryStorage()
    addRecentWallet(storage, 'a')
    expect(STORAGE_PREFIX).toBe('@latch/')
    expect(storage.entries()).toEqual({ '@latch/recentWallets': '["a"]' })
  })

  it('reads at most 2 from a longer stored list', () => {
    const storage = createMemoryStorage({ [storageKeys.recent]: '["x","y","z"]' })
    expect(getRecentWallets(storage)).toEqual(['x', 'y'])
  })

  it.each([
    ['broken JSON', '["a"'],
    ['an object', '{"a":1}'],
    ['a number', '7'],
  ])('reads nothing from %s', (_, raw) => {
    expect(getRecentWallets(createMemoryStorage({ [storageKeys.recent]: raw }))).toEqual([])
  })

  it('skips entries that are not ids', () => {
    expect(getRecentWallets(createMemoryStorage({ [storageKeys.recent]: '[1,"a",null]' }))).toEqual(['a'])
  })

  it('works without storage and when storage refuses writes', () => {
    expect(getRecentWallets(undefined)).toEqual([])
    expect(addRecentWallet(undefined, 'a')).toEqual(['a'])
    const full: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {},
    }
    expect(addRecentWallet(full, 'a')).toEqual(['a'])
  })
})

describe('the client remembers recent wallets', () => {
  const fakeWithThree = () =>
    createFakeAdapter({ connectors: [connector('wallet.a'), connector('wallet.b'), connector('wallet.c')] })

  it('keeps the last two wallets connected, most recent first', async () => {
    const { client, storage } = createTestLatch({}, fakeWithThree())
    await connectThrough(client, 'wallet.a')
    await client.disconnect()
    await connectThrough(client, 'wallet.b')
    await client.disconnect()
    await connectThrough(client, 'wallet.c')

    expect(client.connectors.getState().recent).toEqual(['wallet.c', 'wallet.b'])
    expect(JSON.parse(storage.getItem('@latch/recentWallets') ?? '')).toEqual(['wallet.c', 'wallet.b'])
  })

  it('writes only keys under the @latch/ prefix', async () => {
    const { client, storage } = createTestLatch({}, fakeWithThree())
    await connectThrough(client, 'wallet.a')
    const keys = Object.keys(storage.entries())
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) expect(key.startsWith('@latch/')).toBe(true)
  })

  it('reads them back in a new client', () => {
    const storage = createMemoryStorage({ '@latch/recentWallets': '["wallet.b","wallet.a"]' })
    const { client } = createTestLatch({ storage })
    expect(client.connectors.getState().recent).toEqual(['wallet.b', 'wallet.a'])
  })
})
