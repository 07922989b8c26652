import { and, count, eq, gt, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import {
  type AuthAccount,
  accountColumns,
  createSessions,
  type NewAuthSession,
  type SessionStore,
} from './authSessions.ts'
import type { Database } from './database.ts'
import { createDeviceLinks, type DeviceLinkStore, type Resend, resendable } from './deviceLinks.ts'
import { createKeyShares, type KeyShareStore } from './keyShares.ts'

export type { AuthAccount, AuthSession, NewAuthSession } from './authSessions.ts'
export type { Resend } from './deviceLinks.ts'
export type { StoredShares } from './keyShares.ts'

import { authAccounts, authChallenges, authDeviceLinks, authDevices, authSessions } from './schema.ts'

export type ChallengeKind = 'login' | 'change'

export interface Challenge {
  id: string
  kind: ChallengeKind
  email: string
  newEmail: string | null
  accountId: string | null
  deviceHash: string
  /** The client that asked (its address; an IPv6 address as its /64). */
  requester: string
  /** Started on a device the account knew, or by the account's own session: not a stranger's. */
  trusted: boolean
  /** 'device': waiting for the device link; 'code': a code is out; 'done': used. */
  state: 'device' | 'code' | 'done'
  codeHmac: string | null
  newCodeHmac: string | null
  attempts: number
  sends: number
  /** E-mails it caused (its device link, its codes). */
  mails: number
  /** Codes tried against it, all its codes together. */
  guesses: number
  sentAt: Date | null
  expiresAt: Date
  createdAt: Date
}

export type NewChallenge = Omit<Challenge, 'attempts' | 'sends' | 'mails' | 'guesses'>

/**
 * What the challenges started since `since` may add up to. A trusted challenge (a device the account knows, the
 * account's own session) counts only against its device's starts for that address: strangers cannot use it up.
 */
export interface ChallengeBudget {
  since: Date
  /** Starts of one address by one requester (a trusted one: by its device). */
  perRequester: number
  /** Starts of one address by every stranger together: far above one requester's. */
  perAddress: number
  /** E-mails one requester's challenges caused, whatever their addresses. */
  requesterMails: number
  /** E-mails every stranger's logins of one address caused together: far above one requester's. */
  addressMails: number
  /** E-mails every stranger's challenge caused. */
  mails: number
}

/** Which budget a refused challenge would have passed. */
export type BudgetRefusal = 'address' | 'requester' | 'mails'

/** How many wrong codes an address's strangers' logins may have had since `since`. */
export interface GuessBudget {
  since: Date
  max: number
}

export interface AuthStore extends DeviceLinkStore, SessionStore, KeyShareStore {
  accountByEmail(email: string): Promise<AuthAccount | undefined>
  deviceConfirmed(accountId: string, deviceHash: string): Promise<boolean>
  /**
   * Records a challenge unless it would pass one of `budget`'s limits for one of its addresses (the e-mail, and a
   * change's new e-mail), counted and written under a lock per address and one per requester, so that concurrent
   * requests cannot pass a limit together (the global e-mail budget may be passed by as many as run at once).
   */
  createChallenge(challenge: NewChallenge, budget: ChallengeBudget): Promise<'created' | BudgetRefusal>
  /** Which e-mail budget a new mail for `challenge` (a resend) would pass; undefined when it stays within them. */
  mayMail(challenge: Challenge, budget: ChallengeBudget): Promise<BudgetRefusal | undefined>
  challenge(id: string): Promise<Challenge | undefined>
  /**
   * Records a new code for the challenge (attempts start again, sends + 1), in one statement with its conditions:
   * from 'device', only while it waits for its link (just used); from 'code', only while it waits for a code, has
   * had fewer than `maxSends` and its last was sent at or before `resendAfter`. Answers whether it did.
   */
  codeSent(
    id: string,
    code: { codeHmac: string; newCodeHmac?: string; sentAt: Date; expiresAt: Date },
    condition: { from: 'device' } | ({ from: 'code' } & Resend),
  ): Promise<boolean>
  /**
   * Counts one attempt at the challenge's code, if it waits for a code (or, as a wrong one, for its device link: a
   * stranger learns nothing from the answer), is not expired at `now` and has had fewer
   * than `maxAttempts`: then answers the HMACs to compare and the attempts made (this one included). With `guesses`
   * (a stranger's login), under a lock per address, first checks the address's budget of wrong codes: past it,
   * 'budget', and the challenge takes no more codes.
   */
  claimAttempt(
    id: string,
    now: Date,
    maxAttempts: number,
    guesses?: GuessBudget & { email: string },
  ): Promise<{ codeHmac: string | null; newCodeHmac: string | null; attempts: number } | 'budget' | undefined>
  /**
   * Uses the login challenge up, if it still holds the code `codeHmac` (a resend replaces it), and, in one
   * transaction: creates its account when the address has none, confirms the device, and starts a session. 'used'
   * (nothing written) when the challenge was used or its code replaced; 'device' (nothing written) when the address
   * got an account after the login started (`expectedAccountId` null) on a device that account has not approved.
   */
  completeLogin(
    id: string,
    login: {
      codeHmac: string
      email: string
      expectedAccountId: string | null
      newAccountId: string
      deviceHash: string
      session: NewAuthSession
    },
  ): Promise<AuthAccount | 'used' | 'device'>
  /** Uses the change challenge up and sets the account's e-mail: 'taken' when another account has the new address. */
  completeChange(
    id: string,
    codeHmac: string,
    accountId: string,
    newEmail: string,
    now: Date,
  ): Promise<'changed' | 'used' | 'taken'>
  /** Deletes expired challenges, links and sessions older than `before`; answers how many rows went. */
  purge(before: Date): Promise<number>
}

/**
 * Marks a challenge waiting for the code `codeHmac` as done, inside `tx`; false when it was not waiting, or waits for
 * another code now (a resend replaced it).
 */
async function useChallenge(tx: Pick<Database, 'update'>, id: string, codeHmac: string): Promise<boolean> {
  const used = await tx
    .update(authChallenges)
    .set({ state: 'done' })
    .where(
      and(eq(authChallenges.id, id), eq(authChallenges.state, 'code'), eq(authChallenges.codeHmac, codeHmac)),
    )
    .returning({ id: authChallenges.id })
  return used.length > 0
}

/**
 * Which e-mail budget one more mail of a stranger's `challenge` would pass: its requester's, its address's, or
 * everyone's; undefined when none.
 */
async function mailBudget(
  db: Pick<Database, 'select'>,
  challenge: Pick<Challenge, 'requester' | 'email' | 'newEmail'>,
  budget: ChallengeBudget,
): Promise<BudgetRefusal | undefined> {
  const mails = sql<number>`coalesce(sum(${authChallenges.mails}), 0)::int`
  const recent = and(gt(authChallenges.createdAt, budget.since), eq(authChallenges.trusted, false))
  const [mine] = await db
    .select({ mails })
    .from(authChallenges)
    .where(and(recent, eq(authChallenges.requester, challenge.requester)))
  if ((mine?.mails ?? 0) >= budget.requesterMails) return 'requester'
  for (const address of new Set([challenge.email, challenge.newEmail ?? challenge.email])) {
    const [sent] = await db
      .select({ mails })
      .from(authChallenges)
      .where(and(recent, or(eq(authChallenges.email, address), eq(authChallenges.newEmail, address))))
    if ((sent?.mails ?? 0) >= budget.addressMails) return 'address'
  }
  const [all] = await db.select({ mails }).from(authChallenges).where(recent)
  if ((all?.mails ?? 0) >= budget.mails) return 'mails'
  return undefined
}

/** PostgreSQL's unique_violation (23505), as node-postgres or PGlite raise it, wrapped by drizzle or not. */
function isUniqueViolation(error: unknown): boolean {
  for (let at: unknown = error; at && typeof at === 'object'; at = (at as { cause?: unknown }).cause)
    if ((at as { code?: unknown }).code === '23505') return true
  return false
}

export function createAuthStore(db: Database): AuthStore {
  return {
    ...createDeviceLinks(db),
    ...createSessions(db),
    ...createKeyShares(db),
    async accountByEmail(email) {
      const [account] = await db
        .select(accountColumns)
        .from(authAccounts)
        .where(eq(authAccounts.email, email))
      return account
    },
    async deviceConfirmed(accountId, deviceHash) {
      const rows = await db
        .select({ accountId: authDevices.accountId })
        .from(authDevices)
        .where(and(eq(authDevices.accountId, accountId), eq(authDevices.deviceHash, deviceHash)))
      return rows.length > 0
    },
    async createChallenge(challenge, budget) {
      const addresses = [...new Set([challenge.email, challenge.newEmail ?? challenge.email])].sort()
      return db.transaction(async (tx) => {
        // In a fixed order (addresses, then the requester), so two changes between the same two addresses cannot
        // deadlock.
        for (const key of [
          ...addresses.map((address) => `address:${address}`),
          `requester:${challenge.requester}`,
        ])
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtextextended(${`latch-auth-budget:${key}`}, 0))`,
          )
        const recent = gt(authChallenges.createdAt, budget.since)
        const starts = async (...conditions: SQL[]) => {
          const [row] = await tx
            .select({ count: count() })
            .from(authChallenges)
            .where(and(recent, ...conditions))
          return row?.count ?? 0
        }
        for (const address of addresses) {
          const of = or(eq(authChallenges.email, address), eq(authChallenges.newEmail, address)) as SQL
          if (challenge.trusted) {
            const own = and(
              eq(authChallenges.trusted, true),
              eq(authChallenges.deviceHash, challenge.deviceHash),
            )
            if ((await starts(of, own as SQL)) >= budget.perRequester) return 'address'
            continue
          }
          const stranger = eq(authChallenges.trusted, false)
          if (
            (await starts(of, stranger, eq(authChallenges.requester, challenge.requester))) >=
            budget.perRequester
          )
            return 'address'
          if ((await starts(of, stranger)) >= budget.perAddress) return 'address'
        }
        if (!challenge.trusted) {
          const refusal = await mailBudget(tx, challenge, budget)
          if (refusal) return refusal
        }
        // Its first e-mails (a login's code or device link, a change's two codes) count from now: a burst of starts
        // cannot pass a budget before they are sent.
        await tx.insert(authChallenges).values({ ...challenge, mails: challenge.newEmail ? 2 : 1 })
        return 'created'
      })
    },
    async mayMail(challenge, budget) {
      return challenge.trusted ? undefined : mailBudget(db, challenge, budget)
    },
    async challenge(id) {
      const [row] = await db.select().from(authChallenges).where(eq(authChallenges.id, id))
      return row
    },
    async codeSent(id, code, condition) {
      const rows = await db
        .update(authChallenges)
        .set({
          state: 'code',
          codeHmac: code.codeHmac,
          newCodeHmac: code.newCodeHmac ?? null,
          attempts: 0,
          sends: sql`${authChallenges.sends} + 1`,
          // The first code of a challenge started waiting for one was counted when it was made.
          mails: sql`${authChallenges.mails} + case when ${authChallenges.sends} = 0 and ${authChallenges.state} = 'code' then 0 else ${code.newCodeHmac ? 2 : 1} end`,
          sentAt: code.sentAt,
          expiresAt: code.expiresAt,
        })
        .where(
          and(
            eq(authChallenges.id, id),
            condition.from === 'device'
              ? eq(authChallenges.state, 'device')
              : and(eq(authChallenges.state, 'code'), resendable(condition)),
          ),
        )
        .returning({ id: authChallenges.id })
      return rows.length > 0
    },
    async claimAttempt(id, now, maxAttempts, guesses) {
      const claim = (tx: Pick<Database, 'update'>) =>
        tx
          .update(authChallenges)
          .set({
            attempts: sql`${authChallenges.attempts} + 1`,
            guesses: sql`${authChallenges.guesses} + 1`,
          })
          .where(
            and(
              eq(authChallenges.id, id),
              inArray(authChallenges.state, ['code', 'device']),
              lt(authChallenges.attempts, maxAttempts),
              gt(authChallenges.expiresAt, now),
            ),
          )
          .returning({
            codeHmac: authChallenges.codeHmac,
            newCodeHmac: authChallenges.newCodeHmac,
            attempts: authChallenges.attempts,
          })
      if (!guesses) return (await claim(db))[0]
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`latch-auth-budget:address:${guesses.email}`}, 0))`,
        )
        // Wrong codes: every code tried against a stranger's login of the address or change to it, but the one
        // that completed it.
        const [row] = await tx
          .select({
            wrong: sql<number>`coalesce(sum(${authChallenges.guesses} - (case when ${authChallenges.state} = 'done' then 1 else 0 end)), 0)::int`,
          })
          .from(authChallenges)
          .where(
            and(
              or(
                and(eq(authChallenges.kind, 'login'), eq(authChallenges.email, guesses.email)),
                and(eq(authChallenges.kind, 'change'), eq(authChallenges.newEmail, guesses.email)),
              ),
              eq(authChallenges.trusted, false),
              gt(authChallenges.createdAt, guesses.since),
            ),
          )
        if ((row?.wrong ?? 0) >= guesses.max) {
          await tx.update(authChallenges).set({ attempts: maxAttempts }).where(eq(authChallenges.id, id))
          return 'budget' as const
        }
        return (await claim(tx))[0]
      })
    },
    async completeLogin(id, login) {
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select(accountColumns)
          .from(authAccounts)
          .where(eq(authAccounts.email, login.email))
        if (existing && existing.id !== login.expectedAccountId) {
          const known = await tx
            .select({ accountId: authDevices.accountId })
            .from(authDevices)
            .where(and(eq(authDevices.accountId, existing.id), eq(authDevices.deviceHash, login.deviceHash)))
          if (!known.length) return 'device'
        }
        if (!(await useChallenge(tx, id, login.codeHmac))) return 'used'
        await tx
          .insert(authAccounts)
          .values({ id: login.newAccountId, email: login.email })
          .onConflictDoNothing({ target: authAccounts.email })
        const [account] = await tx
          .select(accountColumns)
          .from(authAccounts)
          .where(eq(authAccounts.email, login.email))
        if (!account) throw new Error(`the account of ${login.email} is missing after its insert`)
        await tx
          .insert(authDevices)
          .values({
            accountId: account.id,
            deviceHash: login.deviceHash,
            confirmedAt: login.session.createdAt,
          })
          .onConflictDoNothing()
        await tx.insert(authSessions).values({
          tokenHash: login.session.tokenHash,
          accountId: account.id,
          deviceHash: login.deviceHash,
          createdAt: login.session.createdAt,
          expiresAt: login.session.expiresAt,
          recoveryUntil: login.session.recoveryUntil,
        })
        return account
      })
    },
    async completeChange(id, codeHmac, accountId, newEmail, now) {
      try {
        return await db.transaction(async (tx) => {
          if (!(await useChallenge(tx, id, codeHmac))) return 'used'
          const taken = await tx
            .select({ id: authAccounts.id })
            .from(authAccounts)
            .where(eq(authAccounts.email, newEmail))
          if (taken.length) return 'taken'
          await tx
            .update(authAccounts)
            .set({ email: newEmail, updatedAt: now })
            .where(eq(authAccounts.id, accountId))
          return 'changed'
        })
      } catch (error) {
        // A first login made an account for the new address between the check and the update.
        if (isUniqueViolation(error)) return 'taken'
        throw error
      }
    },
    async purge(before) {
      // A challenge also counts toward its address's quota while it is younger than `before`.
      const challenges = await db
        .delete(authChallenges)
        .where(and(lte(authChallenges.expiresAt, before), lt(authChallenges.createdAt, before)))
        .returning({ id: authChallenges.id })
      const links = await db
        .delete(authDeviceLinks)
        .where(lte(authDeviceLinks.expiresAt, before))
        .returning({ tokenHash: authDeviceLinks.tokenHash })
      const sessions = await db
        .delete(authSessions)
        .where(lte(authSessions.expiresAt, before))
        .returning({ tokenHash: authSessions.tokenHash })
      return challenges.length + links.length + sessions.length
    },
  }
}
