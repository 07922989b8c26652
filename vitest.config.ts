import { configDefaults, defineConfig } from 'vitest/config'
import { clientSourceConditions, serverSourceConditions } from './scripts/sourceConditions.ts'

const include = [
  'packages/*/src/**/*.test.{ts,tsx}',
  'packages/*/test/**/*.test.{ts,tsx}',
  'scripts/**/*.test.ts',
]
const server = ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts']

export default defineConfig({
  // The workspace's packages are tested from their sources, never dist/: in the browser-like environments
  // (resolve) and in Node's (ssr), which a fresh clone without dist/ would otherwise fail to resolve.
  resolve: { conditions: clientSourceConditions },
  ssr: { resolve: { conditions: serverSourceConditions } },
  test: {
    environment: 'node',
    pool: 'threads',
    projects: [
      { extends: true, test: { name: 'packages', include, exclude: [...configDefaults.exclude, ...server] } },
      // The server's tests share one throwaway PostgreSQL cluster, started only when they run. A PGlite
      // database takes seconds to start, more when test files start theirs in parallel.
      {
        extends: true,
        test: {
          name: 'server',
          include: server,
          globalSetup: ['packages/server/test/support/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
})
