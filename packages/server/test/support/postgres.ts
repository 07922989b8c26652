import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'

/**
 * A new, empty database in the run's PostgreSQL cluster (started by globalSetup.ts): its URL. Test files run in
 * parallel, each on its own databases.
 */
export async function createTestDatabase(): Promise<string> {
  const url = new URL(inject('postgresUrl'))
  const name = `latch_test_${randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: url.href })
  await client.connect()
  try {
    // An identifier cannot be a query parameter; escapeIdentifier quotes it.
    await client.query(`create database ${client.escapeIdentifier(name)}`)
  } finally {
    await client.end()
  }
  url.pathname = `/${name}`
  return url.href
}
