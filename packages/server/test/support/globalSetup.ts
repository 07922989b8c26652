// Vitest globalSetup of the server project: one throwaway PostgreSQL cluster for the whole run; each test file
// creates its own database in it (see postgres.ts).
import type { TestProject } from 'vitest/node'
import { startPostgresCluster } from './postgresCluster.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgresCluster()
  project.provide('postgresUrl', cluster.url)
  return () => cluster.stop()
}
