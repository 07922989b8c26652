import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADDRESS_A, ADDRESS_B, connectThrough, createTestLatch, flush } from '../test/fakeAdapter.ts'
import { createFakeServer, json } from '../test/fakeServer.ts'
import type { Identity } from './api/types.ts'

const apiUrl = 'http://api.test'

/** A server that knows the names in `names` (by lower-case address). */
function withNames(names: Record<string, Identity>) {
  const server = createFakeServer()
  for (const address of [ADDRESS_A, ADDRESS_B]) {
    server.handle(`/v1/identity/${address}`, () =>
      json(names[address.toLowerCase()] ?? { name: null, avatar: null }),
    )
  }
  vi.stubGlobal('fetch', server.fetch)
  return server
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the account identity (SPEC §7 /v1/identity, §9 5 min cache)', () => {
  it('shows the name and avatar the server knows for the connected address', async () => {
    withNames({ [ADDRESS_A.toLowerCase()]: { name: 'alice.latch.id', avatar: 'https://avatars.test/a.png' } })
    const { client } = createTestLatch({ apiUrl, features: { analytics: false } })
    await connectThrough(client)
    await vi.waitFor(() => expect(client.getAccount().profileName).toBe('alice.latch.id'))
    expect(client.getAccount().profileImage).toBe('https://avatars.test/a.png')
  })

  it('forgets the name when the wallet switches to an account without one', async () => {
    withNames({ [ADDRESS_A.toLowerCase()]: { name: 'alice.latch.id', avatar: null } })
    const { client, fake } = createTestLatch({ apiUrl, features: { analytics: false } })
    await connectThrough(client)
    await vi.waitFor(() => expect(client.getAccount().profileName).toBe('alice.latch.id'))
    fake.emit('wallet.a', { type: 'accountsChanged', accounts: [ADDRESS_B] })
    expect(client.getAccount().profileName).toBeUndefined()
    await flush()
    expect(client.getAccount().profileName).toBeUndefined()
  })

  it('asks again within 5 minutes only when forced (after registering a name)', async () => {
    const names: Record<string, Identity> = {}
    const server = withNames(names)
    const { client } = createTestLatch({ apiUrl, features: { analytics: false } })
    await connectThrough(client)
    await vi.waitFor(() => expect(server.to(`/v1/identity/${ADDRESS_A}`)).toHaveLength(1))
    names[ADDRESS_A.toLowerCase()] = { name: 'fresh.latch.id', avatar: null }
    await client.refreshIdentity()
    expect(server.to(`/v1/identity/${ADDRESS_A}`)).toHaveLength(1)
    expect(client.getAccount().profileName).toBeUndefined()
    await client.refreshIdentity({ force: true })
    expect(server.to(`/v1/identity/${ADDRESS_A}`)).toHaveLength(2)
    expect(client.getAccount().profileName).toBe('fresh.latch.id')
  })

  it('keeps the address when the server fails (after the query retries), and asks nothing without an apiUrl', async () => {
    vi.useFakeTimers()
    const server = createFakeServer()
    server.handle(`/v1/identity/${ADDRESS_A}`, () => json({ error: 'down' }, 503))
    vi.stubGlobal('fetch', server.fetch)
    const { client } = createTestLatch({ apiUrl, features: { analytics: false } })
    await connectThrough(client)
    await vi.advanceTimersByTimeAsync(60_000)
    // The first try and SPEC §9's 3 retries.
    expect(server.to(`/v1/identity/${ADDRESS_A}`)).toHaveLength(4)
    expect(client.getAccount().profileName).toBeUndefined()
    vi.useRealTimers()

    const offline = createTestLatch({ features: { analytics: false } }).client
    await connectThrough(offline)
    const before = server.requests.length
    await offline.refreshIdentity({ force: true })
    expect(server.requests).toHaveLength(before)
    expect(offline.getAccount().profileName).toBeUndefined()
  })
})
