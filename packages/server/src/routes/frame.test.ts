import { rmSync } from 'node:fs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { testProjects } from '../../test/support/app.ts'
import { fakeFrameBuild } from '../../test/support/frameAssets.ts'
import { memoryStorage } from '../../test/support/memoryStorage.ts'
import type { LatchApp } from '../app.ts'
import { generateAuthSecrets } from '../auth/secrets.ts'
import { devnetBlockchainConfig } from '../chains/defaults.ts'
import { createFrameApp } from '../frameApp.ts'
import type { Storage } from '../storage/types.ts'

const assets = fakeFrameBuild()
let storage: Storage
let app: LatchApp
beforeAll(async () => {
  storage = await memoryStorage()
  for (const project of testProjects) await storage.upsertProject(project)
  app = await createFrameApp({
    storage,
    secrets: generateAuthSecrets(),
    publicUrl: () => 'http://127.0.0.1:8789',
    frameAssets: assets,
    rateLimits: false,
    chains: [
      { chainId: 31337, name: 'Devnet "A"', rpcUrl: 'http://127.0.0.1:8545/', nativeCurrency: eth },
      { chainId: 31338, name: 'Devnet B', rpcUrl: 'http://127.0.0.1:8546/rpc?key=<1>', nativeCurrency: eth },
    ],
  })
})
afterAll(async () => {
  await app.close()
  await storage.close()
  rmSync(assets, { recursive: true, force: true })
})

const eth = { name: 'Ether', symbol: 'ETH', decimals: 18 }

const frame = (projectId: string, parent: string) =>
  app.inject({
    url: `/frame?projectId=${encodeURIComponent(projectId)}&parent=${encodeURIComponent(parent)}`,
  })

test('serves the page to a parent on the project’s allowed origins, frameable by that parent alone', async () => {
  const response = await frame('strict', 'https://app.example.com')
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
  expect(response.headers['content-security-policy']).toBe(
    "default-src 'none'; script-src 'self'; connect-src 'self' http://127.0.0.1:8545 http://127.0.0.1:8546; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors https://app.example.com",
  )
  expect(response.headers['x-frame-options']).toBeUndefined()
  expect(response.headers['cache-control']).toBe('no-store')
  expect(response.body).toContain('<meta name="latch-parent" content="https://app.example.com" />')
  expect(response.body).toContain('src="/assets/index-abc123.js"')
  // The chains, as JSON in an attribute: quotes and angle brackets written as character references.
  const meta = /<meta name="latch-chains" content="([^"]*)" \/>/.exec(response.body)?.[1] ?? ''
  expect(meta).not.toMatch(/[<>']/)
  const decoded = meta.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
  expect(JSON.parse(decoded)).toEqual([
    { chainId: 31337, name: 'Devnet "A"', rpcUrl: 'http://127.0.0.1:8545/', nativeCurrency: eth },
    { chainId: 31338, name: 'Devnet B', rpcUrl: 'http://127.0.0.1:8546/rpc?key=<1>', nativeCurrency: eth },
  ])
})

test('the wallet’s own window (window=1) keeps its opener; the frame and the rest keep the same-origin policy', async () => {
  const framed = await frame('strict', 'https://app.example.com')
  expect(framed.headers['cross-origin-opener-policy']).toBe('same-origin')
  const opened = await app.inject({
    url: `/frame?projectId=strict&parent=${encodeURIComponent('https://app.example.com')}&window=1`,
  })
  expect(opened.statusCode).toBe(200)
  expect(opened.headers['cross-origin-opener-policy']).toBe('unsafe-none')
  expect(opened.body).toContain('<meta name="latch-parent" content="https://app.example.com" />')
  const refused = await app.inject({
    url: `/frame?projectId=strict&parent=${encodeURIComponent('https://app.example.com')}&window=yes`,
  })
  expect(refused.statusCode).toBe(400)
  expect(refused.json()).toMatchObject({ error: 'window must be 1' })
  // A parent the project does not allow gets no window either.
  const stranger = await app.inject({
    url: `/frame?projectId=strict&parent=${encodeURIComponent('https://evil.example')}&window=1`,
  })
  expect(stranger.statusCode).toBe(403)
})

