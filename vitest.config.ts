import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'
import { clientSourceConditions, serverSourceConditions } from './scripts/sourceConditions.ts'

const include = [
  'packages/*/src/**/*.test.{ts,tsx}',
  'packages/*/test/**/*.test.{ts,tsx}',
  'scripts/**/*.test.ts',
]
const server = ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts']
/**
 * The test files that run in a DOM (a `@vitest-environment` comment) or set a page's globals themselves (solana's
 * page window, the frame's), and the React views' tests: each file in its own module graph and globals. A DOM left
 * behind would be another file's `window`, and a library evaluated beside one (TanStack Query's `isServer`) would
 * behave as in a browser in the files after it.
 */
const isolated = [
  'packages/react/**/*.test.{ts,tsx}',
  ...['packages', 'scripts'].flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .map((path) => join(root, path))
      .filter((path) => /\.test\.tsx?$/.test(path) && !path.includes('node_modules'))
      .filter((path) =>
        /@vitest-environment|support\/pageWindow|Object\.assign\(globalThis/.test(readFileSync(path, 'utf8')),
      ),
  ),
]

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
    // Two workers per core: much of the suite waits on child processes, chains and sockets, and Vitest's default
    // (one worker less than the cores: one on this 2-core machine) left a core idle most of the run.
    maxWorkers: Math.min(8, 2 * availableParallelism()),
    // With two workers per core, a test that starts chains or processes takes up to twice its time alone (a devnet's
    // 2 s start went past Vitest's default 5 s): the timeouts are a net for a hang, not a speed check.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        // Files share their worker's module graph (isolate: false): each no longer imports viem, fastify and the
        // rest anew (a third of the stage's CPU). Their tests keep no state in modules.
        test: {
          name: 'packages',
          include,
          exclude: [...configDefaults.exclude, ...server, ...isolated],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'dom', include: isolated } },
      // The server's tests share one throwaway PostgreSQL cluster, started only when they run, and one migrated
      // PGlite database their in-memory ones are loaded from (a new one costs ~1.5 s of CPU, mostly initdb).
      {
        extends: true,
        test: {
          name: 'server',
          include: server,
          isolate: false,
          globalSetup: ['packages/server/test/support/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
})
