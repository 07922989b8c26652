import { describe, expect, it } from 'vitest'
import { createFakeServer } from '../../test/fakeServer.ts'
import { SDK_VERSION } from '../version.ts'
import { createDirectoryClient } from './directory.ts'

const apiUrl = 'http://api.test'

function setup(projectId: string | undefined) {
  const server = createFakeServer()
  const directory = createDirectoryClient({ apiUrl, projectId, fetch: server.fetch })
  const lastQuery = () => Object.fromEntries(server.requests.at(-1)!.url.searchParams)
  return { server, directory, lastQuery }
}

describe('every request names the project and the SDK (SPEC §7)', () => {
  it('adds projectId, st=latch and sv to getWallets and getAnalyticsConfig', async () => {
    const { server, directory } = setup('demo')
    await directory.getWallets({ page: 1, entries: 40 })
    await directory.getAnalyticsConfig()
    for (const { url } of server.requests) {
      expect(url.searchParams.get('projectId')).toBe('demo')
      expect(url.searchParams.get('st')).toBe('latch')
      expect(url.searchParams.get('sv')).toBe(SDK_VERSION)
    }
    expect(server.requests.map((r) => r.url.pathname)).toEqual(['/getWallets', '/getAnalyticsConfig'])
  })

  it('leaves projectId out when the app has none', async () => {
    const { directory, lastQuery } = setup(undefined)
    await directory.getAnalyticsConfig()
    expect(lastQuery()).toEqual({ st: 'latch', sv: SDK_VERSION })
  })

  it('builds image URLs the same way, one route per kind, with the id escaped', () => {
    const { directory } = setup('demo')
    const query = `?projectId=demo&st=latch&sv=${SDK_VERSION}`
    expect(directory.walletImageUrl('abc')).toBe(`${apiUrl}/getWalletImage/abc${query}`)
    expect(directory.assetImageUrl('eip155:1')).toBe(`${apiUrl}/public/getAssetImage/eip155%3A1${query}`)
    expect(directory.currencyImageUrl('USD')).toBe(`${apiUrl}/public/getCurrencyImage/USD${query}`)
    expect(directory.tokenImageUrl('ETH')).toBe(`${apiUrl}/public/getTokenImage/ETH${query}`)
  })

  it('keeps a path prefix of apiUrl', () => {
    const directory = createDirectoryClient({ apiUrl: 'https://latch.example/api' })
    expect(directory.walletImageUrl('a')).toMatch(/^https:\/\/latch\.example\/api\/getWalletImage\/a\?/)
  })
})

describe('getWallets parameters (SPEC §7)', () => {
  it('sends page and entries, and lists comma-separated', async () => {
    const { directory, lastQuery } = setup('demo')
    await directory.getWallets({
      page: 2,
      entries: 40,
      include: ['a', 'b'],
      exclude: ['c', 'd', 'e'],
      chains: ['eip155:1', 'eip155:8453'],
      badge_type: 'certified',
    })
    expect(lastQuery()).toMatchObject({
      page: '2',
      entries: '40',
      include: 'a,b',
      exclude: 'c,d,e',
      chains: 'eip155:1,eip155:8453',
      badge_type: 'certified',
    })
  })

  it('trims the search and leaves out an empty one and empty lists', async () => {
    const { directory, lastQuery } = setup('demo')
    await directory.getWallets({ page: 1, entries: 100, search: '  rain bow ' })
    expect(lastQuery().search).toBe('rain bow')
    await directory.getWallets({ page: 1, entries: 40, search: '   ', include: [], exclude: [] })
    expect(Object.keys(lastQuery()).sort()).toEqual(['entries', 'page', 'projectId', 'st', 'sv'])
  })

  it('returns the count and the wallets the server answered', async () => {
    const { directory } = setup('demo')
    const page = await directory.getWallets({ page: 3, entries: 40 })
    expect(page.count).toBe(100)
    expect(page.data.map((w) => w.id)).toEqual(Array.from({ length: 20 }, (_, i) => `w${i + 81}`))
  })

  it('rejects a non-success answer with the HTTP status', async () => {
    const { server, directory } = setup('demo')
    server.handle('/getWallets', () => new Response('{}', { status: 502 }))
    await expect(directory.getWallets({ page: 1, entries: 40 })).rejects.toMatchObject({
      shortMessage: 'HTTP status code: 502',
      status: 502,
    })
  })

  it('passes the abort signal on', async () => {
    const controller = new AbortController()
    const signals: Array<AbortSignal | null | undefined> = []
    const spying = createDirectoryClient({
      apiUrl,
      fetch: async (_input, init) => {
        signals.push(init?.signal)
        return new Response('{"count":0,"data":[]}')
      },
    })
    await spying.getWallets({ page: 1, entries: 1 }, controller.signal)
    expect(signals).toEqual([controller.signal])
  })
})
