// The paymaster's sponsorships: what each project (and each account in it) was sponsored, per UTC day. A sponsorship
// is reserved when it is signed and counts until its signature runs out; then only if its operation landed.
import { and, count, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm'
import type { Database } from './database.ts'
import { sponsorships } from './schema.ts'

export interface NewSponsorship {
  projectId: string
  chainId: number
  /** The smart account; stored lowercase. */
  sender: string
  /** The most the operation can cost the paymaster, in wei. */
  maxCost: bigint
  createdAt: Date
  /** Who asked: a client address (an IPv6 one as its /64). */
  requester: string
  /** The operation's hash, its signature's end and the chain's block when signed: how it is found on chain. */
  userOpHash: string
  validUntil: Date
  fromBlock: bigint
}

/** A reservation not yet settled: what finding its operation on chain takes. */
export interface Reservation {
  id: number
  userOpHash: string
  validUntil: Date
  fromBlock: bigint
}

/**
 * The most a project may be sponsored in a UTC day: in wei and in operations, per account and in all. The counts
 * bound the rows a day can hold, whatever the operations cost (one asking a fee of 0 costs nothing).
 */
export interface DailyCaps {
  account: bigint
  project: bigint
  accountOperations: number
  projectOperations: number
  /** Signatures one requester may have in the hour before the sponsorship, whatever became of them. */
  requesterHourly: number
}

/** What was sponsored in a day: wei and operations, for one account and for the project. */
export interface Spent {
  account: bigint
  project: bigint
  accountOperations: number
  projectOperations: number
}

export interface SponsorshipStore {
  /** What the project, and `sender` in it, were sponsored on the UTC day of `at`, in wei. */
  spent(projectId: string, sender: string, at: Date): Promise<Spent>
  /**
   * Records the sponsorship when the day's sums stay within both caps, else records nothing and answers which cap it
   * would pass. One project's records are taken one at a time (an advisory lock), so instances on one PostgreSQL
   * cannot both take the last of a cap.
   */
  record(
    sponsorship: NewSponsorship,
    caps: DailyCaps,
  ): Promise<'recorded' | 'account' | 'project' | 'requester'>
  /** The chain's reservations not yet settled, oldest first, at most `limit`. */
  reservations(chainId: number, limit: number): Promise<Reservation[]>
  /** Settles reservations: those whose operations landed count for good, the released ones no more. */
  settle(outcome: { landed: readonly number[]; released: readonly number[] }): Promise<void>
  /** Deletes the records of the UTC days before the day of `before`; answers how many. */
  purgeBefore(before: Date): Promise<number>
}

/** `YYYY-MM-DD` of the UTC day of `at`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10)
}

export function createSponsorshipStore(db: Database): SponsorshipStore {
  async function sums(
    executor: Pick<Database, 'select'>,
    projectId: string,
    sender: string,
    day: string,
  ): Promise<Spent> {
    const mine = sql`${sponsorships.sender} = ${sender}`
    const [row] = await executor
      .select({
        project: sql<string>`coalesce(sum(${sponsorships.maxCost}::numeric), 0)::text`,
        account: sql<string>`coalesce(sum(${sponsorships.maxCost}::numeric) filter (where ${mine}), 0)::text`,
        projectOperations: sql<number>`count(*)::int`,
        accountOperations: sql<number>`(count(*) filter (where ${mine}))::int`,
      })
      .from(sponsorships)
      .where(
        and(
          eq(sponsorships.projectId, projectId),
          eq(sponsorships.day, day),
          ne(sponsorships.state, 'released'),
        ),
      )
    return {
      account: BigInt(row?.account ?? '0'),
      project: BigInt(row?.project ?? '0'),
      accountOperations: Number(row?.accountOperations ?? 0),
      projectOperations: Number(row?.projectOperations ?? 0),
    }
  }

  return {
    spent(projectId, sender, at) {
      return sums(db, projectId, sender.toLowerCase(), utcDay(at))
    },
    record(sponsorship, caps) {
      const sender = sponsorship.sender.toLowerCase()
      const day = utcDay(sponsorship.createdAt)
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`latch-sponsorships:${sponsorship.projectId}`}, 0))`,
        )
        const [asked] = await tx
          .select({ count: count() })
          .from(sponsorships)
          .where(
            and(
              eq(sponsorships.projectId, sponsorship.projectId),
              eq(sponsorships.requester, sponsorship.requester),
              gt(sponsorships.createdAt, new Date(sponsorship.createdAt.getTime() - 60 * 60_000)),
            ),
          )
        if ((asked?.count ?? 0) >= caps.requesterHourly) return 'requester'
        const spent = await sums(tx, sponsorship.projectId, sender, day)
        if (spent.account + sponsorship.maxCost > caps.account) return 'account'
        if (spent.accountOperations + 1 > caps.accountOperations) return 'account'
        if (spent.project + sponsorship.maxCost > caps.project) return 'project'
        if (spent.projectOperations + 1 > caps.projectOperations) return 'project'
        await tx.insert(sponsorships).values({
          projectId: sponsorship.projectId,
          chainId: sponsorship.chainId,
          sender,
          maxCost: sponsorship.maxCost.toString(),
          day,
          requester: sponsorship.requester,
          userOpHash: sponsorship.userOpHash.toLowerCase(),
          validUntil: sponsorship.validUntil,
          fromBlock: sponsorship.fromBlock,
          state: 'reserved',
          createdAt: sponsorship.createdAt,
        })
        return 'recorded'
      })
    },
    async reservations(chainId, limit) {
      const rows = await db
        .select({
          id: sponsorships.id,
          userOpHash: sponsorships.userOpHash,
          validUntil: sponsorships.validUntil,
          fromBlock: sponsorships.fromBlock,
        })
        .from(sponsorships)
        .where(and(eq(sponsorships.chainId, chainId), eq(sponsorships.state, 'reserved')))
        .orderBy(sponsorships.id)
        .limit(limit)
      return rows.map((row) => ({
        id: row.id,
        userOpHash: row.userOpHash ?? '',
        validUntil: row.validUntil ?? new Date(0),
        fromBlock: row.fromBlock ?? 0n,
      }))
    },
    async settle({ landed, released }) {
      for (const [ids, state] of [
        [landed, 'landed'],
        [released, 'released'],
      ] as const)
        if (ids.length)
          await db
            .update(sponsorships)
            .set({ state })
            .where(and(inArray(sponsorships.id, [...ids]), eq(sponsorships.state, 'reserved')))
    },
    async purgeBefore(before) {
      // Counted in the database: a busy project's day is many rows, none of which needs to come back.
      const result = await db.execute(
        sql`with deleted as (delete from ${sponsorships} where ${lt(sponsorships.day, utcDay(before))} returning 1) select count(*)::int as count from deleted`,
      )
      const rows = (Array.isArray(result) ? result : (result as { rows: { count: number }[] }).rows) as {
        count: number
      }[]
      return Number(rows[0]?.count ?? 0)
    },
  }
}
