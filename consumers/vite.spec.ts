import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { freePort } from '../packages/relay/test/relayProcess.ts'
import { clientSourceConditions } from '../scripts/sourceConditions.ts'
import { jsBeforeButton, readViteBuild } from '../scripts/viteBuild.ts'
import { installApp, run, startService, stopServices } from './support.ts'

/** Whether a path is inside an installed Latch package's sources rather than its build. */
const latchSource = /node_modules\/@latch\/[^/]+\/src\//

// React 19, as the template pins it, and React 18, the oldest the package's peer range admits.
const reacts = {
  'React 19': {},
  'React 18': {
    react: '18.3.1',
    'react-dom': '18.3.1',
    '@types/react': '18.3.31',
    '@types/react-dom': '18.3.7',
  },
}

for (const [label, versions] of Object.entries(reacts)) {
  test.describe(label, () => {
    test.describe.configure({ mode: 'serial' })

    let app: string
    test.beforeAll(async () => {
      app = await installApp('vite', ['core', 'evm', 'react'], versions)
    })
    test.afterAll(async () => {
      await stopServices()
      if (app) rmSync(app, { recursive: true, force: true })
    })

    test('the app type-checks, strict, with Bundler and with Node16 module resolution', async () => {
      for (const config of ['tsconfig.json', 'tsconfig.node16.json']) {
        const result = await run('npx', ['tsc', '-p', config], app)
        expect(result.stdout + result.stderr, config).toBe('')
        expect(result.code).toBe(0)
        const files = await run('npx', ['tsc', '-p', config, '--listFilesOnly'], app)
        expect(files.stdout).toContain('node_modules/@latch/react/dist/index.d.ts')
        expect(files.stdout.split('\n').filter((file) => latchSource.test(file))).toEqual([])
      }
    })

    test('vite build splits the views and adapters into chunks, from the packages’ builds only', async () => {
      const result = await run('npx', ['vite', 'build'], app)
      expect(result.code, result.stderr).toBe(0)
      const { manifest } = readViteBuild(join(app, 'dist'))
      const keys = Object.keys(manifest)
      expect(keys.filter((key) => latchSource.test(key))).toEqual([])
      // Lazy chunks survive the packages' build: each view, the EVM adapter and WalletConnect load on their own.
      const lazy = keys.filter((key) => manifest[key]!.isDynamicEntry)
      for (const part of [
        '@latch/react/dist/modal/Modal.js',
        '@latch/react/dist/views/Connect/ConnectView.js',
        '@latch/react/dist/views/Account/AccountView.js',
        '@latch/evm/dist/adapter.js',
      ])
        expect(
          lazy.some((key) => key.endsWith(part)),
          part,
        ).toBe(true)
      expect(lazy.length).toBeGreaterThan(20)
    })

    // The workspace builds with React 19: the comparison is made there.
    if (label === 'React 19')
      test('the JS before the button is within 1 KiB of the same app built from the workspace’s sources', async () => {
        const packed = jsBeforeButton(readViteBuild(join(app, 'dist')))
        const template = fileURLToPath(new URL('vite', import.meta.url))
        const outDir = join(app, 'dist-workspace')
        await build({
          configFile: false,
          root: template,
          logLevel: 'error',
          plugins: [react()],
          resolve: { conditions: clientSourceConditions },
          build: { outDir, emptyOutDir: true, manifest: true },
        })
        const workspace = jsBeforeButton(readViteBuild(outDir))
        console.log(`JS before the button (gzip -9): packed ${packed} B, workspace ${workspace} B`)
        expect(Math.abs(packed - workspace)).toBeLessThanOrEqual(1024)
      })

    test('the page served from the build opens the modal', async ({ page }) => {
      const port = await freePort()
      const preview = await startService(
        'npx',
        ['vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
        app,
        /(http:\/\/127\.0\.0\.1:\d+)/,
      )
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      // The README's app names a Latch server and relay on example.com; nothing here answers for them.
      await page.route(/example\.com/, (route) => route.abort())
      try {
        await page.goto(preview.url)
        await page.getByRole('button', { name: 'Connect Wallet' }).click()
        const dialog = page.getByRole('dialog')
        await expect(dialog).toBeVisible()
        await expect(dialog.getByRole('list', { name: 'Wallets' }).getByRole('button').first()).toBeVisible()
        await expect(dialog.getByText('WalletConnect')).toBeVisible()
        expect(errors).toEqual([])
      } finally {
        await preview.stop()
      }
    })
  })
}
