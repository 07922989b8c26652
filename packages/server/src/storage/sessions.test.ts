import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { memoryStorage } from '../../test/support/memoryStorage.ts'
import { createTestDatabase } from '../../test/support/postgres.ts'
import { openStorage } from './openStorage.ts'
import type { NewSession } from './sessions.ts'
import type { Storage } from './types.ts'

const backends = [
  ['PGlite', async () => memoryStorage()],
  ['PostgreSQL', async () => openStorage({ databaseUrl: await createTestDatabase() })],
] as const

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const NOW = new Date('2026-11-22T12:00:00Z')
const later = (ms: number) => new Date(NOW.getTime() + ms)

function session(id: string, nonce: string, overrides: Partial<NewSession> = {}): NewSession {
  return {
    id,
    nonce,
    tokenHash: `hash-${id}`,
    address: ALICE,
    chainId: 'eip155:31337',
    domain: 'app.test',
    uri: 'https://app.test',
    message: `message ${id}`,
    signature: '0x01',
    issuedAt: NOW,
    expiresAt: later(60_000),
    ...overrides,
  }
}

describe.each(backends)('sign-in sessions on %s', (_name, open) => {
  let storage: Storage
  beforeAll(async () => {
    storage = await open()
  })
  afterAll(() => storage.close())

  test('a nonce starts one session; used, unknown or expired nonces start none and write nothing', async () => {
    await storage.sessions.createNonce('n1', later(600_000))
    expect(await storage.sessions.create(session('s1', 'n1'), NOW)).toBe('created')
    expect(await storage.sessions.create(session('s2', 'n1'), NOW)).toBe('nonce')
    expect(await storage.sessions.create(session('s3', 'never-issued'), NOW)).toBe('nonce')
    await storage.sessions.createNonce('n2', later(1_000))
    expect(await storage.sessions.create(session('s4', 'n2'), later(2_000))).toBe('nonce')
    expect(await storage.sessions.get('s2')).toBeUndefined()
    expect(await storage.sessions.get('s4')).toBeUndefined()
    // The expired nonce was not used up by the refusal, but it stays expired.
    expect(await storage.sessions.create(session('s5', 'n2'), NOW)).toBe('created')
  })

  test('a nonce is usable until used, spent or expired; expired ones are purged, live ones kept', async () => {
    await storage.sessions.createNonce('p-live', later(600_000))
    await storage.sessions.createNonce('p-spent', later(600_000))
    await storage.sessions.createNonce('p-old', later(-1_000))
    expect(await storage.sessions.nonceUsable('p-live', NOW)).toBe(true)
    expect(await storage.sessions.nonceUsable('p-old', NOW)).toBe(false)
    expect(await storage.sessions.nonceUsable('p-unknown', NOW)).toBe(false)
    await storage.sessions.spendNonce('p-spent', NOW)
    expect(await storage.sessions.nonceUsable('p-spent', NOW)).toBe(false)
    expect(await storage.sessions.create(session('p1', 'p-spent'), NOW)).toBe('nonce')

    expect(await storage.sessions.purgeNonces(NOW)).toBeGreaterThanOrEqual(1)
    expect(await storage.sessions.nonceUsable('p-live', NOW)).toBe(true)
    expect(await storage.sessions.create(session('p2', 'p-live'), NOW)).toBe('created')
  })

  test('two sessions racing for one nonce: exactly one is created', async () => {
    await storage.sessions.createNonce('race', later(600_000))
    const results = await Promise.all([
      storage.sessions.create(session('r1', 'race', { tokenHash: 'hr1' }), NOW),
      storage.sessions.create(session('r2', 'race', { tokenHash: 'hr2' }), NOW),
    ])
    expect(results.sort()).toEqual(['created', 'nonce'])
  })

  test('finds a session by its token hash; lists an address’s live ones for a domain, newest first', async () => {
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    for (const [id, issued, domain, expires] of [
      ['l1', 0, 'site.test', 60_000],
      ['l2', 1_000, 'site.test', 60_000],
      ['l3', 2_000, 'other.test', 60_000],
      ['l4', 3_000, 'site.test', -1],
    ] as const) {
      await storage.sessions.createNonce(`nonce-${id}`, later(600_000))
      await storage.sessions.create(
        session(id, `nonce-${id}`, { address, domain, issuedAt: later(issued), expiresAt: later(expires) }),
        NOW,
      )
    }
    expect((await storage.sessions.byTokenHash('hash-l2'))?.id).toBe('l2')
    expect(await storage.sessions.byTokenHash('nope')).toBeUndefined()
    const live = await storage.sessions.listLive(address.toLowerCase(), 'site.test', later(500))
    expect(live.map((s) => s.id)).toEqual(['l2', 'l1'])

    await storage.sessions.revoke('l2', later(600))
    await storage.sessions.revoke('l2', later(900))
    expect((await storage.sessions.get('l2'))?.revokedAt).toEqual(later(600))
    expect((await storage.sessions.listLive(address, 'site.test', later(700))).map((s) => s.id)).toEqual([
      'l1',
    ])
  })
})
