import pg from 'pg'
import { expect, test } from 'vitest'
import { createTestDatabase } from './support/postgres.ts'

test('each test file gets its own empty PostgreSQL database', async () => {
  const [first, second] = [await createTestDatabase(), await createTestDatabase()]
  expect(first).not.toBe(second)
  const client = new pg.Client({ connectionString: first })
  await client.connect()
  const { rows } = await client.query<{ tables: number }>(
    "select count(*)::int as tables from information_schema.tables where table_schema = 'public'",
  )
  await client.end()
  expect(rows[0]?.tables).toBe(0)
})
