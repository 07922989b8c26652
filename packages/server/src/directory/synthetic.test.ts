import { describe, expect, it } from 'vitest'
import { caip2Pattern, directoryIdPattern } from './ids.ts'
import { syntheticSnapshot } from './synthetic.ts'

const big = syntheticSnapshot(5000)

describe('syntheticSnapshot', () => {
  it('is the same for the same seed and differs for another', () => {
    expect(syntheticSnapshot(200)).toEqual(syntheticSnapshot(200))
    expect(syntheticSnapshot(200, 2).wallets.map((wallet) => wallet.id)).not.toEqual(
      syntheticSnapshot(200).wallets.map((wallet) => wallet.id),
    )
  })

  it('makes n wallets with unique 64-hex ids, unique names and unique rdns', () => {
    const { wallets } = big
    expect(wallets).toHaveLength(5000)
    for (const wallet of wallets) expect(wallet.id).toMatch(/^[0-9a-f]{64}$/)
    expect(new Set(wallets.map((wallet) => wallet.id)).size).toBe(5000)
    expect(new Set(wallets.map((wallet) => wallet.name)).size).toBe(5000)
    const rdns = wallets.flatMap((wallet) => (wallet.rdns ? [wallet.rdns] : []))
    expect(new Set(rdns).size).toBe(rdns.length)
  })

  it('numbers the names and orders by index + 1000', () => {
    const { wallets } = syntheticSnapshot(3)
    expect(wallets.map((wallet) => wallet.name)).toEqual([
      expect.stringMatching(/^Wallet 0001 [A-Z][a-z]+ [A-Z][a-z]+$/),
      expect.stringMatching(/^Wallet 0002 /),
      expect.stringMatching(/^Wallet 0003 /),
    ])
    expect(wallets.map((wallet) => wallet.order)).toEqual([1000, 1001, 1002])
    expect(syntheticSnapshot(12_345).wallets[0]?.name).toMatch(/^Wallet 00001 /)
  })

  it('varies the name words so a search matches some wallets but not most', () => {
    const aurora = big.wallets.filter((wallet) => wallet.name.toLowerCase().includes('aurora'))
    expect(aurora.length).toBeGreaterThan(50)
    expect(aurora.length).toBeLessThan(500)
  })

  it('draws valid CAIP-2 chains from mainnet EVM networks and Solana', () => {
    const seen = new Set(big.wallets.flatMap((wallet) => wallet.chains))
    expect([...seen].sort()).toEqual(
      [
        'eip155:1',
        'eip155:10',
        'eip155:137',
        'eip155:42161',
        'eip155:8453',
        'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      ].sort(),
    )
    for (const wallet of big.wallets) {
      expect(wallet.chains.length).toBeGreaterThan(0)
      expect(new Set(wallet.chains).size).toBe(wallet.chains.length)
      for (const chain of wallet.chains) expect(chain).toMatch(caip2Pattern)
    }
  })

  it('gives about 30 % an rdns and mixes badges and links', () => {
    const share = (test: (wallet: (typeof big.wallets)[number]) => boolean) =>
      big.wallets.filter(test).length / big.wallets.length
    expect(share((wallet) => wallet.rdns !== null)).toBeGreaterThan(0.25)
    expect(share((wallet) => wallet.rdns !== null)).toBeLessThan(0.35)
    expect(share((wallet) => wallet.badgeType === 'certified')).toBeGreaterThan(0.15)
    expect(share((wallet) => wallet.badgeType === 'certified')).toBeLessThan(0.35)
    for (const link of ['mobileLink', 'desktopLink', 'webappLink', 'appStore', 'chromeStore'] as const) {
      expect(share((wallet) => wallet[link] !== null)).toBeGreaterThan(0.05)
      expect(share((wallet) => wallet[link] !== null)).toBeLessThan(0.95)
    }
  })

  it('gives every wallet its own monogram image', () => {
    const { wallets, images } = syntheticSnapshot(50)
    expect(images).toHaveLength(50)
    const byId = new Map(images.map((image) => [image.id, image]))
    for (const wallet of wallets) {
      expect(wallet.imageId).toMatch(directoryIdPattern)
      const image = byId.get(wallet.imageId!)
      expect(image).toMatchObject({ kind: 'wallet', contentType: 'image/svg+xml' })
      expect(new TextDecoder().decode(image?.bytes)).toContain(`<title>${wallet.name.slice(0, 23)}`)
    }
  })

  it('makes nothing for n = 0 and refuses a negative or fractional n', () => {
    expect(syntheticSnapshot(0)).toEqual({ wallets: [], images: [] })
    expect(() => syntheticSnapshot(-1)).toThrow(RangeError)
    expect(() => syntheticSnapshot(1.5)).toThrow(RangeError)
  })
})
