import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../test/support/app.ts'
import { fixtureSnapshot, image } from '../../test/support/fixtures.ts'
import { matchesEtag } from './images.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const etagOf = (text: string) => `"${createHash('sha256').update(text).digest('hex')}"`

describe('image routes', () => {
  test.each([
    ['/getWalletImage/alpha-icon', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['/public/getAssetImage/eip155-1', 'image/png', 'not really a png'],
    ['/public/getCurrencyImage/USD', 'image/svg+xml', '<svg id="usd"/>'],
    ['/public/getTokenImage/ETH?projectId=open&st=latch&sv=1', 'image/webp', 'webp bytes'],
  ])('%s → the bytes with content type, strong ETag and a year of caching', async (url, type, text) => {
    const response = await t.app.inject(url)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe(type)
    expect(response.body).toBe(text)
    expect(response.headers.etag).toBe(etagOf(text))
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  test('304 without a body when If-None-Match names the ETag', async () => {
    const etag = etagOf('<svg id="usd"/>')
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await t.app.inject({
        url: '/public/getCurrencyImage/USD',
        headers: { 'if-none-match': header },
      })
      expect(response.statusCode).toBe(304)
      expect(response.body).toBe('')
      expect(response.headers.etag).toBe(etag)
    }
    const stale = await t.app.inject({
      url: '/public/getCurrencyImage/USD',
      headers: { 'if-none-match': '"old"' },
    })
    expect(stale.statusCode).toBe(200)
  })

  test('404 for an unknown id or another kind’s id', async () => {
    for (const url of ['/getWalletImage/nope', '/getWalletImage/USD', '/public/getTokenImage/alpha-icon']) {
      const response = await t.app.inject(url)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ error: `Unknown image ${url.split('/').pop()}` })
    }
  })

  test.each([
    '/getWalletImage/a%20b',
    '/getWalletImage/%3Csvg%3E',
    `/public/getAssetImage/${'x'.repeat(129)}`,
    '/public/getTokenImage/ETH?sv=1&sv=2',
  ])('%s → 400 naming the field', async (url) => {
    const response = await t.app.inject(url)
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(['id', 'sv']).toContain(body.field)
    expect(body.error).toContain(body.field)
  })

  test('a new import replaces a cached image', async () => {
    expect((await t.app.inject('/public/getTokenImage/ETH')).body).toBe('webp bytes')
    await t.storage.replaceDirectory({
      wallets: fixtureSnapshot.wallets,
      images: [image('token', 'ETH', 'image/svg+xml', '<svg id="eth2"/>')],
    })
    const replaced = await t.app.inject('/public/getTokenImage/ETH')
    expect(replaced.headers['content-type']).toBe('image/svg+xml')
    expect(replaced.body).toBe('<svg id="eth2"/>')
    await t.storage.replaceDirectory(fixtureSnapshot)
  })
})

test('matchesEtag reads weak tags, lists and *', () => {
  expect(matchesEtag('"a"', '"a"')).toBe(true)
  expect(matchesEtag('W/"a"', '"a"')).toBe(true)
  expect(matchesEtag(' "b" ,"a"', '"a"')).toBe(true)
  expect(matchesEtag('"b"', '"a"')).toBe(false)
  expect(matchesEtag(undefined, '"a"')).toBe(false)
})
