import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../test/support/app.ts'
import { fixtureOrder, fixtureSnapshot, wallet } from '../../test/support/fixtures.ts'
import { createApp } from '../app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function getWallets(query: string) {
  const response = await t.app.inject(`/getWallets${query}`)
  return { status: response.statusCode, headers: response.headers, body: response.json() }
}
const idsOf = (body: { data: { id: string }[] }) => body.data.map((listing) => listing.id)

describe('GET /getWallets', () => {
  test('answers the first 40 wallets in a stable order with their count, cacheable for a minute', async () => {
    const { status, headers, body } = await getWallets('')
    expect(status).toBe(200)
    expect(headers['cache-control']).toBe('public, max-age=60')
    expect(headers['content-type']).toMatch(/^application\/json/)
    expect(body.count).toBe(fixtureOrder.length)
    expect(idsOf(body)).toEqual(fixtureOrder)
  })

  test('gzips the page for a client that accepts gzip, and only for one', async () => {
    const plain = await t.app.inject('/getWallets?entries=5')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    for (const accept of ['gzip, deflate, br', 'br;q=1, gzip;q=0.5', '*']) {
      const zipped = await t.app.inject({
        url: '/getWallets?entries=5',
        headers: { 'accept-encoding': accept },
      })
      expect(zipped.headers['content-encoding']).toBe('gzip')
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json())
    }
    const refused = await t.app.inject({
      url: '/getWallets?entries=5',
      headers: { 'accept-encoding': 'gzip;q=0, br' },
    })
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.json()).toEqual(plain.json())
  })

  test('maps a wallet to the listing shape, with an absolute image_url', async () => {
    const { body } = await getWallets('?entries=1')
    expect(body.data[0]).toEqual({
      id: 'alpha',
      name: 'Alpha',
      image_id: 'alpha-icon',
      image_url: 'http://localhost/getWalletImage/alpha-icon',
      rdns: 'io.alpha',
      chains: ['eip155:1', 'eip155:10'],
      mobile_link: 'alpha://',
      desktop_link: null,
      webapp_link: null,
      app_store: 'https://apps.apple.com/app/alpha',
      play_store: null,
      chrome_store: null,
      homepage: null,
      injected: [{ namespace: 'eip155', injected_id: 'isAlpha' }],
      badge_type: 'certified',
      order: 1,
    })
    expect(body.data[0].image_url).not.toBeNull()
    const beta = (await getWallets('?include=beta')).body.data[0]
    expect(beta.image_url).toBeNull()
  })

  test('pages with page and entries', async () => {
    const { body } = await getWallets('?page=2&entries=3')
    expect(body.count).toBe(fixtureOrder.length)
    expect(idsOf(body)).toEqual(fixtureOrder.slice(3, 6))
    expect(idsOf((await getWallets('?page=9&entries=100')).body)).toEqual([])
  })

  test('include and exclude take comma-separated ids (spaces and empty items ignored)', async () => {
    expect(idsOf((await getWallets('?include=zeta-1,%20alpha,,')).body)).toEqual(['alpha', 'zeta-1'])
    const { body } = await getWallets(`?exclude=${fixtureOrder.slice(1).join(',')}`)
    expect(body).toMatchObject({ count: 1, data: [{ id: 'alpha' }] })
  })

  test('search is trimmed and case-insensitive over name and rdns; blank means no search', async () => {
    expect(idsOf((await getWallets('?search=%20%20gAmMa%20')).body)).toEqual(['gamma'])
    expect(idsOf((await getWallets('?search=com.BETA')).body)).toEqual(['beta'])
    expect((await getWallets('?search=%20%20%20')).body.count).toBe(fixtureOrder.length)
    expect(idsOf((await getWallets('?search=100%25')).body)).toEqual(['gamma'])
    expect(idsOf((await getWallets('?search=a_x')).body)).toEqual(['delta-underscore'])
  })

  test('chains and badge_type filter', async () => {
    expect(idsOf((await getWallets('?chains=eip155:8453,eip155:10')).body)).toEqual([
      'alpha',
      'beta',
      'delta-y',
    ])
    expect(idsOf((await getWallets('?badge_type=certified&chains=eip155:1')).body)).toEqual([
      'alpha',
      'gamma',
    ])
  })

  test('ignores unknown parameters and accepts projectId, st and sv', async () => {
    const { status, body } = await getWallets('?foo=bar&projectId=open&st=latch&sv=0.1.0&entries=2')
    expect(status).toBe(200)
    expect(body.data).toHaveLength(2)
  })

  test.each([
    ['?page=0', 'page'],
    ['?page=-1', 'page'],
    ['?page=1.5', 'page'],
    ['?page=', 'page'],
    ['?entries=0', 'entries'],
    ['?entries=101', 'entries'],
    ['?entries=ten', 'entries'],
    ['?entries=1&entries=2', 'entries'],
    ['?include=a%20b', 'include'],
    [`?include=${Array.from({ length: 501 }, (_, index) => `w${index}`).join(',')}`, 'include'],
    ['?exclude=%3Cscript%3E', 'exclude'],
    [`?search=${'x'.repeat(101)}`, 'search'],
    ['?badge_type=gold', 'badge_type'],
    ['?chains=ethereum', 'chains'],
    ['?chains=eip155:1,EIP155:1', 'chains'],
    [`?projectId=${'p'.repeat(101)}`, 'projectId'],
    ['?st=a&st=b', 'st'],
    [`?sv=${'9'.repeat(101)}`, 'sv'],
  ])('%s → 400 naming %s', async (query, field) => {
    const { status, body } = await getWallets(query)
    expect(status).toBe(400)
    expect(body.field).toBe(field)
    expect(body.error).toContain(field)
  })

  test('serves from its cache until the directory is replaced', async () => {
    const before = await getWallets('?entries=100&search=zeta')
    expect(before.body.count).toBe(2)
    await t.storage.replaceDirectory({
      wallets: [...fixtureSnapshot.wallets, wallet({ id: 'zeta-3', name: 'Zeta Three', order: 5 })],
      images: fixtureSnapshot.images,
    })
    const after = await getWallets('?entries=100&search=zeta')
    expect(idsOf(after.body)).toEqual(['zeta-1', 'zeta-2', 'zeta-3'])
    await t.storage.replaceDirectory(fixtureSnapshot)
  })
})

