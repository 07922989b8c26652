import { fileURLToPath } from 'node:url'

/** The committed drizzle-kit migrations. */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))

/**
 * Key of the session advisory lock held while migrating, so that several instances starting at once against
 * one PostgreSQL database apply the migrations one after the other (the rest then find nothing to do).
 */
export const migrationLockKey = 0x1a7c4_0001

/** Key of the transaction advisory lock that serialises directory imports. */
export const importLockKey = 0x1a7c4_0002
