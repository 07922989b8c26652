// The database schema. Migrations in ../../drizzle are generated from this file with drizzle-kit
// (`npx tsx packages/server/scripts/drizzle-kit.ts generate --name <change>`) and committed.
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres only sends Buffers as binary; PGlite takes any Uint8Array.
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
})

export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  allowedOrigins: text('allowed_origins').array().notNull().default(sql`'{}'::text[]`),
  analyticsEnabled: boolean('analytics_enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const wallets = pgTable(
  'wallets',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    rdns: text('rdns'),
    imageId: text('image_id'),
    chains: text('chains').array().notNull().default(sql`'{}'::text[]`),
    mobileLink: text('mobile_link'),
    desktopLink: text('desktop_link'),
    webappLink: text('webapp_link'),
    appStore: text('app_store'),
    playStore: text('play_store'),
    chromeStore: text('chrome_store'),
    homepage: text('homepage'),
    injected: jsonb('injected')
      .$type<{ namespace: string; injected_id: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    badgeType: text('badge_type', { enum: ['certified', 'none'] })
      .notNull()
      .default('none'),
    order: integer('order').notNull(),
  },
  (table) => [
    index('wallets_listing_order').on(table.order, sql`lower(${table.name}) collate "C"`, table.id),
    index('wallets_chains').using('gin', table.chains),
  ],
)

export const images = pgTable(
  'images',
  {
    kind: text('kind', { enum: ['wallet', 'asset', 'currency', 'token'] }).notNull(),
    id: text('id').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    /** sha-256 of the bytes, hex. */
    etag: text('etag').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.id] })],
)

export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    url: text('url').notNull(),
    domain: text('domain').notNull(),
    eventAt: timestamp('event_at', { withTimezone: true }).notNull(),
    event: text('event').notNull(),
    address: text('address'),
    props: jsonb('props').$type<Record<string, string | number | boolean | null>>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('events_project_event').on(table.projectId, table.eventId)],
)

export const sdkUsage = pgTable(
  'sdk_usage',
  {
    projectId: text('project_id').notNull(),
    sdkType: text('sdk_type').notNull(),
    sdkVersion: text('sdk_version').notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.sdkType, table.sdkVersion] })],
)

// Account history: what the indexer reads from each configured chain. Addresses are stored
// lower-case; amounts are base-unit integers as decimal text.

/** Blocks the indexer has recorded, per chain: resume point and reorg detection (hash, parent hash). */
export const indexedBlocks = pgTable(
  'indexed_blocks',
  {
    chainId: integer('chain_id').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    parentHash: text('parent_hash').notNull(),
    minedAt: timestamp('mined_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.number] })],
)

/** Every transaction in an indexed block. */
export const chainTransactions = pgTable(
  'chain_transactions',
  {
    chainId: integer('chain_id').notNull(),
    hash: text('hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    minedAt: timestamp('mined_at', { withTimezone: true }).notNull(),
    from: text('from').notNull(),
    /** Null for a contract deployment. */
    to: text('to'),
    nonce: integer('nonce').notNull(),
    status: text('status', { enum: ['confirmed', 'failed'] }).notNull(),
    operationType: text('operation_type').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.hash] }),
    index('chain_transactions_block').on(table.chainId, table.blockNumber),
  ],
)

/** Value moved by a transaction: its native value (log_index -1) and each ERC-20 / ERC-721 Transfer log. */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    chainId: integer('chain_id').notNull(),
    hash: text('hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['native', 'erc20', 'erc721'] }).notNull(),
    /** Null for native transfers. */
    token: text('token'),
    /** ERC-721 only. */
    tokenId: text('token_id'),
    from: text('from').notNull(),
    to: text('to').notNull(),
    amount: text('amount').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.hash, table.logIndex] }),
    index('chain_transfers_block').on(table.chainId, table.blockNumber),
  ],
)

/** One row per (account, transaction) the account took part in: the history route's index. */
export const accountActivity = pgTable(
  'account_activity',
  {
    account: text('account').notNull(),
    chainId: integer('chain_id').notNull(),
    hash: text('hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    minedAt: timestamp('mined_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.account, table.chainId, table.hash] }),
    index('account_activity_page').on(
      table.account,
      // NULLS FIRST is what a plain `ORDER BY … DESC` means: the history query's order matches the index.
      table.minedAt.desc().nullsFirst(),
      table.chainId.desc().nullsFirst(),
      table.blockNumber.desc().nullsFirst(),
      table.txIndex.desc().nullsFirst(),
    ),
    index('account_activity_block').on(table.chainId, table.blockNumber),
  ],
)

