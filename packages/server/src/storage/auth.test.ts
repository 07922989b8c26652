import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { memoryStorage } from '../../test/support/memoryStorage.ts'
import { createTestDatabase } from '../../test/support/postgres.ts'
import type { AuthAccount, Challenge } from './auth.ts'
import { openStorage } from './openStorage.ts'
import type { Storage } from './types.ts'

const backends = [
  ['PGlite', async () => memoryStorage()],
  ['PostgreSQL', async () => openStorage({ databaseUrl: await createTestDatabase() })],
] as const

const NOW = new Date('2026-11-25T12:00:00Z')
const later = (ms: number) => new Date(NOW.getTime() + ms)
const quota = { since: later(-3_600_000), max: 10 }
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

const code = (codeHmac = 'hmac') => ({ codeHmac, sentAt: NOW, expiresAt: later(600_000) })
const first = { from: 'code', resendAfter: NOW, maxSends: 5 } as const
const session = (tokenHash: string) => ({
  tokenHash,
  createdAt: NOW,
  expiresAt: later(86_400_000),
  recoveryUntil: later(600_000),
})

describe.each(backends)('e-mail logins on %s', (_name, open) => {
  let storage: Storage
  beforeAll(async () => {
    storage = await open()
  })
  afterAll(() => storage.close())

  /** A login on `device` with its code out ('hmac'), completed: the account. */
  /** An account an e-mail login made: its e-mail is set. */
  async function account(
    email = `user${++unique}@example.com`,
    device = 'device-a',
  ): Promise<AuthAccount & { email: string }> {
    const start = challenge({ email, deviceHash: device })
    await storage.auth.createChallenge(start, quota)
    await storage.auth.codeSent(start.id, code(), first)
    const made = await storage.auth.completeLogin(start.id, {
      codeHmac: 'hmac',
      email,
      expectedAccountId: null,
      newAccountId: randomUUID(),
      deviceHash: device,
      session: session(`s-${start.id}`),
    })
    if (typeof made === 'string') throw new Error(made)
    return { ...made, email }
  }

  test('a code completes its login once: the account, the device and the session in one transaction', async () => {
    const start = challenge()
    await storage.auth.createChallenge(start, quota)
    expect(await storage.auth.codeSent(start.id, code(), first)).toBe(true)
    const login = {
      codeHmac: 'hmac',
      email: start.email,
      expectedAccountId: null,
      newAccountId: randomUUID(),
      deviceHash: 'device-a',
      session: session(`s-${start.id}`),
    }
    expect(await storage.auth.completeLogin(start.id, { ...login, codeHmac: 'replaced' })).toBe('used')
    expect(await storage.auth.completeLogin(start.id, login)).toEqual({
      id: login.newAccountId,
      email: start.email,
      address: null,
    })
    expect(
      await storage.auth.completeLogin(start.id, { ...login, session: session(`again-${start.id}`) }),
    ).toBe('used')
    expect(await storage.auth.session(`again-${start.id}`, NOW)).toBeUndefined()
    expect(await storage.auth.deviceConfirmed(login.newAccountId, 'device-a')).toBe(true)
    expect(await storage.auth.deviceConfirmed(login.newAccountId, 'device-b')).toBe(false)

    // Two logins of one address at once make one account.
    const [a, b] = [challenge({ email: start.email }), challenge({ email: start.email })]
    for (const each of [a, b]) {
      await storage.auth.createChallenge(each, quota)
      await storage.auth.codeSent(each.id, code(), first)
    }
    const both = await Promise.all(
      [a, b].map((each) =>
        storage.auth.completeLogin(each.id, {
          ...login,
          expectedAccountId: login.newAccountId,
          newAccountId: randomUUID(),
          session: session(`s-${each.id}`),
        }),
      ),
    )
    expect(both.map((each) => (typeof each === 'string' ? each : each.id))).toEqual([
      login.newAccountId,
      login.newAccountId,
    ])
  })

  test('a login begun before its address had an account does not join it from an unapproved device', async () => {
    const email = `late${++unique}@example.com`
    const early = challenge({ email, deviceHash: 'device-b' })
    await storage.auth.createChallenge(early, quota)
    await storage.auth.codeSent(early.id, code(), first)
    await account(email, 'device-a')
    const joined = await storage.auth.completeLogin(early.id, {
      codeHmac: 'hmac',
      email,
      expectedAccountId: null,
      newAccountId: randomUUID(),
      deviceHash: 'device-b',
      session: session(`s-${early.id}`),
    })
    expect(joined).toBe('device')
    expect((await storage.auth.challenge(early.id))?.state).toBe('code')
  })

  test('attempts are counted in one statement: 20 at once get 5, none once the code expired', async () => {
    const start = challenge()
    await storage.auth.createChallenge(start, quota)
    expect(await storage.auth.claimAttempt(start.id, NOW, 5)).toEqual({
      codeHmac: null,
      newCodeHmac: null,
      attempts: 1,
    })
    await storage.auth.codeSent(start.id, code(), { from: 'code', resendAfter: NOW, maxSends: 5 })
    const claims = await Promise.all(
      Array.from({ length: 20 }, () => storage.auth.claimAttempt(start.id, NOW, 5)),
    )
    expect(
      claims
        .filter(Boolean)
        .map((claim) => claim?.attempts)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5])
    const fresh = challenge()
    await storage.auth.createChallenge(fresh, quota)
    expect(await storage.auth.claimAttempt(fresh.id, later(600_000), 5)).toBeUndefined()
  })

  test('a new code needs its wait and its count of sends, in the statement that records it', async () => {
    const start = challenge()
    await storage.auth.createChallenge(start, quota)
    expect(await storage.auth.codeSent(start.id, code(), first)).toBe(true)
    const resend = { from: 'code', resendAfter: later(-1), maxSends: 2 } as const
    expect(await storage.auth.codeSent(start.id, code('second'), resend)).toBe(false) // sent at NOW: too early
    const due = { ...resend, resendAfter: NOW }
    const racing = await Promise.all(
      [1, 2, 3].map(() => storage.auth.codeSent(start.id, code('second'), due)),
    )
    expect(racing.filter(Boolean)).toHaveLength(1)
    expect((await storage.auth.challenge(start.id))?.sends).toBe(2)
    expect(await storage.auth.codeSent(start.id, code('third'), { ...due, maxSends: 2 })).toBe(false)
  })

  test('the hourly quota of an address counts its logins and the changes to it, and holds under concurrency', async () => {
    const email = `quota${++unique}@example.com`
    const outcomes = await Promise.all(
      Array.from({ length: 15 }, () => storage.auth.createChallenge(challenge({ email }), quota)),
    )
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(10)
    const owner = await account()
    const change = challenge({ kind: 'change', email: owner.email, newEmail: email, accountId: owner.id })
    expect(await storage.auth.createChallenge(change, quota)).toBe('quota')
    const target = `target${++unique}@example.com`
    for (let i = 0; i < 10; i++) {
      const each = challenge({ kind: 'change', email: `owner${++unique}@example.com`, newEmail: target })
      expect(await storage.auth.createChallenge(each, quota)).toBe('created')
    }
    expect(await storage.auth.createChallenge(challenge({ email: target }), quota)).toBe('quota')
    expect(
      await storage.auth.createChallenge(challenge({ email: target }), { ...quota, since: later(1) }),
    ).toBe('created')
  })

  test('a device link is used once and not after it expires', async () => {
    const waiting = challenge({ state: 'device' })
    await storage.auth.createChallenge(waiting, quota)
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
    expect(await storage.auth.codeSent(waiting.id, code(), { from: 'device' })).toBe(true)
    expect(await storage.auth.codeSent(waiting.id, code(), { from: 'device' })).toBe(false)
  })

  test('an account stores its key once, its shares byte for byte; a passphrase box replaces the recovery share', async () => {
    const owner = await account()
    const key = {
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      authShare: new Uint8Array([0, 1, 2, 255]),
      recoveryShare: new Uint8Array([9, 8, 7]),
    }
    expect(await storage.auth.storeShares(owner.id, key)).toBe('stored')
    expect(
      await storage.auth.storeShares(owner.id, {
        ...key,
        address: '0x0000000000000000000000000000000000000001',
      }),
    ).toBe('exists')
    expect(await storage.auth.shares(owner.id)).toEqual({
      authShare: key.authShare,
      recoveryShare: key.recoveryShare,
      passphraseBox: null,
      passphraseProof: null,
    })
    const box = { kdf: 'pbkdf2-sha256', iterations: 600000 }
    expect(await storage.auth.setPassphraseBox(owner.id, box, { hash: 'first', expected: null })).toBe('set')
    expect(await storage.auth.shares(owner.id)).toMatchObject({
      recoveryShare: null,
      passphraseBox: box,
      passphraseProof: 'first',
    })
    // A change that read the proof before another change landed does not overwrite it.
    expect(await storage.auth.setPassphraseBox(owner.id, box, { hash: 'second', expected: null })).toBe(
      'changed',
    )
    expect(await storage.auth.setPassphraseBox(owner.id, box, { hash: 'second', expected: 'first' })).toBe(
      'set',
    )
    expect((await storage.auth.shares(owner.id))?.passphraseProof).toBe('second')
    expect(await storage.auth.setPassphraseBox(randomUUID(), {}, { hash: 'x', expected: null })).toBe('none')
  })

  test('an e-mail change is refused when another account took the address; expired rows are purged', async () => {
    const mine = await account()
    const theirs = await account()
    const change = challenge({
      kind: 'change',
      email: mine.email,
      newEmail: theirs.email,
      accountId: mine.id,
    })
    await storage.auth.createChallenge(change, quota)
    await storage.auth.codeSent(change.id, code(), first)
    expect(await storage.auth.completeChange(change.id, 'hmac', mine.id, theirs.email, NOW)).toBe('taken')
    const free = challenge({
      kind: 'change',
      email: mine.email,
      newEmail: `free${++unique}@example.com`,
      accountId: mine.id,
    })
    await storage.auth.createChallenge(free, quota)
    await storage.auth.codeSent(free.id, code(), first)
    expect(await storage.auth.completeChange(free.id, 'other', mine.id, free.newEmail ?? '', NOW)).toBe(
      'used',
    )
    expect(await storage.auth.completeChange(free.id, 'hmac', mine.id, free.newEmail ?? '', NOW)).toBe(
      'changed',
    )
    expect(await storage.auth.completeChange(free.id, 'hmac', mine.id, free.newEmail ?? '', NOW)).toBe('used')
    expect(await storage.auth.accountByEmail(free.newEmail ?? '')).toEqual({ ...mine, email: free.newEmail })

    expect(await storage.auth.purge(later(365 * 86_400_000))).toBeGreaterThan(0)
    expect(await storage.auth.challenge(free.id)).toBeUndefined()
  })
})
