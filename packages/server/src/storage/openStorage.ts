import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { createStorage } from './createStorage.ts'
import { lockDataDir } from './dataDirLock.ts'
import { migrationLockKey, migrationsFolder } from './migrations.ts'
import * as schema from './schema.ts'
import type { Storage } from './types.ts'

export interface OpenStorageOptions {
  /** `postgres://…` or `postgresql://…`: use that PostgreSQL database. Otherwise PGlite. */
  databaseUrl?: string
  /** PGlite's data directory (created when missing), or `memory` for a database that lives in this process only. */
  dataDir?: string
  /** Connections of the PostgreSQL pool (default 10). */
  poolSize?: number
  /** Errors of idle PostgreSQL connections (default: written to stderr). */
  onError?: (error: Error) => void
  /**
   * PGlite only, with `dataDir: 'memory'`: start from this dump of a data directory (PGlite's `dumpDataDir`), e.g.
   * a database already migrated, instead of a new cluster (initdb is most of PGlite's start-up). Pending
   * migrations still run.
   */
  loadDataDir?: Blob
}

/** The PGlite data directory used when neither DATABASE_URL nor LATCH_DATA_DIR says otherwise. */
export const defaultDataDir = '.latch/data'

/**
 * Opens the database (PostgreSQL when `databaseUrl` is set, else PGlite) and applies pending migrations under
 * an advisory lock, so that several instances may start at once.
 *
 * @example
 * const storage = await openStorage({ dataDir: 'memory' })
 * await storage.listWallets({ page: 1, entries: 40 })
 */
export async function openStorage(options: OpenStorageOptions = {}): Promise<Storage> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options)
  return openPglite(options.dataDir ?? defaultDataDir, options.loadDataDir)
}

async function openPostgres(databaseUrl: string, options: OpenStorageOptions): Promise<Storage> {
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL')
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 10 })
  pool.on('error', options.onError ?? ((error) => console.error('PostgreSQL connection error:', error)))
  try {
    const client = await pool.connect()
    try {
      const session = drizzlePg({ client, schema })
      await session.execute(sql`select pg_advisory_lock(${migrationLockKey})`)
      try {
        await migratePg(session, { migrationsFolder })
      } finally {
        await session.execute(sql`select pg_advisory_unlock(${migrationLockKey})`)
      }
    } finally {
      client.release()
    }
  } catch (error) {
    await pool.end()
    throw error
  }
  return createStorage(drizzlePg({ client: pool, schema }), 'postgres', () => pool.end())
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<Storage> {
  const inMemory = dataDir === 'memory'
  const directory = inMemory ? undefined : resolve(dataDir)
  let release = () => {}
  if (directory) {
    mkdirSync(directory, { recursive: true })
    release = lockDataDir(directory)
  }
  try {
    const client = await PGlite.create(directory ? { dataDir: directory } : { loadDataDir })
    const db = drizzlePglite({ client, schema })
    try {
      await db.execute(sql`select pg_advisory_lock(${migrationLockKey})`)
      await migratePglite(db, { migrationsFolder })
      await db.execute(sql`select pg_advisory_unlock(${migrationLockKey})`)
    } catch (error) {
      await client.close()
      throw error
    }
    return createStorage(db, 'pglite', async () => {
      await client.close()
      release()
    })
  } catch (error) {
    release()
    throw error
  }
}
