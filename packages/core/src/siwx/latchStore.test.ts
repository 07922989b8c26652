import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADDRESS_A, createMemoryStorage } from '../../test/fakeAdapter.ts'
import { createFakeServer, json } from '../../test/fakeServer.ts'
import { HttpError } from '../api/http.ts'
import { ApiNotConfiguredError } from '../errors/BaseError.ts'
import { latchSiwxStore, SIWX_STORAGE_KEY } from './latchStore.ts'

const apiUrl = 'http://latch.test'
const account = { address: ADDRESS_A, chainId: 'eip155:31337' as const }
const withToken = () =>
  createMemoryStorage({ [SIWX_STORAGE_KEY]: JSON.stringify({ [ADDRESS_A.toLowerCase()]: 'tok' }) })

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('latchSiwxStore', () => {
  it('without apiUrl: rejects with ApiNotConfiguredError and asks nobody', async () => {
    const server = createFakeServer()
    vi.stubGlobal('fetch', server.fetch)
    const store = latchSiwxStore({ apiUrl: undefined, projectId: undefined, storage: withToken() })
    await expect(store.getNonce(account)).rejects.toBeInstanceOf(ApiNotConfiguredError)
    await expect(store.getSessions(account)).rejects.toMatchObject({
      shortMessage: 'No Latch server configured',
      details: 'Set the apiUrl option to the base URL of a Latch server to use sign-in sessions.',
    })
    expect(server.requests).toEqual([])
  })

  it('a failing server: HttpError with the SPEC §8 message, its status and the server’s reason', async () => {
    const server = createFakeServer()
    server.handle(`/v1/sessions/${ADDRESS_A}`, () => json({ error: 'Database unavailable' }, 503))
    vi.stubGlobal('fetch', server.fetch)
    const store = latchSiwxStore({ apiUrl, projectId: 'demo', storage: withToken() })
    const error = await store.getSessions(account).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({
      shortMessage: 'HTTP status code: 503',
      status: 503,
      reason: 'Database unavailable',
    })
    const [request] = server.to(`/v1/sessions/${ADDRESS_A}`)
    expect(request!.headers.authorization).toBe('Bearer tok')
    expect(request!.url.searchParams.get('projectId')).toBe('demo')
    expect(request!.url.searchParams.get('st')).toBeTruthy()
  })

  it('a revoked or expired token (401): no sessions', async () => {
    const server = createFakeServer()
    server.handle(`/v1/sessions/${ADDRESS_A}`, () => json({ error: 'Session token has expired' }, 401))
    vi.stubGlobal('fetch', server.fetch)
    const store = latchSiwxStore({ apiUrl, projectId: undefined, storage: withToken() })
    await expect(store.getSessions(account)).resolves.toEqual([])
  })
})
