import { LruCache } from './lruCache.ts'
import type { Project, Storage } from './storage/types.ts'

/** Projects read through a short cache (`ttlMs`, default 5 s): analytics check one on every request. */
export function createProjectLookup(
  storage: Storage,
  ttlMs = 5_000,
): (id: string) => Promise<Project | undefined> {
  const cache = new LruCache<Project | null>({ maxEntries: 1000, ttlMs })
  return async (id) => {
    const cached = cache.get(id)
    if (cached !== undefined) return cached ?? undefined
    const project = await storage.getProject(id)
    cache.set(id, project ?? null)
    return project
  }
}
