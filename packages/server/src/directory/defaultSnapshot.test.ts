import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { defaultImages } from './defaultImages.ts'
import { caip2Pattern } from './ids.ts'
import { defaultListingsFile, defaultSnapshot } from './snapshot.ts'

const snapshot = await defaultSnapshot()
const { wallets, images } = snapshot

describe('the shipped dataset', () => {
  it('lists a few dozen wallets', () => {
    expect(wallets.length).toBeGreaterThanOrEqual(30)
    expect(wallets.length).toBeLessThanOrEqual(40)
  })

  it('states its count and total like an Explorer dump', async () => {
    const document = JSON.parse(await readFile(defaultListingsFile, 'utf8'))
    expect(document.count).toBe(wallets.length)
    expect(document.total).toBe(wallets.length)
  })

  it('has unique ids, names and rdns', () => {
    const rdns = wallets.flatMap((wallet) => (wallet.rdns ? [wallet.rdns] : []))
    expect(new Set(wallets.map((wallet) => wallet.id)).size).toBe(wallets.length)
    expect(new Set(wallets.map((wallet) => wallet.name)).size).toBe(wallets.length)
    expect(new Set(rdns).size).toBe(rdns.length)
  })

  it('uses sha-256 of the slug as id (our own ids, not the Explorer’s)', async () => {
    const document = JSON.parse(await readFile(defaultListingsFile, 'utf8'))
    for (const listing of Object.values(document.listings) as { id: string; slug: string }[]) {
      expect(listing.id).toBe(createHash('sha256').update(listing.slug).digest('hex'))
    }
  })

  it('gives every wallet at least one valid CAIP-2 chain and a homepage', () => {
    for (const wallet of wallets) {
      expect(wallet.chains.length, wallet.name).toBeGreaterThan(0)
      for (const chain of wallet.chains) expect(chain, wallet.name).toMatch(caip2Pattern)
      expect(wallet.homepage, wallet.name).toMatch(/^https:\/\//)
    }
  })

  it('links only over https, except the apps’ own schemes for mobile and desktop', () => {
    for (const wallet of wallets) {
      const webLinks = [
        wallet.webappLink,
        wallet.appStore,
        wallet.playStore,
        wallet.chromeStore,
        wallet.homepage,
      ]
      for (const link of webLinks.filter(Boolean)) expect(link, wallet.name).toMatch(/^https:\/\/[^/]/)
      for (const link of [wallet.mobileLink, wallet.desktopLink].filter(Boolean)) {
        expect(link, wallet.name).toMatch(/^(https:\/\/|[a-z][a-z0-9+.-]*:\/\/)/)
      }
    }
  })

  it('has a generated SVG image for every wallet', () => {
    const walletImages = new Map(
      images.filter((image) => image.kind === 'wallet').map((image) => [image.id, image]),
    )
    for (const wallet of wallets) {
      expect(wallet.imageId, wallet.name).not.toBeNull()
      const image = walletImages.get(wallet.imageId!)
      expect(image?.contentType, wallet.name).toBe('image/svg+xml')
      expect(new TextDecoder().decode(image?.bytes)).toMatch(/^<svg [^>]*viewBox="0 0 96 96"/)
    }
    expect(walletImages.size).toBe(wallets.length)
  })

  it('has the network, currency and token images the demo uses', () => {
    const ids = images.filter((image) => image.kind !== 'wallet').map((image) => `${image.kind}:${image.id}`)
    expect(ids.sort()).toEqual(defaultImages.map((image) => `${image.kind}:${image.id}`).sort())
    expect(ids).toEqual(
      expect.arrayContaining([
        'asset:eip155-1',
        'asset:eip155-31337',
        'asset:eip155-31338',
        'currency:USD',
        'token:LUSD',
        'token:LTK',
        'token:LPT',
      ]),
    )
  })

  it('puts the repo’s dev wallet first, matching what it announces (EIP-6963)', () => {
    const first = [...wallets].sort((a, b) => a.order - b.order)[0]
    expect(first).toMatchObject({
      name: 'Latch Dev Wallet',
      rdns: 'dev.latch.wallet',
      order: 1,
      homepage: 'https://github.com/latch/latch',
      chains: ['eip155:31337', 'eip155:31338'],
      injected: [{ namespace: 'eip155', injected_id: 'isLatchDevWallet' }],
    })
  })

  it('carries well-known wallets with their EIP-6963 rdns', () => {
    const byName = new Map(wallets.map((wallet) => [wallet.name, wallet]))
    expect(byName.get('MetaMask')).toMatchObject({ rdns: 'io.metamask', mobileLink: 'metamask://' })
    expect(byName.get('Rainbow')?.rdns).toBe('me.rainbow')
    expect(byName.get('Phantom')?.chains).toContain('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  })
})
