// The wallet directory, its images, the projects and what they count (analytics events, SDK usage).
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import { bytea } from './bytea.ts'

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
