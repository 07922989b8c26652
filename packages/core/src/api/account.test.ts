import { describe, expect, it } from 'vitest'
import { createFakeServer, json } from '../../test/fakeServer.ts'
import { HttpError as PublicHttpError } from '../index.ts'
import { createAccountQueries, IDENTITY_STALE_TIME_MS } from './account.ts'
import { HttpError } from './http.ts'
import { coinTypeOf, fullName, nameRegistrationMessage } from './names.ts'
import { createQueryClient } from './queries.ts'
import type { Transaction, TransactionsPage } from './types.ts'

const chainApiUrl = 'http://chain.test'
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const historyPath = `/v1/account/${address}/history`

function setup() {
  const server = createFakeServer()
  const queryClient = createQueryClient()
  const queries = createAccountQueries({
    chainApiUrl,
    projectId: 'demo',
    fetch: server.fetch,
    invalidate: (queryKey) => queryClient.invalidateQueries({ queryKey }),
    setData: (queryKey, data) => queryClient.setQueryData(queryKey, data),
  })
  return { server, queries, queryClient }
}

const transaction = (hash: string): Transaction => ({
  id: `eip155:31337:${hash}`,
  metadata: {
    operationType: 'receive',
    hash,
    minedAt: '2026-11-22T10:00:00.000Z',
    sentFrom: '0x1',
    sentTo: address,
    status: 'confirmed',
    nonce: 0,
    chain: 'eip155:31337',
  },
  transfers: [],
})

describe('historyQuery (SPEC §4, §7)', () => {
  it('pages by cursor until the server answers no next cursor', async () => {
    const { server, queries, queryClient } = setup()
    const pages: Record<string, TransactionsPage> = {
      '': { data: [transaction('0x3'), transaction('0x2')], next: 'c1' },
      c1: { data: [transaction('0x1')], next: null },
    }
    server.handle(historyPath, ({ url }) => json(pages[url.searchParams.get('cursor') ?? '']))
    const options = queries.historyQuery(address, 'eip155:31337')
    const first = await queryClient.fetchInfiniteQuery(options)
    expect(first.pages).toHaveLength(1)
    const { InfiniteQueryObserver } = await import('@tanstack/query-core')
    const observer = new InfiniteQueryObserver(queryClient, options)
    const result = await observer.fetchNextPage()
    expect(result.data?.pages.flatMap((page) => page.data.map((t) => t.metadata.hash))).toEqual([
      '0x3',
      '0x2',
      '0x1',
    ])
    expect(result.hasNextPage).toBe(false)
    const sent = server.to(historyPath).map((request) => request.url.searchParams)
    expect(
      sent.map((params) => [params.get('chainId'), params.get('cursor'), params.get('projectId')]),
    ).toEqual([
      ['eip155:31337', null, 'demo'],
      ['eip155:31337', 'c1', 'demo'],
    ])
  })
})

