import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase } from '../../test/support/postgres.ts'
import type { Challenge } from './auth.ts'
import { openStorage } from './openStorage.ts'
import type { Storage } from './types.ts'

const backends = [
  ['PGlite', async () => openStorage({ dataDir: 'memory' })],
  ['PostgreSQL', async () => openStorage({ databaseUrl: await createTestDatabase() })],
] as const

const NOW = new Date('2026-11-25T12:00:00Z')
const later = (ms: number) => new Date(NOW.getTime() + ms)
let unique = 0

function challenge(overrides: Partial<Challenge> = {}): Challenge {
  return {
    id: randomUUID(),
    kind: 'login',
    email: `user${++unique}@example.com`,
    newEmail: null,
    accountId: null,
    deviceHash: 'device-a',
    state: 'code',
    codeHmac: null,
    newCodeHmac: null,
    attempts: 0,
    sends: 0,
    sentAt: null,
    expiresAt: later(600_000),
    createdAt: NOW,
    ...overrides,
  }
}

const code = { codeHmac: 'hmac', sentAt: NOW, expiresAt: later(600_000) }
const session = (tokenHash: string) => ({ tokenHash, createdAt: NOW, expiresAt: later(86_400_000) })

describe.each(backends)('e-mail logins on %s', (_name, open) => {
  let storage: Storage
  beforeAll(async () => {
    storage = await open()
  })
  afterAll(() => storage.close())

  test('a code completes its login once: the account, the device and the session in one transaction', async () => {
    const first = challenge()
    await storage.auth.createChallenge(first)
    expect(await storage.auth.codeSent(first.id, code)).toBe(true)
    const login = {
      email: first.email,
      newAccountId: randomUUID(),
      deviceHash: 'device-a',
      session: session(`s-${first.id}`),
    }
    const account = await storage.auth.completeLogin(first.id, login)
    expect(account).toEqual({ id: login.newAccountId, email: first.email, address: null })
    expect(
      await storage.auth.completeLogin(first.id, { ...login, session: session(`again-${first.id}`) }),
    ).toBe('used')
    expect(await storage.auth.session(`again-${first.id}`, NOW)).toBeUndefined()
    expect(await storage.auth.deviceConfirmed(login.newAccountId, 'device-a')).toBe(true)
    expect(await storage.auth.deviceConfirmed(login.newAccountId, 'device-b')).toBe(false)

    // Two logins of one address at once make one account.
    const [a, b] = [challenge({ email: first.email }), challenge({ email: first.email })]
    for (const each of [a, b]) await storage.auth.createChallenge(each)
    const both = await Promise.all(
      [a, b].map((each) =>
        storage.auth.completeLogin(each.id, {
          ...login,
          newAccountId: randomUUID(),
          session: session(`s-${each.id}`),
        }),
      ),
    )
    expect(both.map((each) => (each === 'used' ? each : each.id))).toEqual([
      login.newAccountId,
      login.newAccountId,
    ])
  })

  test('attempts count only while a code is out; a link is used once and not after it expires', async () => {
    const waiting = challenge({ state: 'device' })
    await storage.auth.createChallenge(waiting)
    expect(await storage.auth.wrongAttempt(waiting.id)).toBeUndefined()
    await storage.auth.createDeviceLink(`link-${waiting.id}`, waiting.id, later(1_200_000))
    expect(await storage.auth.deviceLink(`link-${waiting.id}`, NOW)).toEqual({
      status: 'usable',
      challengeId: waiting.id,
    })
    expect(await storage.auth.deviceLink(`link-${waiting.id}`, later(1_200_000))).toEqual({
      status: 'expired',
    })
    expect(await storage.auth.useDeviceLink(`link-${waiting.id}`, NOW)).toBe(waiting.id)
    expect(await storage.auth.useDeviceLink(`link-${waiting.id}`, NOW)).toBeUndefined()
    expect(await storage.auth.deviceLink(`link-${waiting.id}`, NOW)).toEqual({ status: 'used' })
    expect(await storage.auth.deviceLink('no-such-link', NOW)).toEqual({ status: 'unknown' })
    expect(await storage.auth.codeSent(waiting.id, code, 'device')).toBe(true)
    expect(await storage.auth.codeSent(waiting.id, code, 'device')).toBe(false)
    expect(await storage.auth.wrongAttempt(waiting.id)).toBe(1)
    expect(await storage.auth.wrongAttempt(waiting.id)).toBe(2)
    expect((await storage.auth.challenge(waiting.id))?.sends).toBe(1)
  })

  test('an account stores its key once, its shares byte for byte; a passphrase box replaces the recovery share', async () => {
    const start = challenge()
    await storage.auth.createChallenge(start)
    const account = await storage.auth.completeLogin(start.id, {
      email: start.email,
      newAccountId: randomUUID(),
      deviceHash: 'device-a',
      session: session(`k-${start.id}`),
    })
    if (account === 'used') throw new Error('used')
    const key = {
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      authShare: new Uint8Array([0, 1, 2, 255]),
      recoveryShare: new Uint8Array([9, 8, 7]),
    }
    expect(await storage.auth.storeShares(account.id, key)).toBe('stored')
    expect(
      await storage.auth.storeShares(account.id, {
        ...key,
        address: '0x0000000000000000000000000000000000000001',
      }),
    ).toBe('exists')
    expect(await storage.auth.shares(account.id)).toEqual({
      authShare: key.authShare,
      recoveryShare: key.recoveryShare,
      passphraseBox: null,
    })
    expect((await storage.auth.session(`k-${start.id}`, NOW))?.account.address).toBe(key.address)
    expect(
      await storage.auth.setPassphraseBox(account.id, { kdf: 'pbkdf2-sha256', iterations: 600000 }),
    ).toBe(true)
    expect(await storage.auth.shares(account.id)).toMatchObject({
      recoveryShare: null,
      passphraseBox: { kdf: 'pbkdf2-sha256', iterations: 600000 },
    })
    expect(await storage.auth.setPassphraseBox(randomUUID(), {})).toBe(false)
  })

  test('an e-mail change is refused when another account took the address; expired rows are purged', async () => {
    const made = []
    for (let i = 0; i < 2; i++) {
      const start = challenge()
      await storage.auth.createChallenge(start)
      const account = await storage.auth.completeLogin(start.id, {
        email: start.email,
        newAccountId: randomUUID(),
        deviceHash: 'device-a',
        session: session(`c-${start.id}`),
      })
      if (account === 'used') throw new Error('used')
      made.push(account)
    }
    const [mine, theirs] = made as [(typeof made)[0], (typeof made)[0]]
    const change = challenge({
      kind: 'change',
      email: mine.email,
      newEmail: theirs.email,
      accountId: mine.id,
    })
    await storage.auth.createChallenge(change)
    expect(await storage.auth.completeChange(change.id, mine.id, theirs.email, NOW)).toBe('taken')
    const free = challenge({
      kind: 'change',
      email: mine.email,
      newEmail: 'free@example.com',
      accountId: mine.id,
    })
    await storage.auth.createChallenge(free)
    expect(await storage.auth.completeChange(free.id, mine.id, 'free@example.com', NOW)).toBe('changed')
    expect(await storage.auth.completeChange(free.id, mine.id, 'free@example.com', NOW)).toBe('used')
    expect(await storage.auth.accountByEmail('free@example.com')).toEqual({
      ...mine,
      email: 'free@example.com',
    })

    expect(await storage.auth.challengesSince(mine.email, new Date(0))).toBeGreaterThan(0)
    expect(await storage.auth.purge(later(365 * 86_400_000))).toBeGreaterThan(0)
    expect(await storage.auth.challengesSince(mine.email, new Date(0))).toBe(0)
  })
})
