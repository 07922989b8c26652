import { defineConfig } from '@playwright/test'
import { chromiumPath, quietChromiumArgs } from '../scripts/chromium.ts'

/**
 * The consumer tests (`npm run test:consumers`): every published package packed as npm would publish it,
 * installed into fresh apps outside the workspace, built and run there as a dapp developer or an operator does.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './globalSetup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 600_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: { launchOptions: { executablePath: chromiumPath, args: quietChromiumArgs } },
})