describe('shared caches and hosts', () => {
  test('an answer that reflects the Origin varies by Origin as well as by encoding, cached or not', async () => {
    for (let round = 0; round < 2; round++) {
      const response = await t.app.inject({
        url: '/getWallets?entries=2',
        headers: { origin: 'http://localhost:5173', 'accept-encoding': 'gzip' },
      })
      expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173')
      expect(response.headers['cache-control']).toBe('public, max-age=60')
      const vary = String(response.headers.vary)
        .toLowerCase()
        .split(/\s*,\s*/)
      expect(vary).toEqual(expect.arrayContaining(['origin', 'accept-encoding']))
    }
  })

  test("a client's Host header never reaches the links: they name the server's own address", async () => {
    const response = await t.app.inject({ url: '/getWallets?entries=1', headers: { host: 'evil.example' } })
    expect(response.json().data[0].image_url).toBe('http://localhost/getWalletImage/alpha-icon')
  })

  test('with allowed hosts, another Host is refused 421 and the health check still answers', async () => {
    const strict = await createApp({
      storage: t.storage,
      allowedHosts: ['latch.example.com'],
      publicUrl: 'https://latch.example.com',
    })
    try {
      const refused = await strict.inject({ url: '/getWallets', headers: { host: 'evil.example' } })
      expect(refused.statusCode).toBe(421)
      expect(refused.json().error).toBe('This server does not answer for host evil.example')
      const served = await strict.inject({ url: '/getWallets', headers: { host: 'latch.example.com' } })
      expect(served.statusCode).toBe(200)
      const health = await strict.inject({ url: '/health', headers: { host: '10.0.0.7:8787' } })
      expect(health.statusCode).toBe(200)
    } finally {
      await strict.close()
    }
  })
})

describe('image_url with publicUrl', () => {
  test('uses the configured base instead of the request host', async () => {
    const proxied = await createApp({ storage: t.storage, publicUrl: 'https://directory.example.com/latch/' })
    try {
      const response = await proxied.inject('/getWallets?entries=1')
      expect(response.json().data[0].image_url).toBe(
        'https://directory.example.com/latch/getWalletImage/alpha-icon',
      )
    } finally {
      await proxied.close()
    }
  })
})
