// A login's device links: mailed to approve a device new to its account, used once (and the login's others with it).
import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Database } from './database.ts'
import { authChallenges, authDeviceLinks } from './schema.ts'

/** When a challenge may be mailed again: fewer than `maxSends` sends, the last at or before `resendAfter`. */
export interface Resend {
  resendAfter: Date
  maxSends: number
}

/** A challenge that may be mailed again under `condition`. */
export const resendable = ({ resendAfter, maxSends }: Resend) =>
  and(
    lt(authChallenges.sends, maxSends),
    or(isNull(authChallenges.sentAt), lte(authChallenges.sentAt, resendAfter)),
  )

/** The device links of the auth store (`AuthStore` extends this). */
export interface DeviceLinkStore {
  /**
   * Records a device link for a challenge waiting for its device's approval and counts its e-mail (a challenge's
   * first was counted as it was made), on the conditions of a new code: fewer than `maxSends` sends, the last at or
   * before `resendAfter`. Its attempts start again and it expires at `codeExpiresAt`, as one waiting for a code would
   * (so that nothing, its purge included, tells them apart); the link lives on until its own `expiresAt`. Answers
   * whether it did.
   */
  linkSent(
    id: string,
    link: { tokenHash: string; sentAt: Date; expiresAt: Date; codeExpiresAt: Date },
    condition: Resend,
  ): Promise<boolean>
  /** What a device link's page shows: its challenge when usable, else why not. */
  deviceLink(
    tokenHash: string,
    now: Date,
  ): Promise<{ status: 'usable'; challengeId: string } | { status: 'used' | 'expired' | 'unknown' }>
  /**
   * Uses the link up (once), and the login's other links with it (an older one, or a newer a resend mailed): its
   * challenge id, or undefined when unknown, used or expired.
   */
  useDeviceLink(tokenHash: string, now: Date): Promise<string | undefined>
}

export function createDeviceLinks(db: Database): DeviceLinkStore {
  return {
    async linkSent(id, link, condition) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(authChallenges)
          .set({
            attempts: 0,
            sends: sql`${authChallenges.sends} + 1`,
            mails: sql`${authChallenges.mails} + case when ${authChallenges.sends} = 0 then 0 else 1 end`,
            sentAt: link.sentAt,
            expiresAt: link.codeExpiresAt,
          })
          .where(and(eq(authChallenges.id, id), eq(authChallenges.state, 'device'), resendable(condition)))
          .returning({ id: authChallenges.id })
        if (!rows.length) return false
        await tx
          .insert(authDeviceLinks)
          .values({ tokenHash: link.tokenHash, challengeId: id, expiresAt: link.expiresAt })
        return true
      })
    },
    async deviceLink(tokenHash, now) {
      const [link] = await db.select().from(authDeviceLinks).where(eq(authDeviceLinks.tokenHash, tokenHash))
      if (!link) return { status: 'unknown' }
      if (link.usedAt) return { status: 'used' }
      if (link.expiresAt.getTime() <= now.getTime()) return { status: 'expired' }
      return { status: 'usable', challengeId: link.challengeId }
    },
    async useDeviceLink(tokenHash, now) {
      const [link] = await db
        .update(authDeviceLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(authDeviceLinks.tokenHash, tokenHash),
            isNull(authDeviceLinks.usedAt),
            gt(authDeviceLinks.expiresAt, now),
          ),
        )
        .returning({ challengeId: authDeviceLinks.challengeId })
      if (link)
        await db
          .update(authDeviceLinks)
          .set({ usedAt: now })
          .where(and(eq(authDeviceLinks.challengeId, link.challengeId), isNull(authDeviceLinks.usedAt)))
      return link?.challengeId
    },
  }
}
