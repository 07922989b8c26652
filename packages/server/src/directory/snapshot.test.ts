import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { wallet } from '../../test/support/fixtures.ts'
import { DirectoryDataError } from './errors.ts'
import { readSnapshot } from './snapshot.ts'

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'latch-snapshot-'))
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const id = 'a'.repeat(64)

/** A listing as real Explorer dumps have them: every part present, many of them null or empty. */
function listing(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: 'Example Wallet',
    slug: 'example-wallet',
    homepage: 'https://example.com',
    chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
    image_id: 'example-image',
    app: {
      browser: 'https://app.example.com',
      ios: 'https://apps.apple.com/app/id1',
      android: 'https://play.google.com/store/apps/details?id=com.example',
      mac: null,
      windows: '',
      linux: null,
      chrome: 'https://chromewebstore.google.com/detail/abc',
      firefox: null,
      safari: null,
      edge: null,
    },
    injected: [{ namespace: 'eip155', injected_id: 'isExample' }],
    rdns: 'com.example',
    mobile: { native: 'example://', universal: 'https://example.com/wc' },
    desktop: { native: '', universal: 'https://example.com/desktop' },
    metadata: { shortName: 'Example', colors: { primary: '#000000', secondary: null } },
    badge_type: 'certified',
    order: 7,
    ...overrides,
  }
}

async function writeListings(listings: Record<string, unknown>[], name = 'listings.json'): Promise<string> {
  const file = join(dir, name)
  const document = {
    listings: Object.fromEntries(listings.map((entry, i) => [entry.id ?? `key${i}`, entry])),
  }
  await writeFile(file, JSON.stringify({ ...document, count: listings.length, total: listings.length }))
  return file
}

async function failure(run: Promise<unknown>): Promise<DirectoryDataError> {
  const error = await run.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(DirectoryDataError)
  return error as DirectoryDataError
}

describe('readSnapshot: listings', () => {
  it('maps an Explorer listing to a wallet record', async () => {
    const { wallets, images } = await readSnapshot(await writeListings([listing()]))
    expect(images).toEqual([])
    expect(wallets).toEqual([
      {
        id,
        name: 'Example Wallet',
        rdns: 'com.example',
        imageId: 'example-image',
        chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
        mobileLink: 'example://',
        desktopLink: 'https://example.com/desktop',
        webappLink: 'https://app.example.com',
        appStore: 'https://apps.apple.com/app/id1',
        playStore: 'https://play.google.com/store/apps/details?id=com.example',
        chromeStore: 'https://chromewebstore.google.com/detail/abc',
        homepage: 'https://example.com',
        injected: [{ namespace: 'eip155', injected_id: 'isExample' }],
        badgeType: 'certified',
        order: 7,
      },
    ])
  })

  it('falls back to the universal link when the native one is empty or null', async () => {
    const file = await writeListings([
      listing({
        mobile: { native: null, universal: 'https://example.com/wc' },
        desktop: { native: 'ex://' },
      }),
    ])
    const [wallet] = (await readSnapshot(file)).wallets
    expect(wallet?.mobileLink).toBe('https://example.com/wc')
    expect(wallet?.desktopLink).toBe('ex://')
  })

  it('accepts a listing with only id and name; absent parts become null, [] or the defaults', async () => {
    const file = await writeListings([
      listing({ id: 'b'.repeat(64), order: undefined }),
      { id, name: 'Bare', injected: null, rdns: null, app: null, mobile: null, badge_type: null },
    ])
    const [first, bare] = (await readSnapshot(file)).wallets
    expect(first?.order).toBe(1)
    expect(bare).toEqual(wallet({ id, name: 'Bare', order: 2 }))
  })

  it('names the listing id and the field of a malformed listing', async () => {
    const file = await writeListings([listing({ id: 'b'.repeat(64) }), listing({ mobile: { native: 42 } })])
    const error = await failure(readSnapshot(file))
    expect(error.listingId).toBe(id)
    expect(error.field).toBe('mobile.native')
    expect(error.file).toBe(file)
    expect(error.message).toContain(`listing "${id}"`)
    expect(error.message).toContain('mobile.native')
  })

  it.each([
    ['a missing name', { name: undefined }, 'name'],
    ['an empty name', { name: '  ' }, 'name'],
    ['a chain that is not CAIP-2', { chains: ['eip155:1', 'ethereum'] }, 'chains[1]'],
    ['a numeric homepage', { homepage: 1 }, 'homepage'],
    ['a javascript: web app link', { app: { browser: ' JavaScript:alert(1)' } }, 'app.browser'],
    ['a data: URL hidden by a tab', { mobile: { universal: 'da\tta:text/html,x' } }, 'mobile.universal'],
    ['an unknown badge type', { badge_type: 'gold' }, 'badge_type'],
    ['a fractional order', { order: 1.5 }, 'order'],
    ['an image id with a slash', { image_id: '../secret' }, 'image_id'],
    [
      'injected ids that are not strings',
      { injected: [{ namespace: 'eip155', injected_id: true }] },
      'injected[0].injected_id',
    ],
  ])('rejects %s', async (_, overrides, field) => {
    const error = await failure(readSnapshot(await writeListings([listing(overrides)])))
    expect(error.field).toBe(field)
    expect(error.listingId).toBe(id)
  })

  it('rejects an id outside [A-Za-z0-9._-]{1,128}, naming it', async () => {
    const error = await failure(readSnapshot(await writeListings([listing({ id: 'has space' })])))
    expect(error.listingId).toBe('has space')
    expect(error.field).toBe('id')
    expect(error.message).toContain('/^[A-Za-z0-9._-]{1,128}$/')
  })

  it('rejects a listing without an id, naming its key', async () => {
    const file = join(dir, 'listings.json')
    await writeFile(file, JSON.stringify({ listings: { mykey: { name: 'No id' } } }))
    const error = await failure(readSnapshot(file))
    expect(error.listingId).toBe('mykey')
    expect(error.field).toBe('id')
  })

  it('rejects two listings with the same id', async () => {
    const file = join(dir, 'listings.json')
    await writeFile(file, JSON.stringify({ listings: { one: listing(), two: listing() } }))
    const error = await failure(readSnapshot(file))
    expect(error.listingId).toBe(id)
    expect(error.message).toContain('more than once')
  })

  it('rejects a file that is missing, not JSON, or not a listings document', async () => {
    expect((await failure(readSnapshot(join(dir, 'nope.json')))).message).toContain(
      'Cannot read listings file',
    )
    await writeFile(join(dir, 'bad.json'), '{"listings": ')
    expect((await failure(readSnapshot(join(dir, 'bad.json')))).message).toContain('is not valid JSON')
    await writeFile(join(dir, 'array.json'), '{"listings": []}')
    expect((await failure(readSnapshot(join(dir, 'array.json')))).field).toBe('listings')
  })
})

