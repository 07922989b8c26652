import { and, count, eq, gt, lte, sql } from 'drizzle-orm'
import type { AuthAccount, NewAuthSession } from './auth.ts'
import type { Database } from './database.ts'
import { authAccounts, authDevices, authIdentities, authSessions, authSocialLogins } from './schema.ts'

/** A social login in progress, as the callback and the frame's completion read it. */
export interface SocialLogin {
  id: string
  provider: string
  nonce: string
  codeVerifier: string
  deviceHash: string
  /** Telegram's: the page to go back to. */
  returnTo: string | null
  status: 'started' | 'called-back' | 'done'
  accountId: string | null
  subject: string | null
  proofHash: string | null
  failure: string | null
  expiresAt: Date
  createdAt: Date
}

/** What a provider said of its user, once its answer was verified. */
export interface SocialIdentity {
  provider: string
  /** The provider's stable id of the user (OIDC `sub`, GitHub's numeric id…). */
  subject: string
  /** Lower-case. */
  email: string | null
  emailVerified: boolean
  username: string | null
}

export interface SocialStore {
  /**
   * Records a login unless the device has started `quota.max` since `quota.since` (counted and written under a lock
   * per device, so concurrent starts cannot pass it together).
   */
  startLogin(
    login: Omit<SocialLogin, 'status' | 'accountId' | 'subject' | 'proofHash' | 'failure' | 'returnTo'> & {
      stateHash: string
      returnTo?: string
    },
    quota: { since: Date; max: number },
  ): Promise<'started' | 'quota'>
  /**
   * Takes the login the callback's `state` names, once (its status moves from 'started' to 'called-back' in one
   * statement): 'used' when a callback took it before, 'expired' past its time, undefined when no login has that state.
   */
  takeLogin(stateHash: string, now: Date): Promise<SocialLogin | 'used' | 'expired' | undefined>
  /** Records the callback's outcome: the account and the proof's hash, or why it failed. */
  settleLogin(
    id: string,
    outcome: { accountId: string; subject: string; proofHash: string } | { failure: string },
  ): Promise<void>
  login(id: string): Promise<SocialLogin | undefined>
  /**
   * The account of an identity, linked on its first login (the README's account linking rules): the account
   * the identity logged into before; else the account whose e-mail the provider vouches for (verified only), once
   * that account knows the login's device `deviceHash` (approved by its code or link before); else a new account
   * `newAccountId` (with the e-mail when verified and no account has it). The identity's e-mail and handle are updated
   * on every login. Throws `DeviceNotApproved` (nothing written) when the e-mail's account does not know the device.
   */
  accountOf(
    identity: SocialIdentity,
    newAccountId: string,
    now: Date,
    deviceHash: string,
  ): Promise<AuthAccount>
  /**
   * Uses the login up (called back, its proof `proofHash`, on `deviceHash`, not expired at `now`) and, in the same
   * transaction, confirms the device for the account and starts a session of the identity: 'refused' (nothing written)
   * otherwise.
   */
  completeLogin(
    id: string,
    check: { proofHash: string; deviceHash: string; now: Date },
    session: NewAuthSession,
  ): Promise<AuthAccount | 'refused'>
  /** Deletes logins created before `before`; answers how many went. */
  purge(before: Date): Promise<number>
}

/** A first social login whose verified e-mail has an account, on a device that account has not approved. */
export class DeviceNotApproved extends Error {
  constructor() {
    super('the e-mail’s account has not approved this device')
    this.name = 'DeviceNotApproved'
  }
}

const loginColumns = {
  id: authSocialLogins.id,
  provider: authSocialLogins.provider,
  nonce: authSocialLogins.nonce,
  codeVerifier: authSocialLogins.codeVerifier,
  deviceHash: authSocialLogins.deviceHash,
  returnTo: authSocialLogins.returnTo,
  status: authSocialLogins.status,
  accountId: authSocialLogins.accountId,
  subject: authSocialLogins.subject,
  proofHash: authSocialLogins.proofHash,
  failure: authSocialLogins.failure,
  expiresAt: authSocialLogins.expiresAt,
  createdAt: authSocialLogins.createdAt,
}
const accountColumns = { id: authAccounts.id, email: authAccounts.email, address: authAccounts.address }

