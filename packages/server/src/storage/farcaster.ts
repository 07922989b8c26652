// Sign In With Farcaster's relay channels: opened by an app, completed once by a Farcaster client, read back by the
// app and then closed.
import { and, count, eq, gt, lte, sql } from 'drizzle-orm'
import type { Database } from './database.ts'
import {
  type FarcasterAnswer,
  type FarcasterChannelMetadata,
  type FarcasterSignatureParams,
  farcasterChannels,
} from './schema.ts'

export type { FarcasterAnswer, FarcasterChannelMetadata, FarcasterSignatureParams } from './schema.ts'

export interface FarcasterChannel {
  /** sha-256 of the channel token, hex. */
  tokenHash: string
  nonce: string
  signatureParams: FarcasterSignatureParams
  acceptAuthAddress: boolean
  metadata: FarcasterChannelMetadata
  state: 'pending' | 'completed'
  /** Null while pending. */
  answer: FarcasterAnswer | null
  createdAt: Date
  expiresAt: Date
}

export type NewFarcasterChannel = Omit<FarcasterChannel, 'state' | 'answer'>

export interface FarcasterChannelStore {
  /**
   * Opens a pending channel unless `limit.max` channels are live at `createdAt` already (counted and written under one
   * lock, so concurrent opens cannot pass the cap together).
   */
  open(channel: NewFarcasterChannel, limit: { max: number }): Promise<'opened' | 'full'>
  /** The channel, unless it expired at `now` (an expired one is as good as gone). */
  read(tokenHash: string, now: Date): Promise<FarcasterChannel | undefined>
  /**
   * Completes a pending channel with the client's answer, once (one statement moves it from pending): 'completed-already'
   * when an answer came first, 'missing' when no live channel has that token.
   */
  complete(
    tokenHash: string,
    answer: FarcasterAnswer,
    now: Date,
  ): Promise<FarcasterChannel | 'missing' | 'completed-already'>
  /** Deletes the channel; answers whether this call did (of two at once, one does). */
  close(tokenHash: string): Promise<boolean>
  /** Channels live at `now`. */
  count(now: Date): Promise<number>
  /** Deletes the channels expired at `before`; answers how many went. */
  purge(before: Date): Promise<number>
}

const channelColumns = {
  tokenHash: farcasterChannels.tokenHash,
  nonce: farcasterChannels.nonce,
  signatureParams: farcasterChannels.request,
  acceptAuthAddress: farcasterChannels.acceptAuthAddress,
  metadata: farcasterChannels.metadata,
  state: farcasterChannels.state,
  answer: farcasterChannels.answer,
  createdAt: farcasterChannels.createdAt,
  expiresAt: farcasterChannels.expiresAt,
}

const live = (now: Date) => gt(farcasterChannels.expiresAt, now)

/**
 * The relay's channels over drizzle.
 *
 * @example
 * const channels = createFarcasterChannelStore(db)
 * await channels.open({ tokenHash, nonce, signatureParams, acceptAuthAddress: true, metadata, createdAt, expiresAt }, { max: 100_000 })
 */
export function createFarcasterChannelStore(db: Database): FarcasterChannelStore {
  const read = async (tokenHash: string, now: Date) => {
    const [row] = await db
      .select(channelColumns)
      .from(farcasterChannels)
      .where(and(eq(farcasterChannels.tokenHash, tokenHash), live(now)))
    return row
  }
  return {
    async open({ signatureParams, ...channel }, limit) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('latch-farcaster-channels', 0))`)
        const [row] = await tx
          .select({ count: count() })
          .from(farcasterChannels)
          .where(live(channel.createdAt))
        if ((row?.count ?? 0) >= limit.max) return 'full'
        await tx.insert(farcasterChannels).values({ ...channel, request: signatureParams, state: 'pending' })
        return 'opened'
      })
    },
    read,
    async complete(tokenHash, answer, now) {
      const [completed] = await db
        .update(farcasterChannels)
        .set({ state: 'completed', answer })
        .where(
          and(eq(farcasterChannels.tokenHash, tokenHash), eq(farcasterChannels.state, 'pending'), live(now)),
        )
        .returning(channelColumns)
      if (completed) return completed
      return (await read(tokenHash, now)) ? 'completed-already' : 'missing'
    },
    async close(tokenHash) {
      const closed = await db
        .delete(farcasterChannels)
        .where(eq(farcasterChannels.tokenHash, tokenHash))
        .returning({ tokenHash: farcasterChannels.tokenHash })
      return closed.length > 0
    },
    async count(now) {
      const [row] = await db.select({ count: count() }).from(farcasterChannels).where(live(now))
      return row?.count ?? 0
    },
    async purge(before) {
      const purged = await db
        .delete(farcasterChannels)
        .where(lte(farcasterChannels.expiresAt, before))
        .returning({ tokenHash: farcasterChannels.tokenHash })
      return purged.length
    },
  }
}
