// The database schema, one file per area (schema/). Migrations in ../../drizzle are generated from it with
// drizzle-kit (`npx tsx packages/server/scripts/drizzle-kit.ts generate --name <change>`) and committed.
export * from './schema/auth.ts'
export * from './schema/directory.ts'
export * from './schema/farcaster.ts'
export * from './schema/history.ts'
export * from './schema/names.ts'
export * from './schema/onramp.ts'
export * from './schema/sessions.ts'
export * from './schema/sponsorships.ts'
