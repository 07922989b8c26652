// Vitest globalSetup of the server project: one throwaway PostgreSQL cluster for the whole run, each test file
// creating its own database in it (see postgres.ts), and one migrated PGlite database that in-memory databases
// are loaded from (see pgliteTemplate.ts).
import type { TestProject } from 'vitest/node'
import { writePgliteTemplate } from './pgliteTemplate.ts'
import { startPostgresCluster } from './postgresCluster.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string
    /** The migrated PGlite template's dump (a tar file). */
    pgliteTemplate: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [cluster, template] = await Promise.all([startPostgresCluster(), writePgliteTemplate()])
  project.provide('postgresUrl', cluster.url)
  project.provide('pgliteTemplate', template.path)
  return async () => {
    template.remove()
    await cluster.stop()
  }
}
