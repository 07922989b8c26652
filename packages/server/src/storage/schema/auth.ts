// E-mail login of the embedded wallet (packages/server/src/auth): accounts, their devices, one-time codes, device
// links, frame sessions and the two server-held key shares. Secrets are never stored as given: codes as HMACs,
// links and session tokens as sha-256, key shares sealed (AES-256-GCM) under the key-encryption keys.
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { bytea } from './bytea.ts'

/**
 * An embedded-wallet account: at most one e-mail address (none for an account only a social login without a verified
 * e-mail knows), one key (its address once the frame has made it).
 */
export const authAccounts = pgTable('auth_accounts', {
  id: text('id').primaryKey(),
  /** Lower-case; verified (by a code, or by the social provider that vouched for it). */
  email: text('email').unique(),
  /** Checksummed; null until the frame has stored the key's shares. */
  address: text('address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The devices (frame installs) an account has logged in on, each by the sha-256 of its device secret. */
export const authDevices = pgTable(
  'auth_devices',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => authAccounts.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.deviceHash] })],
)

/**
 * A login or an e-mail change in progress: the code mailed (its HMAC), the attempts, when it was sent and when it
 * expires. A login on a new device waits for its device link (`state` 'device') before a code is mailed.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['login', 'change'] }).notNull(),
    /** The address the code went to (lower-case); for a change, the account's current one. */
    email: text('email').notNull(),
    /** For a change: the new address, which gets a code of its own. */
    newEmail: text('new_email'),
    /** For a change: whose e-mail changes. */
    accountId: text('account_id').references(() => authAccounts.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    /** Who asked: the client's address (an IPv6 address as its /64), what the budgets count per requester. */
    requester: text('requester').notNull().default(''),
    /** Started on a device the account knew (or by the account's session): counted apart from strangers' starts. */
    trusted: boolean('trusted').notNull().default(false),
    state: text('state', { enum: ['device', 'code', 'done'] }).notNull(),
    codeHmac: text('code_hmac'),
    /** For a change: the HMAC of the code mailed to the new address. */
    newCodeHmac: text('new_code_hmac'),
    attempts: integer('attempts').notNull().default(0),
    /** Codes mailed for this challenge so far. */
    sends: integer('sends').notNull().default(0),
    /** E-mails it caused: its device link and its codes (a change's two per send). */
    mails: integer('mails').notNull().default(0),
    /** Codes tried against it, never reset by a new code: the address's guess budget counts them. */
    guesses: integer('guesses').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('auth_challenges_email').on(table.email, table.createdAt),
    index('auth_challenges_requester').on(table.requester, table.createdAt),
    index('auth_challenges_created').on(table.createdAt),
  ],
)

/** A link mailed to approve a new device for a login (sha-256 of its token). */
export const authDeviceLinks = pgTable('auth_device_links', {
  tokenHash: text('token_hash').primaryKey(),
  challengeId: text('challenge_id')
    .notNull()
    .references(() => authChallenges.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})

/**
 * A frame's session after a login, bound to the device it was made on: the bearer of its token, showing that device's
 * secret, may fetch the account's key shares.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    /** sha-256 of the bearer token, hex. */
    tokenHash: text('token_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => authAccounts.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    /** The social login that started it (with `subject`, its identity); null for an e-mail login. */
    provider: text('provider'),
    subject: text('subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * Until when the session may have the recovery share (or its passphrase box): shortly after the login that made it
     * (a code from the mailbox, or the social provider's), never later.
     */
    recoveryUntil: timestamp('recovery_until', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('auth_sessions_account').on(table.accountId)],
)

/**
 * A social login's user at its provider (Google's `sub`, GitHub's id…), and the account it logs into: for good, once
 * linked. What the provider last said of them is kept for the account's line (handle, e-mail).
 */
export const authIdentities = pgTable(
  'auth_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => authAccounts.id, { onDelete: 'cascade' }),
    /** Lower-case, as the provider gave it, verified or not. */
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The handle (GitHub login, X username…) or display name. */
    username: text('username'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    index('auth_identities_account').on(table.accountId),
  ],
)

/**
 * A social login in progress (OAuth 2 authorization code + PKCE): what the callback checks (state, nonce, verifier),
 * the device that started it, and once the provider answered, the account and the one-time proof (its sha-256) the
 * callback page handed to that device's frame, which exchanges it for a session.
 */
export const authSocialLogins = pgTable(
  'auth_social_logins',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    /** sha-256 of the `state` parameter, hex: the callback finds its login by it. */
    stateHash: text('state_hash').notNull().unique(),
    nonce: text('nonce').notNull(),
    /** PKCE's code verifier; for a Farcaster login, its relay channel's token (the server reads the answer with it). */
    codeVerifier: text('code_verifier').notNull(),
    deviceHash: text('device_hash').notNull(),
    /** A Telegram login's way back: the page the visitor left for Telegram (a top-level redirect, not a popup). */
    returnTo: text('return_to'),
    /** 'started': at the provider; 'called-back': the callback took it; 'done': the frame has its session. */
    status: text('status', { enum: ['started', 'called-back', 'done'] }).notNull(),
    accountId: text('account_id').references(() => authAccounts.id, { onDelete: 'cascade' }),
    subject: text('subject'),
    proofHash: text('proof_hash'),
    /** Why the provider or the checks refused it, in words the frame shows. */
    failure: text('failure'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('auth_social_logins_created').on(table.createdAt),
    index('auth_social_logins_device').on(table.deviceHash, table.createdAt),
  ],
)

/**
 * The account key's two server-held shares of three (the third stays on the device): the auth share sealed under
 * LATCH_KEK, the recovery share sealed under LATCH_RECOVERY_KEK, or, once the user has set a passphrase, only the
 * sealed box the frame made with it (the server cannot open it).
 */
export const authKeyShares = pgTable('auth_key_shares', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => authAccounts.id, { onDelete: 'cascade' }),
  authShare: bytea('auth_share').notNull(),
  recoveryShare: bytea('recovery_share'),
  /** The recovery share sealed by the frame under the user's passphrase, with its KDF parameters. */
  passphraseBox: jsonb('passphrase_box').$type<Record<string, string | number>>(),
  /** sha-256 (hex) of the proof the passphrase derives (its own PBKDF2): what changing the passphrase shows. */
  passphraseProof: text('passphrase_proof'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
