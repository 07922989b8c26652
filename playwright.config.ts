import { defineConfig } from '@playwright/test'
import { strictCsp } from './apps/demo/csp.ts'
import type { LatchTestOptions } from './e2e/support/fixtures.ts'
import { chromiumPath, quietChromiumArgs } from './scripts/chromium.ts'

const port = Number(process.env.E2E_PORT ?? 4173)
/** The same build served with the strict Content-Security-Policy (DESIGN.md rule 9). */
const cspPort = Number(process.env.E2E_CSP_PORT ?? 4174)
/** The demo as `npm start` serves it: Vite's development server, React's StrictMode running every effect twice. */
const devPort = Number(process.env.E2E_DEV_PORT ?? 4175)
const preview = (on: number) => `npx vite preview apps/demo --port ${on} --strictPort --host 127.0.0.1`

export default defineConfig<LatchTestOptions>({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    launchOptions: { executablePath: chromiumPath, args: quietChromiumArgs },
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    // Everything but the cross-site flows, which need the page on another site (below).
    { name: 'default', grepInvert: /@cross-site/, use: { baseURL: `http://127.0.0.1:${port}` } },
    {
      // The flows tagged @csp, again under the strict policy; any violation fails them (fixtures.ts).
      name: 'csp',
      grep: /@csp/,
      use: { baseURL: `http://127.0.0.1:${cspPort}`, contentSecurityPolicy: strictCsp },
    },
    {
      // The page on another site than the embedded wallet's frame and the server (localhost against 127.0.0.1), as
      // every real app embeds it: the flows tagged @cross-site, with Chromium's defaults, which give a third-party
      // frame no storage at all (IndexedDB and localStorage refused).
      name: 'cross-site',
      grep: /@cross-site/,
      use: { baseURL: `http://localhost:${port}` },
    },
    {
      // The same with third-party storage allowed (as browsers that partition it, or allow it, give the frame).
      name: 'cross-site-3p',
      grep: /@cross-site/,
      use: {
        baseURL: `http://localhost:${port}`,
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            ...quietChromiumArgs,
            '--disable-features=TrackingProtection3pcd,ThirdPartyCookieDeprecation',
          ],
        },
      },
    },
    {
      // The cross-site flows against the development server too: `npm start`'s demo opened at localhost:5173 is on
      // another site than its frame at 127.0.0.1 (Chromium's defaults: no storage for the frame).
      name: 'dev-cross-site',
      grep: /@cross-site/,
      use: { baseURL: `http://localhost:${devPort}` },
    },
    {
      // The main flows, tagged @dev, against the development server (DESIGN.md: a flow that only works in the
      // production build is broken).
      name: 'dev',
      grep: /@dev/,
      use: { baseURL: `http://127.0.0.1:${devPort}` },
    },
  ],
  webServer: [
    {
      command: preview(port),
      url: `http://127.0.0.1:${port}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: preview(cspPort),
      env: { DEMO_CSP: '1' },
      url: `http://127.0.0.1:${cspPort}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `npx vite apps/demo --port ${devPort} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${devPort}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
})
