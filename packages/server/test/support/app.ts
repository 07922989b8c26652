import { type CreateAppOptions, createApp, type LatchApp } from '../../src/app.ts'
import type { Storage } from '../../src/storage/types.ts'
import { fixtureSnapshot } from './fixtures.ts'
import { memoryStorage } from './memoryStorage.ts'

export interface TestApp {
  app: LatchApp
  storage: Storage
  close(): Promise<void>
}

/** Projects the route tests use: `open` allows localhost, `quiet` has analytics off, `strict` one origin. */
export const testProjects = [
  { id: 'open', name: 'Open', allowedOrigins: ['http://localhost:*'], analyticsEnabled: true },
  { id: 'quiet', name: 'Quiet', allowedOrigins: ['*'], analyticsEnabled: false },
  { id: 'strict', name: 'Strict', allowedOrigins: ['https://app.example.com'], analyticsEnabled: true },
]

/**
 * The app on in-memory PGlite (from the run's template) holding the fixture directory and the test projects (one per test file). Rate limits
 * are off unless `rateLimits` is given: every request of a test comes from one address.
 */
export async function createTestApp(options: Omit<CreateAppOptions, 'storage'> = {}): Promise<TestApp> {
  const storage = await memoryStorage()
  await storage.replaceDirectory(fixtureSnapshot)
  for (const project of testProjects) await storage.upsertProject(project)
  const app = await createApp({ storage, logger: false, rateLimits: false, ...options })
  return {
    app,
    storage,
    async close() {
      await app.close()
      await storage.close()
    },
  }
}
