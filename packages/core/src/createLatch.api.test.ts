import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADDRESS_A, connectThrough, createTestLatch } from '../test/fakeAdapter.ts'
import { createFakeServer } from '../test/fakeServer.ts'
import { ApiNotConfiguredError } from './errors/BaseError.ts'

const apiUrl = 'http://api.test'

function withServer() {
  const server = createFakeServer()
  vi.stubGlobal('fetch', server.fetch)
  return server
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('client.api()', () => {
  it('loads once per client and answers the same object after', async () => {
    withServer()
    const { client } = createTestLatch({ apiUrl, projectId: 'demo' })
    expect(client.loadedApi()).toBeUndefined()
    const [first, second] = await Promise.all([client.api(), client.api()])
    expect(first).toBe(second)
    expect(await client.api()).toBe(first)
    expect(client.loadedApi()).toBe(first)
    expect(first.directory.apiUrl).toBe(apiUrl)
  })

  it('rejects with a Latch error naming apiUrl when the client has none', async () => {
    const { client } = createTestLatch()
    const error = await client.api().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiNotConfiguredError)
    expect((error as Error).message).toContain('apiUrl')
  })

  it('lists the wallets of the server named by apiUrl, for this project', async () => {
    const server = withServer()
    const { client } = createTestLatch({ apiUrl, projectId: 'demo' })
    const api = await client.api()
    const page = await api.queryClient.fetchQuery(api.walletsPageQuery())
    expect(page.data).toHaveLength(40)
    expect(server.requests[0]!.url.href).toMatch(/^http:\/\/api\.test\/getWallets\?projectId=demo&st=latch/)
  })

  it('asks chainApiUrl for token balances, and apiUrl when the app names no other', async () => {
    const server = withServer()
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const own = await createTestLatch({ apiUrl, projectId: 'demo' }).client.api()
    const other = await createTestLatch({ apiUrl, chainApiUrl: 'http://chain.test' }).client.api()
    const [ownAccount, otherAccount] = [await own.account(), await other.account()]
    await own.queryClient.fetchQuery(ownAccount.balancesQuery(address, 'eip155:31337')).catch(() => undefined)
    await other.queryClient
      .fetchQuery(otherAccount.balancesQuery(address, 'eip155:31337'))
      .catch(() => undefined)
    expect(server.requests.map((r) => r.url.origin + r.url.pathname)).toEqual([
      `${apiUrl}/v1/account/${address}/balance`,
      `http://chain.test/v1/account/${address}/balance`,
    ])
    expect(server.requests[0]!.url.searchParams.get('projectId')).toBe('demo')
  })

  it('gives two clients separate query clients and caches', async () => {
    const server = withServer()
    const one = await createTestLatch({ apiUrl }).client.api()
    const two = await createTestLatch({ apiUrl }).client.api()
    expect(one.queryClient).not.toBe(two.queryClient)
    await one.queryClient.fetchQuery(one.walletsPageQuery())
    expect(two.queryClient.getQueryData(two.walletsPageQuery().queryKey)).toBeUndefined()
    await two.queryClient.fetchQuery(two.walletsPageQuery())
    expect(server.to('/getWallets')).toHaveLength(2)
  })

  it('forgets the query cache on destroy', async () => {
    withServer()
    const { client } = createTestLatch({ apiUrl })
    const api = await client.api()
    const options = api.walletsPageQuery()
    await api.queryClient.fetchQuery(options)
    client.destroy()
    expect(api.queryClient.getQueryData(options.queryKey)).toBeUndefined()
  })

  it('makes no request until the visitor acts: creating and reconnecting with nothing stored send nothing', async () => {
    const server = withServer()
    const { client } = createTestLatch({ apiUrl, projectId: 'demo', features: { analytics: false } })
    await client.reconnect()
    await client.api()
    expect(server.requests).toHaveLength(0)
  })

  it('asks only for the identity of the account when the visitor connects', async () => {
    const server = withServer()
    const { client } = createTestLatch({ apiUrl, projectId: 'demo', features: { analytics: false } })
    await connectThrough(client)
    await vi.waitFor(() => expect(server.requests).toHaveLength(1))
    expect(server.requests[0]!.url.pathname).toBe(`/v1/identity/${ADDRESS_A}`)
  })
})
