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
const quota = {
  since: later(-3_600_000),
  perRequester: 10,
  perAddress: 100,
  requesterMails: 1_000,
  addressMails: 1_000,
  mails: 100_000,
}
let unique = 0

function challenge(overrides: Partial<Challenge> = {}): Challenge {
  return {
    id: randomUUID(),
    kind: 'login',
    email: `user${++unique}@example.com`,
    newEmail: null,
    accountId: null,
    deviceHash: 'device-a',
    requester: '198.51.100.7',
    trusted: false,
    state: 'code',
    codeHmac: null,
    newCodeHmac: null,
    attempts: 0,
    sends: 0,
    mails: 0,
    guesses: 0,
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
        .filter((claim) => typeof claim === 'object')
        .map((claim) => claim.attempts)
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

  test('the hourly quota of an address counts its logins and the changes to it per requester, and holds under concurrency', async () => {
    const email = `quota${++unique}@example.com`
    const outcomes = await Promise.all(
      Array.from({ length: 15 }, () => storage.auth.createChallenge(challenge({ email }), quota)),
    )
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(10)
    expect(outcomes.filter((outcome) => outcome === 'address')).toHaveLength(5)
    const owner = await account()
    const change = challenge({ kind: 'change', email: owner.email, newEmail: email, accountId: owner.id })
    expect(await storage.auth.createChallenge(change, quota)).toBe('address')
    const target = `target${++unique}@example.com`
    for (let i = 0; i < 10; i++) {
      const each = challenge({ kind: 'change', email: `owner${++unique}@example.com`, newEmail: target })
      expect(await storage.auth.createChallenge(each, quota)).toBe('created')
    }
    expect(await storage.auth.createChallenge(challenge({ email: target }), quota)).toBe('address')
    expect(
      await storage.auth.createChallenge(challenge({ email: target }), { ...quota, since: later(1) }),
    ).toBe('created')
  })

  test('no lockout: a stranger’s starts stop neither another requester nor the owner’s known device (issue 41)', async () => {
    const email = `owner${++unique}@example.com`
    const stranger = { email, requester: '203.0.113.9', deviceHash: 'strangers-device' }
    for (let i = 0; i < 10; i++)
      expect(await storage.auth.createChallenge(challenge(stranger), quota)).toBe('created')
    expect(await storage.auth.createChallenge(challenge(stranger), quota)).toBe('address')
    // Another requester (the new owner) still starts; so does a device the account knows, from anywhere.
    expect(await storage.auth.createChallenge(challenge({ email, requester: '192.0.2.1' }), quota)).toBe(
      'created',
    )
    const known = { email, requester: '203.0.113.9', deviceHash: 'owners-device', trusted: true }
    expect(await storage.auth.createChallenge(challenge(known), quota)).toBe('created')
    // Strangers together meet the address's ceiling, far above one requester's: the known device is not counted.
    const ceiling = { ...quota, perAddress: 15 }
    for (let i = 0; i < 4; i++)
      expect(
        await storage.auth.createChallenge(challenge({ email, requester: `192.0.2.${10 + i}` }), ceiling),
      ).toBe('created')
    expect(await storage.auth.createChallenge(challenge({ email, requester: '192.0.2.99' }), ceiling)).toBe(
      'address',
    )
    expect(await storage.auth.createChallenge(challenge(known), ceiling)).toBe('created')
  })

  test('the e-mails one requester’s challenges cause, and every stranger’s together, are budgeted', async () => {
    const requester = `2001:db8:${++unique}::/64`
    const budget = { ...quota, requesterMails: 4 }
    for (let i = 0; i < 2; i++) {
      const each = challenge({ requester, state: 'device' })
      // A device link (counted as the challenge is made), then a code: two e-mails.
      expect(await storage.auth.createChallenge(each, budget)).toBe('created')
      const link = {
        tokenHash: `link-${each.id}`,
        sentAt: NOW,
        expiresAt: later(1_200_000),
        codeExpiresAt: later(600_000),
      }
      expect(await storage.auth.linkSent(each.id, link, first)).toBe(true)
      await storage.auth.codeSent(each.id, code(), { from: 'device' })
      expect((await storage.auth.challenge(each.id))?.mails).toBe(2)
    }
    expect((await storage.auth.createChallenge(challenge({ requester }), budget)) as string).toBe('requester')
    const ongoing = challenge({ requester: `2001:db8:${++unique}::/64` })
    await storage.auth.createChallenge(ongoing, quota)
    const stored = await storage.auth.challenge(ongoing.id)
    if (!stored) throw new Error('not stored')
    expect(await storage.auth.mayMail(stored, quota)).toBeUndefined()
    expect(await storage.auth.mayMail({ ...stored, requester }, budget)).toBe('requester')
    // A trusted challenge's mails are the owner's: never refused for a stranger's.
    expect(await storage.auth.mayMail({ ...stored, requester, trusted: true }, budget)).toBeUndefined()
    // One address's mails from every stranger together have their own budget, far above one requester's.
    const each = challenge({ requester: `2001:db8:${++unique}::/64` })
    await storage.auth.createChallenge(each, quota)
    await storage.auth.codeSent(each.id, code(), first)
    const sent = await storage.auth.challenge(each.id)
    if (!sent) throw new Error('not stored')
    const elsewhere = { ...sent, requester: `2001:db8:${++unique}::/64` }
    expect(sent.mails).toBe(1)
    expect(await storage.auth.mayMail(elsewhere, { ...quota, addressMails: 1 })).toBe('address')
    expect(await storage.auth.mayMail(elsewhere, { ...quota, addressMails: 2 })).toBeUndefined()
    // Every stranger's mails together: past the hour's total, a new requester is refused too.
    expect((await storage.auth.challenge(ongoing.id))?.mails).toBe(1)
    const total = { ...quota, mails: 1 }
    expect(
      await storage.auth.createChallenge(challenge({ requester: `2001:db8:${++unique}::/64` }), total),
    ).toBe('mails')
  })

  test('wrong codes of an address’s strangers’ logins are budgeted across logins; past it the login takes none', async () => {
    const email = `guessed${++unique}@example.com`
    const budget = { email, since: later(-86_400_000), max: 7 }
    const logins = [challenge({ email }), challenge({ email })]
    for (const login of logins) {
      await storage.auth.createChallenge(login, quota)
      await storage.auth.codeSent(login.id, code(), first)
    }
    const [one, two] = logins as [Challenge, Challenge]
    for (let i = 0; i < 4; i++)
      expect(await storage.auth.claimAttempt(one.id, NOW, 5, budget)).toMatchObject({ attempts: i + 1 })
    // A new code gives the login its attempts again, not the address its budget.
    await storage.auth.codeSent(one.id, code('again'), { from: 'code', resendAfter: NOW, maxSends: 5 })
    expect(await storage.auth.claimAttempt(one.id, NOW, 5, budget)).toMatchObject({ attempts: 1 })
    expect(await storage.auth.claimAttempt(two.id, NOW, 5, budget)).toMatchObject({ attempts: 1 })
    expect(await storage.auth.claimAttempt(two.id, NOW, 5, budget)).toMatchObject({ attempts: 2 })
    expect(await storage.auth.claimAttempt(two.id, NOW, 5, budget)).toBe('budget')
    expect(await storage.auth.claimAttempt(one.id, NOW, 5, budget)).toBe('budget')
    // The refused logins take no code any more, even without the budget: the address needs a fresh start.
    expect(await storage.auth.claimAttempt(two.id, NOW, 5)).toBeUndefined()
    // A fresh start, once the day has passed (the window begins after these logins), has the whole budget again.
    const fresh = challenge({ email, createdAt: later(60_000) })
    await storage.auth.createChallenge(fresh, quota)
    await storage.auth.codeSent(fresh.id, code(), first)
    expect(await storage.auth.claimAttempt(fresh.id, NOW, 5, { ...budget, since: later(1) })).toMatchObject({
      attempts: 1,
    })
    // Another address's budget is its own.
    const other = challenge()
    await storage.auth.createChallenge(other, quota)
    await storage.auth.codeSent(other.id, code(), first)
    expect(
      await storage.auth.claimAttempt(other.id, NOW, 5, { ...budget, email: other.email }),
    ).toMatchObject({
      attempts: 1,
    })
  })

  test('a device link is used once and not after it expires; a new one waits as a new code does', async () => {
    const waiting = challenge({ state: 'device' })
    await storage.auth.createChallenge(waiting, quota)
    const link = (tokenHash: string) => ({
      tokenHash,
      sentAt: NOW,
      expiresAt: later(1_200_000),
      codeExpiresAt: later(600_000),
    })
    expect(await storage.auth.linkSent(waiting.id, link(`link-${waiting.id}`), first)).toBe(true)
    // Another link only once the last is old enough, each one an e-mail more (the first was counted as it was made).
    const early = { resendAfter: later(-1), maxSends: 5 }
    expect(await storage.auth.linkSent(waiting.id, link('too-early'), early)).toBe(false)
    expect(await storage.auth.deviceLink('too-early', NOW)).toEqual({ status: 'unknown' })
    expect(await storage.auth.linkSent(waiting.id, link(`again-${waiting.id}`), first)).toBe(true)
    // The login expires as one waiting for its code (the link lives on).
    expect(await storage.auth.challenge(waiting.id)).toMatchObject({
      sends: 2,
      mails: 2,
      sentAt: NOW,
      expiresAt: later(600_000),
    })
    expect(await storage.auth.linkSent(waiting.id, link('past-sends'), { ...first, maxSends: 2 })).toBe(false)
    // A code tried meanwhile counts as a wrong one (there is none to match).
    expect(await storage.auth.claimAttempt(waiting.id, NOW, 5)).toEqual({
      codeHmac: null,
      newCodeHmac: null,
      attempts: 1,
    })
    expect(await storage.auth.deviceLink(`link-${waiting.id}`, NOW)).toEqual({
      status: 'usable',
      challengeId: waiting.id,
    })
    expect(await storage.auth.deviceLink(`link-${waiting.id}`, later(1_200_000))).toEqual({
      status: 'expired',
    })
    expect(await storage.auth.useDeviceLink(`link-${waiting.id}`, NOW)).toBe(waiting.id)
    expect(await storage.auth.useDeviceLink(`link-${waiting.id}`, NOW)).toBeUndefined()
    // The login's other link goes with it.
    expect(await storage.auth.deviceLink(`again-${waiting.id}`, NOW)).toEqual({ status: 'used' })
    expect(await storage.auth.useDeviceLink(`again-${waiting.id}`, NOW)).toBeUndefined()
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
