// `npm run bench:approve`: the e2e suite's worker (devnets, alto, the server, the demo page) running one timed flow.
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import base from '../../playwright.config.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'approve.bench.ts',
  workers: 1,
  timeout: 600_000,
  projects: [base.projects![0]!],
  // The demo's preview, run from the repository's root as the suite runs it.
  webServer: { ...(base.webServer as object[])[0], cwd: root } as typeof base.webServer,
})