describe('names', () => {
  it('builds the full name and the ENSIP-11 coin type', () => {
    expect(fullName(' Alice ')).toBe('alice.latch.id')
    expect(fullName('bob.latch.id')).toBe('bob.latch.id')
    expect(fullName('carol', 'example.eth')).toBe('carol.example.eth')
    expect(coinTypeOf('eip155:1')).toBe(60)
    expect(coinTypeOf('eip155:31337')).toBe(0x80000000 + 31337)
  })

  it('signs a message naming the name and the time, posts it, and forgets the identity', async () => {
    const { server, queries, queryClient } = setup()
    server.handle(`/v1/identity/${address}`, () => json({ name: null, avatar: null }))
    server.handle('/v1/profile/account', ({ body }) => {
      const { message } = JSON.parse(body!) as { message: string }
      const { name } = JSON.parse(message) as { name: string }
      return json({ name, registered: 1, updated: 1, addresses: {}, attributes: {} }, 201)
    })
    await queryClient.fetchQuery(queries.identityQuery(address))
    const signed: string[] = []
    const profile = await queries.registerName({
      name: 'Alice',
      address,
      chainId: 'eip155:31337',
      signMessage: async (message) => {
        signed.push(message)
        return '0xsignature'
      },
    })
    expect(profile.name).toBe('alice.latch.id')
    const message = JSON.parse(signed[0]!) as { name: string; timestamp: number }
    expect(message.name).toBe('alice.latch.id')
    expect(Math.abs(message.timestamp - Date.now() / 1000)).toBeLessThan(5)
    expect(JSON.parse(server.to('/v1/profile/account')[0]!.body!)).toEqual({
      coin_type: 0x80000000 + 31337,
      address,
      message: signed[0],
      signature: '0xsignature',
    })
    expect(queryClient.getQueryState(queries.identityQuery(address).queryKey)?.isInvalidated).toBe(true)
  })

  it('rejects with the server reason when the name is taken, and registers nothing if the wallet declines', async () => {
    const { server, queries } = setup()
    server.handle('/v1/profile/account', () =>
      json({ error: 'Name is already registered: alice.latch.id' }, 409),
    )
    const error = await queries
      .registerName({ name: 'alice', address, chainId: 'eip155:1', signMessage: async () => '0xsig' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    // The package exports the class itself, so an app can tell the error with instanceof too.
    expect(error).toBeInstanceOf(PublicHttpError)
    expect((error as HttpError).shortMessage).toBe('HTTP status code: 409')
    expect((error as HttpError).reason).toBe('Name is already registered: alice.latch.id')

    const declined = new Error('User rejected the request.')
    await expect(
      queries.registerName({
        name: 'bob',
        address,
        chainId: 'eip155:1',
        signMessage: () => Promise.reject(declined),
      }),
    ).rejects.toBe(declined)
    expect(server.to('/v1/profile/account')).toHaveLength(1)
  })

  it('writes the timestamp in seconds', () => {
    expect(JSON.parse(nameRegistrationMessage('a.latch.id', 1_700_000_000_999))).toEqual({
      name: 'a.latch.id',
      attributes: {},
      timestamp: 1_700_000_000,
    })
  })

  it('retries a failed name lookup like any query (3 times), but not a name nobody holds', async () => {
    const { server, queries, queryClient } = setup()
    const query = queries.nameQuery('alice.latch.id')
    const retry = query.retry as (failures: number, error: Error) => boolean
    expect(retry(0, new HttpError(503, 'u'))).toBe(true)
    expect(retry(2, new TypeError('Failed to fetch'))).toBe(true)
    expect(retry(3, new HttpError(503, 'u'))).toBe(false)
    expect(retry(0, new HttpError(404, 'u'))).toBe(false)

    // The server does not know the name: one request, then the 404 is the answer.
    await expect(queryClient.fetchQuery(query)).rejects.toMatchObject({ status: 404 })
    expect(server.to('/v1/profile/account/alice.latch.id')).toHaveLength(1)
    // SPEC §9: names and identity are cached 5 minutes, suggestions included.
    expect(query.staleTime).toBe(IDENTITY_STALE_TIME_MS)
    expect(queries.nameSuggestionsQuery('alice').staleTime).toBe(5 * 60_000)
  })

  it('asks for suggestions of the trimmed, lower-case label in the zone', async () => {
    const { server, queries, queryClient } = setup()
    server.handle('/v1/profile/suggestions/alice', () =>
      json({
        suggestions: [
          { name: 'alice.latch.id', registered: true },
          { name: 'alice1.latch.id', registered: false },
        ],
      }),
    )
    const suggestions = await queryClient.fetchQuery(queries.nameSuggestionsQuery(' Alice '))
    expect(suggestions.map((s) => s.name)).toEqual(['alice.latch.id', 'alice1.latch.id'])
    expect(server.to('/v1/profile/suggestions/alice')[0]!.url.searchParams.get('zone')).toBe('latch.id')
  })
})