describe('readSnapshot: images', () => {
  it('reads wallet images from the folder and the other kinds from its subfolders', async () => {
    const images = join(dir, 'images')
    for (const folder of ['assets', 'currencies', 'tokens', 'unrelated']) {
      await mkdir(join(images, folder), { recursive: true })
    }
    await writeFile(join(images, 'example-image.svg'), '<svg/>')
    await writeFile(join(images, 'b.PNG'), new Uint8Array([137, 80]))
    await writeFile(join(images, 'c.webp'), 'w')
    await writeFile(join(images, 'd.jpeg'), 'j')
    await writeFile(join(images, 'e.jpg'), 'j')
    await writeFile(join(images, 'README.md'), 'not an image')
    await writeFile(join(images, 'assets', 'eip155-1.svg'), '<svg/>')
    await writeFile(join(images, 'currencies', 'USD.svg'), '<svg/>')
    await writeFile(join(images, 'tokens', 'ETH.png'), 'p')
    await writeFile(join(images, 'unrelated', 'x.svg'), '<svg/>')

    const snapshot = await readSnapshot(await writeListings([listing()]), images)
    expect(snapshot.images.map(({ kind, id, contentType }) => [kind, id, contentType])).toEqual([
      ['wallet', 'b', 'image/png'],
      ['wallet', 'c', 'image/webp'],
      ['wallet', 'd', 'image/jpeg'],
      ['wallet', 'e', 'image/jpeg'],
      ['wallet', 'example-image', 'image/svg+xml'],
      ['asset', 'eip155-1', 'image/svg+xml'],
      ['currency', 'USD', 'image/svg+xml'],
      ['token', 'ETH', 'image/png'],
    ])
    expect(snapshot.images[0]?.bytes).toEqual(new Uint8Array([137, 80]))
  })

  it('keeps the imageId of a wallet whose image is not in the folder', async () => {
    await mkdir(join(dir, 'images'))
    const snapshot = await readSnapshot(await writeListings([listing()]), join(dir, 'images'))
    expect(snapshot.images).toEqual([])
    expect(snapshot.wallets[0]?.imageId).toBe('example-image')
  })

  it('fails when the images folder does not exist', async () => {
    const error = await failure(readSnapshot(await writeListings([listing()]), join(dir, 'missing')))
    expect(error.message).toContain('not found')
    expect(error.file).toBe(join(dir, 'missing'))
  })

  it('rejects an image file whose name is not a valid id, and two files for one id', async () => {
    const images = join(dir, 'images')
    await mkdir(images)
    await writeFile(join(images, 'bad name.svg'), '<svg/>')
    const listings = await writeListings([listing()])
    expect((await failure(readSnapshot(listings, images))).message).toContain('image id "bad name"')

    await rm(join(images, 'bad name.svg'))
    await writeFile(join(images, 'twin.svg'), '<svg/>')
    await writeFile(join(images, 'twin.png'), 'p')
    expect((await failure(readSnapshot(listings, images))).message).toMatch(/"twin" also exists/)
  })
})
