import { QueryObserver } from '@tanstack/query-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { balancePath, balancesHandler, createFakeServer, json, tokenBalance } from '../../test/fakeServer.ts'
import {
  createBalanceQueries,
  TOKEN_BALANCE_RETRY_MS,
  TOKEN_BALANCE_STALE_TIME_MS,
  TokenBalanceUnavailableError,
} from './balances.ts'
import { createBlockchainClient } from './blockchain.ts'
import { HttpError } from './http.ts'
import { createQueryClient } from './queries.ts'

const chainApiUrl = 'http://chain.test'
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const chainId = 'eip155:31337'

function setup() {
  const server = createFakeServer()
  server.handle(balancePath(address), balancesHandler([tokenBalance('USDC')]))
  const blockchain = createBlockchainClient({ chainApiUrl, projectId: 'demo', fetch: server.fetch })
  const queries = createBalanceQueries(blockchain, { projectId: 'demo' })
  const queryClient = createQueryClient()
  const calls = () => server.to(balancePath(address)).length
  return { server, queries, queryClient, calls }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('balancesQuery', () => {
  it('names the server, the project, the account and the network in its key', () => {
    const { queries } = setup()
    expect(queries.balancesQuery(address, chainId).queryKey).toEqual([
      'latch',
      'balances',
      { chainApiUrl, projectId: 'demo', address, chainId },
    ])
    expect(queries.balancesQuery(address, 'eip155:1').queryKey).not.toEqual(
      queries.balancesQuery(address, chainId).queryKey,
    )
  })

  it('answers from the cache for 30 s, then asks the server again (SPEC §9)', async () => {
    vi.useFakeTimers()
    const { queries, queryClient, calls } = setup()
    const options = queries.balancesQuery(address, chainId)

    expect(await queryClient.fetchQuery(options)).toEqual([tokenBalance('USDC')])
    await vi.advanceTimersByTimeAsync(TOKEN_BALANCE_STALE_TIME_MS - 1)
    await queryClient.fetchQuery(options)
    expect(calls()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    await queryClient.fetchQuery(options)
    expect(calls()).toBe(2)
    expect(TOKEN_BALANCE_STALE_TIME_MS).toBe(30_000)
  })

  it("fails with 'Token Balance Unavailable' at once, without the usual retries", async () => {
    vi.useFakeTimers()
    const { server, queries, queryClient, calls } = setup()
    server.handle(balancePath(address), () => json({ error: 'down' }, 502))

    const error = await queryClient
      .fetchQuery(queries.balancesQuery(address, chainId))
      .catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(10_000)

    expect(error).toBeInstanceOf(TokenBalanceUnavailableError)
    expect(error).toMatchObject({ shortMessage: 'Token Balance Unavailable', retryAt: Date.now() + 20_000 })
    expect((error as Error).cause).toBeInstanceOf(HttpError)
    expect(calls()).toBe(1)
  })

  it('sends no request for 30 s after a failure, however often it is refetched, then sends one', async () => {
    vi.useFakeTimers()
    const { server, queries, queryClient, calls } = setup()
    server.handle(balancePath(address), () => json({ error: 'down' }, 500))
    const observer = new QueryObserver(queryClient, queries.balancesQuery(address, chainId))
    const unsubscribe = observer.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    expect(observer.getCurrentResult().error?.message).toMatch(/^Token Balance Unavailable/)
    const { retryAt } = observer.getCurrentResult().error as TokenBalanceUnavailableError
    expect(retryAt).toBe(Date.now() + TOKEN_BALANCE_RETRY_MS)
    server.handle(balancePath(address), balancesHandler([tokenBalance('DAI')]))

    await observer.refetch()
    await vi.advanceTimersByTimeAsync(TOKEN_BALANCE_RETRY_MS - 1)
    await observer.refetch()
    await queryClient.invalidateQueries({ queryKey: ['latch', 'balances'] })
    expect(calls()).toBe(1)
    expect(observer.getCurrentResult().status).toBe('error')
    // The blocked refetches answer the same failure: the 30 s run from the request that failed.
    expect((observer.getCurrentResult().error as TokenBalanceUnavailableError).retryAt).toBe(retryAt)

    await vi.advanceTimersByTimeAsync(1)
    await observer.refetch()
    expect(calls()).toBe(2)
    expect(observer.getCurrentResult().data?.map((b) => b.symbol)).toEqual(['DAI'])
    unsubscribe()
  })

  it('blocks only the account and network that failed', async () => {
    const { server, queries, queryClient } = setup()
    server.handle(balancePath(address), ({ url }) =>
      url.searchParams.get('chainId') === chainId ? json({}, 500) : balancesHandler([])({} as never),
    )
    await expect(queryClient.fetchQuery(queries.balancesQuery(address, chainId))).rejects.toThrow()
    await expect(queryClient.fetchQuery(queries.balancesQuery(address, 'eip155:1'))).resolves.toEqual([])
  })
})
