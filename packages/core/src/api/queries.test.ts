import { InfiniteQueryObserver, QueryObserver } from '@tanstack/query-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeServer, directoryHandler, json, listing } from '../../test/fakeServer.ts'
import { createDirectoryClient } from './directory.ts'
import {
  createQueryClient,
  createWalletQueries,
  QUERY_GC_TIME_MS,
  QUERY_RETRY_DELAY_CAP_MS,
  queryRetryDelay,
} from './queries.ts'

const apiUrl = 'http://api.test'

interface Setup {
  projectId?: string
  includeWalletIds?: string[]
  excludeWalletIds?: string[]
  featuredWalletIds?: string[]
}

function setup(options: Setup = {}, url = apiUrl) {
  const server = createFakeServer()
  const directory = createDirectoryClient({ apiUrl: url, projectId: options.projectId, fetch: server.fetch })
  const queries = createWalletQueries(directory, {
    projectId: options.projectId,
    includeWalletIds: options.includeWalletIds ?? [],
    excludeWalletIds: options.excludeWalletIds ?? [],
    featuredWalletIds: options.featuredWalletIds ?? [],
  })
  const queryClient = createQueryClient()
  const queryOf = (i: number) => Object.fromEntries(server.to('/getWallets')[i]!.url.searchParams)
  return { server, queries, queryClient, queryOf }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('SPEC §9 query rules', () => {
  it('retries a failed request 3 times, after 1 s, 2 s and 4 s, then fails with the HTTP status', async () => {
    vi.useFakeTimers()
    const { server, queries, queryClient } = setup()
    server.handle('/getWallets', () => new Response('{}', { status: 500 }))
    const outcome = queryClient.fetchQuery(queries.walletsPageQuery()).catch((error: unknown) => error)
    const calls = () => server.to('/getWallets').length

    await vi.advanceTimersByTimeAsync(0)
    expect(calls()).toBe(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(calls()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls()).toBe(2)
    await vi.advanceTimersByTimeAsync(1999)
    expect(calls()).toBe(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls()).toBe(3)
    await vi.advanceTimersByTimeAsync(3999)
    expect(calls()).toBe(3)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls()).toBe(4)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls()).toBe(4)
    expect(await outcome).toMatchObject({ shortMessage: 'HTTP status code: 500', status: 500 })
  })

  it('succeeds on a retry without the caller seeing the failure', async () => {
    vi.useFakeTimers()
    const { server, queries, queryClient } = setup()
    let failures = 2
    server.handle('/getWallets', () =>
      failures-- > 0 ? new Response('{}', { status: 503 }) : json({ count: 1, data: [listing('a')] }),
    )
    const page = queryClient.fetchQuery(queries.walletsPageQuery())
    await vi.advanceTimersByTimeAsync(3000)
    await expect(page).resolves.toMatchObject({ count: 1 })
  })

  it('doubles the back-off from 1 s and caps it at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(queryRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ])
    expect(QUERY_RETRY_DELAY_CAP_MS).toBe(30_000)
  })

  it('keeps an unused result 5 minutes, then forgets it', async () => {
    vi.useFakeTimers()
    const { queries, queryClient } = setup()
    const options = queries.walletsPageQuery()
    await queryClient.fetchQuery(options)
    expect(QUERY_GC_TIME_MS).toBe(5 * 60_000)
    await vi.advanceTimersByTimeAsync(QUERY_GC_TIME_MS - 1)
    expect(queryClient.getQueryData(options.queryKey)).toMatchObject({ count: 100 })
    await vi.advanceTimersByTimeAsync(1)
    expect(queryClient.getQueryData(options.queryKey)).toBeUndefined()
  })
})

