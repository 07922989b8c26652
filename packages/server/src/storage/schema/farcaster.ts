// The Farcaster relay's channels, and the payloads of their jsonb columns (farcaster.ts, its store, re-exports them).
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** What the app asks the Farcaster client to sign: the protocol's `signatureParams`. */
export interface FarcasterSignatureParams {
  siweUri: string
  domain: string
  nonce: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
  redirectUrl?: string
}

/** Who opened the channel, for the Farcaster client to show. */
export interface FarcasterChannelMetadata {
  ip: string
  userAgent: string
}

/** What the Farcaster client posted: the signed message and the profile it vouches for (unverified by the relay). */
export interface FarcasterAnswer {
  message: string
  signature: `0x${string}`
  authMethod: 'custody' | 'authAddress'
  fid: number
  username?: string
  bio?: string
  displayName?: string
  pfpUrl?: string
  /** The fid's custody address as the ID registry says, when the relay reads one. */
  custody?: `0x${string}`
}

/**
 * Sign In With Farcaster's relay channels (`routes/farcasterRelay.ts`): what an app asked a Farcaster client to sign,
 * and once that client posted its signed message, the answer the app polls for. A channel is deleted when the app has
 * read its answer, and purged once expired.
 */
export const farcasterChannels = pgTable(
  'farcaster_channels',
  {
    /** sha-256 of the channel token, hex: the token is the bearer of both the app's and the client's requests. */
    tokenHash: text('token_hash').primaryKey(),
    nonce: text('nonce').notNull(),
    /** The signature params the app asked for (the protocol's `signatureParams`: siweUri, domain, nonce…). */
    request: jsonb('request').$type<FarcasterSignatureParams>().notNull(),
    acceptAuthAddress: boolean('accept_auth_address').notNull(),
    /** The app's IP and user agent, which the Farcaster client may show. */
    metadata: jsonb('metadata').$type<FarcasterChannelMetadata>().notNull(),
    state: text('state', { enum: ['pending', 'completed'] }).notNull(),
    /** The signed message, its signature and the profile the client sent; null while pending. */
    answer: jsonb('answer').$type<FarcasterAnswer>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('farcaster_channels_expires').on(table.expiresAt)],
)
