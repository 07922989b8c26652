import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { freePort } from '../packages/relay/test/relayProcess.ts'
import { installApp, run, type Service, startService, stopServices } from './support.ts'

test.describe.configure({ mode: 'serial' })

let app: string
let next: Service
test.beforeAll(async () => {
  app = await installApp('next', ['core', 'evm', 'react'])
  // The packages' sources ship for their declaration maps only: moved away, so that the build below shows that
  // nothing in the app (Turbopack, Next's TypeScript check) reaches into them.
  mkdirSync(`${app}-sources`)
  for (const name of readdirSync(join(app, 'node_modules/@latch')))
    renameSync(join(app, 'node_modules/@latch', name, 'src'), join(`${app}-sources`, name))
})
test.afterAll(async () => {
  await stopServices()
  if (app) for (const dir of [app, `${app}-sources`]) rmSync(dir, { recursive: true, force: true })
})

test('next build compiles and type-checks the app router app', async () => {
  const result = await run('npx', ['next', 'build'], app)
  expect(result.code, result.stdout + result.stderr).toBe(0)
  expect(result.stdout).toContain('Compiled successfully')
  expect(result.stdout).toContain('Finished TypeScript')
})

test('the server-rendered page hydrates without a warning, and the modal opens', async ({ page }) => {
  next = await startService(
    'npx',
    ['next', 'start', '-p', String(await freePort()), '-H', '127.0.0.1'],
    app,
    /(http:\/\/127\.0\.0\.1:\d+)/,
  )
  const messages: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text())
  })
  page.on('pageerror', (error) => messages.push(error.message))
  page.on('response', (response) => {
    if (response.status() >= 400) messages.push(`${response.status()} ${response.url()}`)
  })
  await page.goto(`${next.url}/?network=base`)
  // The buttons are in the server's HTML, before any script: the network the request asked for.
  const html = await (await fetch(`${next.url}/?network=base`)).text()
  expect(html).toContain('aria-label="Network Base, switch network"')
  expect(html).toContain('Connect Wallet</button>')
  const connect = page.getByRole('button', { name: 'Connect Wallet' })
  await expect(page.getByRole('button', { name: 'Network Base, switch network' })).toBeVisible()
  await connect.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'Wallets' }).getByRole('button').first()).toBeVisible()
  expect(messages).toEqual([])
})

test('concurrent requests never share a client: each page renders the network it asked for', async () => {
  const networks = Array.from({ length: 24 }, (_, index) => (index % 2 ? 'base' : 'mainnet'))
  const pages = await Promise.all(
    networks.map((network) => fetch(`${next.url}/?network=${network}`).then((response) => response.text())),
  )
  pages.forEach((html, index) => {
    const name = networks[index] === 'base' ? 'Base' : 'Ethereum'
    expect(html.match(/aria-label="Network ([^,"]+), switch network"/)?.[1]).toBe(name)
  })
})