export function createSocialStore(db: Database): SocialStore {
  return {
    async startLogin({ stateHash, ...login }, quota) {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`latch-social-quota:${login.deviceHash}`}, 0))`,
        )
        const [row] = await tx
          .select({ count: count() })
          .from(authSocialLogins)
          .where(
            and(
              eq(authSocialLogins.deviceHash, login.deviceHash),
              gt(authSocialLogins.createdAt, quota.since),
            ),
          )
        if ((row?.count ?? 0) >= quota.max) return 'quota'
        await tx.insert(authSocialLogins).values({ ...login, stateHash, status: 'started' })
        return 'started'
      })
    },
    async takeLogin(stateHash, now) {
      const [taken] = await db
        .update(authSocialLogins)
        .set({ status: 'called-back' })
        .where(
          and(
            eq(authSocialLogins.stateHash, stateHash),
            eq(authSocialLogins.status, 'started'),
            gt(authSocialLogins.expiresAt, now),
          ),
        )
        .returning(loginColumns)
      if (taken) return taken
      const [known] = await db
        .select(loginColumns)
        .from(authSocialLogins)
        .where(eq(authSocialLogins.stateHash, stateHash))
      if (!known) return undefined
      return known.status === 'started' ? 'expired' : 'used'
    },
    async settleLogin(id, outcome) {
      await db
        .update(authSocialLogins)
        .set('failure' in outcome ? { failure: outcome.failure } : outcome)
        .where(eq(authSocialLogins.id, id))
    },
    async login(id) {
      const [row] = await db.select(loginColumns).from(authSocialLogins).where(eq(authSocialLogins.id, id))
      return row
    },
    async accountOf(identity, newAccountId, now, deviceHash) {
      return db.transaction(async (tx) => {
        // One first login of an identity at a time: two at once would make two accounts.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`latch-identity:${identity.provider}:${identity.subject}`}, 0))`,
        )
        const key = and(
          eq(authIdentities.provider, identity.provider),
          eq(authIdentities.subject, identity.subject),
        )
        const [known] = await tx
          .select(accountColumns)
          .from(authIdentities)
          .innerJoin(authAccounts, eq(authAccounts.id, authIdentities.accountId))
          .where(key)
        if (known) {
          await tx
            .update(authIdentities)
            .set({
              email: identity.email,
              emailVerified: identity.emailVerified,
              username: identity.username,
              lastLoginAt: now,
            })
            .where(key)
          return known
        }
        const email = identity.emailVerified ? identity.email : null
        if (email) {
          // The e-mail's account may be made by an e-mail login meanwhile: the insert waits on its lock, then skips.
          await tx
            .insert(authAccounts)
            .values({ id: newAccountId, email })
            .onConflictDoNothing({ target: authAccounts.email })
        } else await tx.insert(authAccounts).values({ id: newAccountId })
        const [account] = email
          ? await tx.select(accountColumns).from(authAccounts).where(eq(authAccounts.email, email))
          : await tx.select(accountColumns).from(authAccounts).where(eq(authAccounts.id, newAccountId))
        if (!account) throw new Error(`the account of ${identity.provider} ${identity.subject} is missing`)
        // An account that was there before: a provider's word alone does not join it, its own approval of the device
        // (an e-mail code or link, or a login of another identity of it there) does.
        if (account.id !== newAccountId) {
          const known = await tx
            .select({ accountId: authDevices.accountId })
            .from(authDevices)
            .where(and(eq(authDevices.accountId, account.id), eq(authDevices.deviceHash, deviceHash)))
          if (!known.length) throw new DeviceNotApproved()
        }
        await tx.insert(authIdentities).values({
          ...identity,
          accountId: account.id,
          createdAt: now,
          lastLoginAt: now,
        })
        return account
      })
    },
    async completeLogin(id, check, session) {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(authSocialLogins)
          .set({ status: 'done' })
          .where(
            and(
              eq(authSocialLogins.id, id),
              eq(authSocialLogins.status, 'called-back'),
              eq(authSocialLogins.proofHash, check.proofHash),
              eq(authSocialLogins.deviceHash, check.deviceHash),
              gt(authSocialLogins.expiresAt, check.now),
            ),
          )
          .returning({
            accountId: authSocialLogins.accountId,
            provider: authSocialLogins.provider,
            subject: authSocialLogins.subject,
          })
        if (!used?.accountId) return 'refused'
        const [account] = await tx
          .select(accountColumns)
          .from(authAccounts)
          .where(eq(authAccounts.id, used.accountId))
        if (!account) return 'refused'
        await tx
          .insert(authDevices)
          .values({ accountId: account.id, deviceHash: check.deviceHash, confirmedAt: session.createdAt })
          .onConflictDoNothing()
        await tx.insert(authSessions).values({
          tokenHash: session.tokenHash,
          accountId: account.id,
          deviceHash: check.deviceHash,
          provider: used.provider,
          subject: used.subject,
          createdAt: session.createdAt,
          expiresAt: session.expiresAt,
          recoveryUntil: session.recoveryUntil,
        })
        return account
      })
    },
    async purge(before) {
      const rows = await db
        .delete(authSocialLogins)
        .where(lte(authSocialLogins.createdAt, before))
        .returning({ id: authSocialLogins.id })
      return rows.length
    },
  }
}
