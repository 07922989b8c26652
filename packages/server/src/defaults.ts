import { defaultSnapshot } from './directory/snapshot.ts'
import type { ProjectInput, Storage } from './storage/types.ts'

/** The project the demo and a fresh install use: localhost origins, analytics on. */
export const defaultProject: ProjectInput = {
  id: 'latch-demo',
  name: 'Latch demo',
  allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'],
  analyticsEnabled: true,
}

/**
 * First start: creates the default project unless it exists (not with `demoProject: false`: production), and imports
 * the shipped dataset when the directory is empty. Returns how many wallets were imported (0 when the directory had
 * some).
 */
export async function ensureDefaults(storage: Storage, { demoProject = true } = {}): Promise<number> {
  if (demoProject) await storage.createProjectIfMissing(defaultProject)
  if ((await storage.countWallets()) > 0) return 0
  const { wallets } = await storage.replaceDirectory(await defaultSnapshot())
  return wallets
}