describe('wallet list queries', () => {
  it('fetch page 1 of 40 with the app’s include and exclude lists', async () => {
    const { queries, queryClient, queryOf } = setup({ includeWalletIds: ['a', 'b'], excludeWalletIds: ['c'] })
    await queryClient.fetchQuery(queries.walletsPageQuery())
    expect(queryOf(0)).toMatchObject({ page: '1', entries: '40', include: 'a,b', exclude: 'c' })
  })

  it('search page 1 with up to 100 wallets matching the trimmed text', async () => {
    const { queries, queryClient, queryOf } = setup({ excludeWalletIds: ['c'] })
    await queryClient.fetchQuery(queries.searchWalletsQuery('  rain '))
    expect(queryOf(0)).toMatchObject({ page: '1', entries: '100', search: 'rain', exclude: 'c' })
    expect(queries.searchWalletsQuery('rain').queryKey).toEqual(
      queries.searchWalletsQuery(' rain  ').queryKey,
    )
  })

  it('page through 40 at a time while fewer than count are loaded (infinite scroll)', async () => {
    const { queries, queryClient, server, queryOf } = setup()
    server.handle('/getWallets', directoryHandler(Array.from({ length: 90 }, (_, i) => listing(`w${i}`))))
    const observer = new InfiniteQueryObserver(queryClient, queries.walletsInfiniteQuery())
    const unsubscribe = observer.subscribe(() => {})
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toHaveLength(1))
    expect(observer.getCurrentResult().hasNextPage).toBe(true)
    await observer.fetchNextPage()
    expect(observer.getCurrentResult().hasNextPage).toBe(true)
    await observer.fetchNextPage()
    const result = observer.getCurrentResult()
    expect(result.data?.pages.map((p) => p.data.length)).toEqual([40, 40, 10])
    expect(result.hasNextPage).toBe(false)
    expect([0, 1, 2].map((i) => queryOf(i).page)).toEqual(['1', '2', '3'])
    expect([0, 1, 2].map((i) => queryOf(i).entries)).toEqual(['40', '40', '40'])
    unsubscribe()
  })

  it('search within infinite pages when given a search', async () => {
    const { queries, queryClient, queryOf } = setup()
    await queryClient.fetchInfiniteQuery(queries.walletsInfiniteQuery({ search: ' zen ' }))
    expect(queryOf(0)).toMatchObject({ page: '1', entries: '40', search: 'zen' })
  })

  it('fetch the first 4 featured wallets in the order the app lists them', async () => {
    const ids = ['w9', 'w2', 'w7', 'w4', 'w5']
    const { queries, queryClient, queryOf } = setup({ featuredWalletIds: ids })
    const featured = await queryClient.fetchQuery(queries.featuredWalletsQuery())
    expect(queryOf(0)).toMatchObject({ include: 'w9,w2,w7,w4', entries: '4' })
    expect(featured.map((w) => w.id)).toEqual(['w9', 'w2', 'w7', 'w4'])
  })

  it('skip a featured id the directory does not know', async () => {
    const { queries, queryClient } = setup({ featuredWalletIds: ['w3', 'gone', 'w1'] })
    const featured = await queryClient.fetchQuery(queries.featuredWalletsQuery())
    expect(featured.map((w) => w.id)).toEqual(['w3', 'w1'])
  })

  it('make no request for featured wallets when the app names none', async () => {
    const { queries, queryClient, server } = setup()
    await expect(queryClient.fetchQuery(queries.featuredWalletsQuery())).resolves.toEqual([])
    expect(server.requests).toHaveLength(0)
  })

  it('work through a QueryObserver', async () => {
    const { queries, queryClient } = setup()
    const observer = new QueryObserver(queryClient, queries.walletsPageQuery({ page: 2 }))
    const unsubscribe = observer.subscribe(() => {})
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'))
    expect(observer.getCurrentResult().data?.data[0]?.id).toBe('w41')
    unsubscribe()
  })
})

describe('query keys', () => {
  it('are the same for the same request, so the cache answers a second ask', async () => {
    const { queries, queryClient, server } = setup()
    await queryClient.fetchQuery(queries.walletsPageQuery({ page: 1 }))
    await queryClient.fetchQuery(queries.walletsPageQuery({ page: 1, entries: 40 }))
    expect(server.to('/getWallets')).toHaveLength(1)
  })

  it('name the server, the project and every parameter', () => {
    const { queries } = setup({ projectId: 'demo', includeWalletIds: ['a'], excludeWalletIds: ['b'] })
    expect(queries.walletsPageQuery({ page: 2, search: ' x ' }).queryKey).toEqual([
      'latch',
      'wallets',
      { apiUrl, projectId: 'demo', page: 2, entries: 40, include: ['a'], exclude: ['b'], search: 'x' },
    ])
    expect(queries.walletsInfiniteQuery().queryKey).toEqual([
      'latch',
      'walletsInfinite',
      { apiUrl, projectId: 'demo', entries: 40, include: ['a'], exclude: ['b'] },
    ])
    expect(setup({ featuredWalletIds: ['f'] }).queries.featuredWalletsQuery().queryKey).toEqual([
      'latch',
      'featuredWallets',
      { apiUrl, projectId: undefined, ids: ['f'] },
    ])
  })

  it('differ between servers and between parameters', () => {
    const one = setup({}, 'http://one.test').queries
    const two = setup({}, 'http://two.test').queries
    expect(one.walletsPageQuery().queryKey).not.toEqual(two.walletsPageQuery().queryKey)
    expect(one.walletsPageQuery({ page: 1 }).queryKey).not.toEqual(one.walletsPageQuery({ page: 2 }).queryKey)
    expect(one.searchWalletsQuery('a').queryKey).not.toEqual(one.searchWalletsQuery('b').queryKey)
  })
})
