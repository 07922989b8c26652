import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema.ts'

/** A drizzle database on either driver. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
