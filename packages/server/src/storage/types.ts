import type { DirectorySnapshot, ImageKind, WalletRecord } from '../directory/records.ts'
import type { AuthStore } from './auth.ts'
import type { FarcasterChannelStore } from './farcaster.ts'
import type { HistoryStore } from './history.ts'
import type { NameStore } from './names.ts'
import type { OnrampOrderStore } from './onramp.ts'
import type { SessionStore } from './sessions.ts'
import type { SocialStore } from './social.ts'
import type { SponsorshipStore } from './sponsorships.ts'

/** What `GET /getWallets` asks storage for, already validated. */
export interface ListWalletsParameters {
  /** 1-based. */
  page: number
  entries: number
  include?: readonly string[]
  exclude?: readonly string[]
  /** Trimmed, non-empty: a case-insensitive substring of the name or the rdns. */
  search?: string
  badgeType?: 'certified' | 'none'
  /** CAIP-2 ids: a wallet matches when it supports any of them. */
  chains?: readonly string[]
}

export interface ListWalletsResult {
  /** Wallets matching the filters on all pages. */
  count: number
  data: WalletRecord[]
}

export interface StoredImage {
  contentType: string
  bytes: Uint8Array
  /** sha-256 of the bytes, hex (unquoted). */
  etag: string
}

export interface Project {
  id: string
  name: string
  /** Origin patterns: exact, `*`, `http://localhost:*` (any port), `https://*.example.com` (subdomains). */
  allowedOrigins: string[]
  analyticsEnabled: boolean
  createdAt: Date
}

export type ProjectInput = Omit<Project, 'createdAt'>

/** One analytics event as stored. */
export interface StoredEventInput {
  eventId: string
  url: string
  domain: string
  eventAt: Date
  event: string
  address: string | null
  props: Record<string, string | number | boolean | null> | null
}

export interface EventSummary {
  /** Events stored (for the project, or in all). */
  total: number
  /** Per project and event name, ordered by both. */
  byEvent: EventSummaryRow[]
}

export interface EventSummaryRow {
  projectId: string
  event: string
  count: number
  firstAt: Date
  lastAt: Date
}

/** Requests counted since the last flush for one (project, SDK type, SDK version); '' when not sent. */
export interface UsageCounter {
  projectId: string
  sdkType: string
  sdkVersion: string
  requests: number
}

export interface UsageRow extends UsageCounter {
  firstSeen: Date
  lastSeen: Date
}

export interface ReplaceDirectoryOptions {
  /** Called after each batch of rows written inside the (not yet committed) transaction. */
  onProgress?: (progress: { written: number; total: number }) => void
}

/** The server's database, on PGlite or PostgreSQL. Every method is one statement or one transaction. */
export interface Storage {
  readonly driver: 'pglite' | 'postgres'
  /** Registered names. */
  readonly names: NameStore
  /** What the indexer recorded of the chains, and account histories. */
  readonly history: HistoryStore
  /** Sign-in nonces and sessions. */
  readonly sessions: SessionStore
  /** The embedded wallet's e-mail logins: accounts, devices, codes, frame sessions, sealed key shares. */
  readonly auth: AuthStore
  /** The embedded wallet's social logins in progress and the identities they link to accounts. */
  readonly social: SocialStore
  /** The sandbox on-ramp's orders. */
  readonly onramp: OnrampOrderStore
  /** Sign In With Farcaster's relay channels. */
  readonly farcaster: FarcasterChannelStore
  /** What the paymaster sponsored, per project, account and day (its daily caps). */
  readonly sponsorships: SponsorshipStore
  listWallets(parameters: ListWalletsParameters): Promise<ListWalletsResult>
  countWallets(): Promise<number>
  getImage(kind: ImageKind, id: string): Promise<StoredImage | undefined>
  /** Replaces all wallets and images in one transaction: readers see the old directory or the new one. */
  replaceDirectory(
    snapshot: DirectorySnapshot,
    options?: ReplaceDirectoryOptions,
  ): Promise<{ wallets: number; images: number }>
  /** Calls `listener` after every `replaceDirectory` of this instance commits; returns an unsubscribe. */
  onDirectoryReplaced(listener: () => void): () => void
  getProject(id: string): Promise<Project | undefined>
  upsertProject(project: ProjectInput): Promise<Project>
  /** Creates the project unless one with its id exists; returns whether it did. */
  createProjectIfMissing(project: ProjectInput): Promise<boolean>
  listProjects(): Promise<Project[]>
  /** Every origin pattern of every project. */
  allowedOrigins(): Promise<string[]>
  /** Stores the events in one statement; an event id already stored for the project is skipped. Returns how many were new. */
  insertEvents(projectId: string, events: readonly StoredEventInput[]): Promise<number>
  eventSummary(projectId?: string): Promise<EventSummary>
  addUsage(counters: readonly UsageCounter[]): Promise<void>
  listUsage(projectId?: string): Promise<UsageRow[]>
  ping(): Promise<void>
  close(): Promise<void>
}
