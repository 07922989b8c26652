import { createHash } from 'node:crypto'
import { and, asc, count, eq, ilike, inArray, max, min, notInArray, or, type SQL, sql } from 'drizzle-orm'
import type { ImageKind } from '../directory/records.ts'
import { createAuthStore } from './auth.ts'
import type { Database } from './database.ts'
import { createFarcasterChannelStore } from './farcaster.ts'
import { createHistoryStore } from './history.ts'
import { importLockKey } from './migrations.ts'
import { createNameStore } from './names.ts'
import { createOnrampOrderStore } from './onramp.ts'
import * as schema from './schema.ts'
import { createSessionStore } from './sessions.ts'
import { createSocialStore } from './social.ts'
import { createSponsorshipStore } from './sponsorships.ts'
import type { ListWalletsParameters, Project, Storage, UsageCounter } from './types.ts'

export type { Database } from './database.ts'

const { events, images, projects, sdkUsage, wallets } = schema

/** Rows per INSERT while importing: well under PostgreSQL's 65 535 parameters per statement. */
const walletBatch = 1000
const imageBatch = 200

/** Makes `%`, `_` and `\` match themselves in a LIKE pattern (`\` is PostgreSQL's default LIKE escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

function walletFilter(parameters: ListWalletsParameters): SQL | undefined {
  const conditions: (SQL | undefined)[] = []
  if (parameters.include?.length) conditions.push(inArray(wallets.id, [...parameters.include]))
  if (parameters.exclude?.length) conditions.push(notInArray(wallets.id, [...parameters.exclude]))
  if (parameters.search) {
    const pattern = `%${escapeLike(parameters.search)}%`
    conditions.push(or(ilike(wallets.name, pattern), ilike(wallets.rdns, pattern)))
  }
  if (parameters.badgeType) conditions.push(eq(wallets.badgeType, parameters.badgeType))
  if (parameters.chains?.length) {
    conditions.push(sql`${wallets.chains} && ${sql.param([...parameters.chains])}::text[]`)
  }
  return and(...conditions)
}

function mergeCounters(counters: readonly UsageCounter[]): UsageCounter[] {
  const merged = new Map<string, UsageCounter>()
  for (const counter of counters) {
    const key = JSON.stringify([counter.projectId, counter.sdkType, counter.sdkVersion])
    const existing = merged.get(key)
    if (existing) existing.requests += counter.requests
    else merged.set(key, { ...counter })
  }
  return [...merged.values()]
}

/**
 * Storage over a drizzle database (migrated already). `close` releases the driver.
 *
 * @example
 * const client = new PGlite()
 * const storage = createStorage(drizzle({ client, schema }), 'pglite', () => client.close())
 */
