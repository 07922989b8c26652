import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { freePort } from '../packages/relay/test/relayProcess.ts'
import { connect, topic } from '../packages/relay/test/wsClient.ts'
import { type Exit, installApp, run, startService, stopServices } from './support.ts'

// Each service installed alone from its tarball (and @latch/core's, which npm would fetch with it), as an
// operator's `npx @latch/server` gets it: nothing of the workspace, no devnet.
const installs: string[] = []
test.afterAll(async () => {
  await stopServices()
  for (const dir of installs) rmSync(dir, { recursive: true, force: true })
})

/** How `npx` ends on SIGTERM: by the signal, or with the service's exit code. */
const npxStopped = (exit: Exit) => exit.code === 0 || exit.signal === 'SIGTERM'

/** Whether anything still accepts connections on the port. */
const listening = (url: string) =>
  fetch(`${url.replace(/^ws/, 'http')}/health`).then(
    () => true,
    () => false,
  )

test('npx @latch/server serves the API on PGlite in --data, answers /health, and stops on SIGTERM', async () => {
  const dir = await installApp('server', ['core', 'server'])
  installs.push(dir)
  expect(readdirSync(join(dir, 'node_modules/@latch')).sort()).toEqual(['core', 'server'])
  const help = await run('npx', ['@latch/server', '--help'], dir)
  expect(help.code).toBe(0)
  expect(help.stdout).toContain('DATABASE_URL')

  const serve = ['--port', String(await freePort()), '--data', 'db']
  const ready = /listening on (http:\/\/\S+)/
  const server = await startService('npx', ['@latch/server', ...serve], dir, ready, {
    LOG_LEVEL: 'warn',
    FRAME_PORT: '0',
  })
  const health = await fetch(`${server.url}/health`)
  expect(health.status).toBe(200)
  expect(await health.json()).toEqual({ status: 'ok' })
  // The shipped wallet directory, imported on first start from the package's data/.
  const wallets = await fetch(`${server.url}/getWallets?entries=1`)
  expect(wallets.status).toBe(200)
  expect(((await wallets.json()) as { count: number }).count).toBeGreaterThan(10)
  expect(npxStopped(await server.stop())).toBe(true)
  // npx may end on the signal before the server it started has finished closing (both are sent it): what follows
  // is awaited. A server that died unclean would keep its lock for good.
  await expect.poll(() => listening(server.url)).toBe(false)
  // Closed cleanly: PGlite's lock released, the data kept.
  await expect.poll(() => existsSync(join(dir, 'db.lock')), { timeout: 10_000 }).toBe(false)
  expect(readdirSync(join(dir, 'db')).length).toBeGreaterThan(0)

  // The bin itself, as a container or a service manager runs it, exits 0 on SIGTERM.
  const bin = join(dir, 'node_modules/.bin/latch-server')
  const again = await startService(bin, serve, dir, ready, { LOG_LEVEL: 'warn', FRAME_PORT: '0' })
  expect((await fetch(`${again.url}/health`)).status).toBe(200)
  expect(await again.stop()).toEqual({ code: 0, signal: null })

  const bad = await run('npx', ['@latch/server', '--port', 'eighty'], dir)
  expect(bad.code).toBe(2)
  expect(bad.stderr).toContain('PORT must be a port number, not eighty')
})

test('npx @latch/relay answers /health and a WalletConnect upgrade, and stops on SIGTERM', async () => {
  const dir = await installApp('relay', ['relay'])
  installs.push(dir)
  expect(readdirSync(join(dir, 'node_modules/@latch'))).toEqual(['relay'])
  const port = String(await freePort())
  const ready = /relay: (ws:\/\/\S+)/
  const relay = await startService('npx', ['@latch/relay', '--port', port], dir, ready)
  expect((await fetch(`${relay.url.replace(/^ws/, 'http')}/health`)).status).toBe(200)

  // A signed client token, a subscription and a message published to it: the relay's WalletConnect protocol.
  const subscriber = await connect(relay.url)
  const publisher = await connect(relay.url)
  const on = topic()
  expect((await subscriber.call('irn_subscribe', { topic: on })).result).toMatch(/^[0-9a-f]{64}$/)
  const sent = await publisher.call('irn_publish', { topic: on, message: 'hello', ttl: 300, tag: 1100 })
  expect(sent.result).toBe(true)
  await expect.poll(() => subscriber.pushes.map((push) => push.params.data.message)).toEqual(['hello'])
  subscriber.socket.close()
  publisher.socket.close()
  expect(npxStopped(await relay.stop())).toBe(true)
  await expect.poll(() => listening(relay.url)).toBe(false)

  const bin = join(dir, 'node_modules/.bin/latch-relay')
  const again = await startService(bin, ['--port', port], dir, ready)
  expect(await again.stop()).toEqual({ code: 0, signal: null })

  const bad = await run('npx', ['@latch/relay'], dir, { env: { RELAY_MAX_CONNECTIONS: 'many' } })
  expect(bad.code).toBe(2)
  expect(bad.stderr).toContain('RELAY_MAX_CONNECTIONS must be a whole number')
})