/** Name, symbol and decimals of token contracts seen in Transfer logs (decimals null for ERC-721). */
export const tokenMetadata = pgTable(
  'token_metadata',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    kind: text('kind', { enum: ['erc20', 'erc721'] }).notNull(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals'),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.address] })],
)

// Names: `<label>.<zone>` registered by a signature of the address that owns it.

export const names = pgTable(
  'names',
  {
    /** The full name, lower-case: `alice.latch.id`. */
    name: text('name').primaryKey(),
    zone: text('zone').notNull(),
    /** Lower-case. */
    address: text('address').notNull(),
    /** ENSIP-11 coin type: 60 for Ethereum, `0x80000000 | chainId` for other EVM chains. */
    coinType: bigint('coin_type', { mode: 'number' }).notNull(),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('names_address').on(table.address, table.registeredAt)],
)

/** Registration messages already used (sha-256 of the signed message, hex): a message registers once. */
export const usedNameMessages = pgTable('used_name_messages', {
  messageHash: text('message_hash').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Sign-in nonces (SIWX): issued by `GET /v1/sessions/nonce`, each used by at most one session. */
export const siwxNonces = pgTable('siwx_nonces', {
  nonce: text('nonce').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Set when a verified message used it. */
  usedAt: timestamp('used_at', { withTimezone: true }),
})

/** Sign-in sessions: a verified sign-in message, found again by the sha-256 of the token it was given. */
export const siwxSessions = pgTable(
  'siwx_sessions',
  {
    id: text('id').primaryKey(),
    /** sha-256 of the bearer token, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    /** Checksummed. */
    address: text('address').notNull(),
    /** CAIP-2. */
    chainId: text('chain_id').notNull(),
    domain: text('domain').notNull(),
    uri: text('uri').notNull(),
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('siwx_sessions_address').on(sql`lower(${table.address})`, table.domain)],
)

// E-mail login of the embedded wallet (packages/server/src/auth): accounts, their devices, one-time codes, device
// links, frame sessions and the two server-held key shares. Secrets are never stored as given: codes as HMACs,
// links and session tokens as sha-256, key shares sealed (AES-256-GCM) under the key-encryption keys.

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

/**
 * The sandbox on-ramp's orders (`onramp/sandbox.ts`): a checkout made by `POST /v1/generators/onrampurl`, paid with
 * a test card on the server's own page, then delivered on the devnet. Unpaid ones are dropped after a while.
 */
export const onrampOrders = pgTable(
  'onramp_orders',
  {
    /** Random, 128 bits: the checkout page's address holds it. */
    id: text('id').primaryKey(),
    partnerUserId: text('partner_user_id').notNull(),
    /** The address it is delivered to, as given. */
    destination: text('destination').notNull(),
    /** eip155 chain id. */
    chainId: integer('chain_id').notNull(),
    /** The asset's symbol and how much of it, in whole units. */
    asset: text('asset').notNull(),
    purchaseAmount: text('purchase_amount').notNull(),
    /** In the payment currency: what the visitor pays, the provider's fee and the network fee. */
    currency: text('currency').notNull(),
    paymentTotal: text('payment_total').notNull(),
    fee: text('fee').notNull(),
    networkFee: text('network_fee').notNull(),
    status: text('status', { enum: ['created', 'pending', 'completed', 'failed'] }).notNull(),
    /** Why it failed, in words the checkout shows. */
    failure: text('failure'),
    txHash: text('tx_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('onramp_orders_user').on(table.partnerUserId, table.createdAt),
    index('onramp_orders_status').on(table.status, table.createdAt),
  ],
)

// The payloads of farcaster_channels' jsonb columns (farcaster.ts, its store, re-exports them).

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

/**
 * The paymaster's sponsorships (`aa/paymaster.ts`): one row per user operation it signed for, with the most it can
 * cost (gas limits × max fee, in wei). The daily caps of a project's policy are sums over these rows, so they hold
 * across every server instance on the database.
 */
export const sponsorships = pgTable(
  'sponsorships',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: text('project_id').notNull(),
    chainId: integer('chain_id').notNull(),
    /** The smart account, lowercase. */
    sender: text('sender').notNull(),
    /** The most the operation can charge the paymaster's deposit, in wei (decimal text: it may exceed 2^63). */
    maxCost: text('max_cost').notNull(),
    /** The UTC day the caps count it in, `YYYY-MM-DD`. */
    day: text('day').notNull(),
    /** Who asked (a client address, an IPv6 one as its /64): a requester's signatures are budgeted per hour. */
    requester: text('requester').notNull().default(''),
    /** The operation's ERC-4337 hash, which the EntryPoint's UserOperationEvent names once it lands. */
    userOpHash: text('user_op_hash'),
    /** Until when its signature is good: past it, an operation never seen on chain can no longer land. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** The chain's block when it was signed: where its event is looked for from. */
    fromBlock: bigint('from_block', { mode: 'bigint' }),
    /**
     * 'reserved' from its signature (counted), 'landed' once seen on chain (counted), 'released' when its signature
     * ran out unseen (no longer counted). Rows from before reservations count as landed.
     */
    state: text('state', { enum: ['reserved', 'landed', 'released'] })
      .notNull()
      .default('landed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sponsorships_project_day').on(table.projectId, table.day),
    index('sponsorships_sender_day').on(table.projectId, table.sender, table.day),
    index('sponsorships_requester').on(table.projectId, table.requester, table.createdAt),
    index('sponsorships_reserved').on(table.chainId, table.state),
  ],
)