test('refuses a parent the project does not allow, an unknown project, and a parent that is not an origin', async () => {
  const refused = await frame('strict', 'https://evil.example')
  expect(refused.statusCode).toBe(403)
  expect(refused.json()).toEqual({
    error: 'https://evil.example is not on the project’s allowed origins',
    field: 'parent',
  })
  // The refusal itself may not be framed either.
  expect(refused.headers['x-frame-options']).toBe('DENY')
  expect((await frame('nope', 'https://app.example.com')).json()).toEqual({
    error: 'Unknown project nope',
    field: 'projectId',
  })
  for (const parent of [
    'https://app.example.com/',
    'https://app.example.com/page',
    'javascript:alert(1)',
    '"><script>',
  ])
    expect((await frame('wild', parent)).json()).toEqual({
      error: 'parent must be an http(s) origin, as location.origin writes it',
      field: 'parent',
    })
})

test('serves its built script, immutable; nothing else from the directory', async () => {
  const script = await app.inject({ url: '/assets/index-abc123.js' })
  expect(script.statusCode).toBe(200)
  expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8')
  expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(script.body).toBe('console.log("frame")\n')
  expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404)
  for (const url of ['/assets/..%2Findex.html', '/assets/index.html', '/assets/.env'])
    expect((await app.inject({ url })).statusCode).toBe(400)
})

test('says so when the frame is not built', async () => {
  const unbuilt = await createFrameApp({
    storage,
    secrets: generateAuthSecrets(),
    publicUrl: () => 'http://127.0.0.1:8789',
    frameAssets: '/nonexistent',
    rateLimits: false,
  })
  const response = await unbuilt.inject({ url: '/frame?projectId=open&parent=http%3A%2F%2Flocalhost%3A5173' })
  expect(response.statusCode).toBe(503)
  expect(response.json()).toEqual({ error: 'The frame is not built: run npm run build' })
  await unbuilt.close()
})

test('serves the chains’ bundler and paymaster to its own page, judged as the page it serves; tells the page which chains have them', async () => {
  // A bundler that does not listen: a request that passes the project's origins reaches it and hears nothing.
  const userOperations = devnetBlockchainConfig({ bundlerA: 'http://127.0.0.1:9' })
  userOperations.chains[1]!.bundlerUrl = undefined
  const served = await createFrameApp({
    storage,
    secrets: generateAuthSecrets(),
    publicUrl: () => 'http://127.0.0.1:8789',
    frameAssets: assets,
    rateLimits: false,
    chains: [
      { chainId: 31337, name: 'Devnet A', rpcUrl: 'http://127.0.0.1:8545', nativeCurrency: eth },
      { chainId: 31338, name: 'Devnet B', rpcUrl: 'http://127.0.0.1:8546', nativeCurrency: eth },
    ],
    userOperations,
  })
  const page = await served.inject({ url: '/frame?projectId=strict&parent=https%3A%2F%2Fapp.example.com' })
  const meta = /<meta name="latch-chains" content="([^"]*)" \/>/.exec(page.body)?.[1] ?? ''
  const chains = JSON.parse(meta.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))))
  expect(
    chains.map(({ chainId, bundler, paymaster }: Record<string, unknown>) => ({
      chainId,
      bundler,
      paymaster,
    })),
  ).toEqual([
    { chainId: 31337, bundler: true, paymaster: true },
    { chainId: 31338, bundler: undefined, paymaster: undefined },
  ])

  const ask = (headers: Record<string, string>, chainId = 31337) =>
    served.inject({
      method: 'POST',
      url: `/v1/bundler/${chainId}?projectId=strict`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
    })
  const own = 'http://127.0.0.1:8789'
  // The frame's page, for the project's page: the bundler is asked (and here does not answer).
  const allowed = await ask({ origin: own, 'x-latch-parent': 'https://app.example.com' })
  expect(allowed.statusCode).toBe(200)
  expect(allowed.json().error.message).toBe('The bundler for eip155:31337 did not answer')
  // The frame's page for a page the project does not allow, or naming none: refused.
  const refusedHeaders: Record<string, string>[] = [
    { origin: own, 'x-latch-parent': 'https://evil.example' },
    { origin: own },
  ]
  for (const headers of refusedHeaders) {
    const refused = await ask(headers)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toMatch(/^Origin .* is not allowed for project strict$/)
  }
  // Another page cannot speak for one: its own Origin is what counts.
  const other = await ask({ origin: 'https://evil.example', 'x-latch-parent': 'https://app.example.com' })
  expect(other.json().error.message).toBe('Origin https://evil.example is not allowed for project strict')
  // A chain without a bundler.
  expect((await ask({ origin: own, 'x-latch-parent': 'https://app.example.com' }, 31338)).statusCode).toBe(
    404,
  )
  await served.close()
})