export function createStorage(db: Database, driver: Storage['driver'], close: () => Promise<void>): Storage {
  const directoryListeners = new Set<() => void>()

  return {
    driver,
    names: createNameStore(db),
    history: createHistoryStore(db),
    sessions: createSessionStore(db),
    auth: createAuthStore(db),
    social: createSocialStore(db),
    onramp: createOnrampOrderStore(db),
    farcaster: createFarcasterChannelStore(db),
    sponsorships: createSponsorshipStore(db),

    async listWallets(parameters) {
      const where = walletFilter(parameters)
      const [total] = await db.select({ count: count() }).from(wallets).where(where)
      const data = await db
        .select()
        .from(wallets)
        .where(where)
        .orderBy(
          asc(wallets.order),
          sql`lower(${wallets.name}) collate "C"`,
          sql`${wallets.name} collate "C"`,
          sql`${wallets.id} collate "C"`,
        )
        .limit(parameters.entries)
        .offset((parameters.page - 1) * parameters.entries)
      return { count: total?.count ?? 0, data }
    },

    async countWallets() {
      const [total] = await db.select({ count: count() }).from(wallets)
      return total?.count ?? 0
    },

    async getImage(kind: ImageKind, id: string) {
      const [image] = await db
        .select({ contentType: images.contentType, bytes: images.bytes, etag: images.etag })
        .from(images)
        .where(and(eq(images.kind, kind), eq(images.id, id)))
      return image
    },

    async replaceDirectory(snapshot, options = {}) {
      const total = snapshot.wallets.length + snapshot.images.length
      let written = 0
      await db.transaction(async (tx) => {
        // Two imports at once would otherwise collide on the primary keys the other one just wrote.
        await tx.execute(sql`select pg_advisory_xact_lock(${importLockKey})`)
        // DELETE rather than TRUNCATE: readers keep seeing the old directory until this commits.
        await tx.delete(wallets)
        await tx.delete(images)
        for (let start = 0; start < snapshot.wallets.length; start += walletBatch) {
          const batch = snapshot.wallets.slice(start, start + walletBatch)
          await tx.insert(wallets).values(batch)
          written += batch.length
          options.onProgress?.({ written, total })
        }
        for (let start = 0; start < snapshot.images.length; start += imageBatch) {
          const batch = snapshot.images.slice(start, start + imageBatch)
          await tx.insert(images).values(
            batch.map((image) => ({
              ...image,
              etag: createHash('sha256').update(image.bytes).digest('hex'),
            })),
          )
          written += batch.length
          options.onProgress?.({ written, total })
        }
      })
      for (const listener of directoryListeners) listener()
      return { wallets: snapshot.wallets.length, images: snapshot.images.length }
    },

    onDirectoryReplaced(listener) {
      directoryListeners.add(listener)
      return () => directoryListeners.delete(listener)
    },

    async getProject(id) {
      const [project] = await db.select().from(projects).where(eq(projects.id, id))
      return project
    },

    async upsertProject(project) {
      const [stored] = await db
        .insert(projects)
        .values(project)
        .onConflictDoUpdate({
          target: projects.id,
          set: {
            name: project.name,
            allowedOrigins: project.allowedOrigins,
            analyticsEnabled: project.analyticsEnabled,
          },
        })
        .returning()
      return stored as Project
    },

    async createProjectIfMissing(project) {
      const created = await db
        .insert(projects)
        .values(project)
        .onConflictDoNothing({ target: projects.id })
        .returning({ id: projects.id })
      return created.length > 0
    },

    async listProjects() {
      return db.select().from(projects).orderBy(asc(projects.id))
    },

    async allowedOrigins() {
      const rows = await db.select({ origins: projects.allowedOrigins }).from(projects)
      return [...new Set(rows.flatMap((row) => row.origins))]
    },

    async insertEvents(projectId, batch) {
      if (batch.length === 0) return 0
      const inserted = await db
        .insert(events)
        .values(batch.map((event) => ({ ...event, projectId })))
        .onConflictDoNothing({ target: [events.projectId, events.eventId] })
        .returning({ id: events.id })
      return inserted.length
    },

    async eventSummary(projectId) {
      const byEvent = await db
        .select({
          projectId: events.projectId,
          event: events.event,
          count: count(),
          firstAt: sql<Date>`${min(events.eventAt)}`.mapWith(events.eventAt),
          lastAt: sql<Date>`${max(events.eventAt)}`.mapWith(events.eventAt),
        })
        .from(events)
        .where(projectId === undefined ? undefined : eq(events.projectId, projectId))
        .groupBy(events.projectId, events.event)
        .orderBy(asc(events.projectId), asc(events.event))
      return { total: byEvent.reduce((sum, row) => sum + row.count, 0), byEvent }
    },

    async addUsage(counters) {
      const rows = mergeCounters(counters).filter((counter) => counter.requests > 0)
      if (rows.length === 0) return
      await db
        .insert(sdkUsage)
        .values(rows)
        .onConflictDoUpdate({
          target: [sdkUsage.projectId, sdkUsage.sdkType, sdkUsage.sdkVersion],
          set: { requests: sql`${sdkUsage.requests} + excluded.requests`, lastSeen: sql`now()` },
        })
    },

    async listUsage(projectId) {
      return db
        .select()
        .from(sdkUsage)
        .where(projectId === undefined ? undefined : eq(sdkUsage.projectId, projectId))
        .orderBy(asc(sdkUsage.projectId), asc(sdkUsage.sdkType), asc(sdkUsage.sdkVersion))
    },

    async ping() {
      await db.execute(sql`select 1`)
    },

    close,
  }
}
