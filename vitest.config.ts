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
  // (resolve) and in Node's (ssr), which a fresh clone without dist/ would otherwise fail to resolve. Node's keep
  // Vitest's own default, Vite's without `module` (a dependency's `module` build may not run in Node: WalletConnect
  // Pay's imports brotli/decompress without its extension).
  resolve: { conditions: clientSourceConditions },
  ssr: { resolve: { conditions: serverSourceConditions.filter((condition) => condition !== 'module') } },
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
