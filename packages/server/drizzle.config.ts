import { defineConfig } from 'drizzle-kit'

/** `npx tsx packages/server/scripts/drizzle-kit.ts generate --name <change>` writes a migration for schema changes. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/storage/schema.ts',
  out: './drizzle',
})
