import { createHash } from 'node:crypto'
import { monogramSvg } from './monogram.ts'
import type { DirectorySnapshot, ImageRecord, WalletRecord } from './records.ts'

const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const EVM_CHAINS = ['eip155:1', 'eip155:8453', 'eip155:10', 'eip155:42161', 'eip155:137']

/** Name words: varied so that a search for one matches a fraction of the wallets, not all or none. */
const WORDS = [
  'Aurora',
  'Basalt',
  'Cobalt',
  'Delta',
  'Ember',
  'Fjord',
  'Granite',
  'Harbor',
  'Iris',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Onyx',
  'Prism',
  'Quartz',
  'Raven',
  'Summit',
  'Tundra',
  'Umber',
  'Vertex',
  'Willow',
  'Xenon',
  'Yarrow',
  'Zephyr',
  'Atlas',
  'Beacon',
  'Cinder',
  'Drift',
  'Echo',
  'Falcon',
] as const
const KINDS = ['Vault', 'Pay', 'Keys', 'Pass', 'Safe', 'Pocket'] as const

/**
 * A deterministic directory of `n` made-up wallets for load tests: ids are 64 hex characters (like the
 * Explorer's), names read "Wallet 0001 Aurora Vault", chains are drawn from mainnet EVM networks and Solana,
 * about 30 % have an rdns, links and store URLs vary, about a quarter are certified, `order` is index + 1000,
 * and every wallet has its own monogram image. The same `seed` always gives the same snapshot.
 *
 * @example
 * const { wallets, images } = syntheticSnapshot(5000) // wallets[0].name === 'Wallet 0001 …'
 */
export function syntheticSnapshot(n: number, seed = 1): DirectorySnapshot {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a non-negative integer, got ${n}`)
  const random = mulberry32(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const width = Math.max(4, String(n).length)
  const wallets: WalletRecord[] = []
  const images: ImageRecord[] = []
  const encoder = new TextEncoder()
  for (let index = 0; index < n; index++) {
    const number = String(index + 1).padStart(width, '0')
    const word = pick(WORDS)
    const name = `Wallet ${number} ${word} ${pick(KINDS)}`
    const id = createHash('sha256').update(`latch-synthetic:${seed}:${index}`).digest('hex')
    const imageId = `synthetic-${id.slice(0, 32)}`
    const slug = `${word.toLowerCase()}${number}`
    const host = `https://${slug}.example.com`
    const solanaOnly = random() < 0.08
    const chains = solanaOnly ? [SOLANA] : pickChains(random)
    if (!solanaOnly && random() < 0.2) chains.push(SOLANA)
    const hasRdns = random() < 0.3
    const hasMobile = random() < 0.7
    const hasExtension = random() < 0.3
    wallets.push({
      id,
      name,
      rdns: hasRdns ? `com.example.${slug}` : null,
      imageId,
      chains,
      mobileLink: hasMobile ? (random() < 0.7 ? `${slug}://` : `${host}/wc`) : null,
      desktopLink: random() < 0.15 ? `${slug}-desktop://` : null,
      webappLink: random() < 0.25 ? `${host}/app` : null,
      appStore: hasMobile ? `https://apps.apple.com/app/id${1_000_000_000 + index}` : null,
      playStore: hasMobile ? `https://play.google.com/store/apps/details?id=com.example.${slug}` : null,
      chromeStore: hasExtension ? `https://chromewebstore.google.com/detail/${slug}` : null,
      homepage: host,
      injected:
        hasRdns && hasExtension && !solanaOnly
          ? [{ namespace: 'eip155', injected_id: `is${word}${number}` }]
          : [],
      badgeType: random() < 0.25 ? 'certified' : 'none',
      order: index + 1000,
    })
    images.push({
      kind: 'wallet',
      id: imageId,
      contentType: 'image/svg+xml',
      bytes: encoder.encode(monogramSvg(name, id)),
    })
  }
  return { wallets, images }
}

/** Mainnet Ethereum for most wallets, plus a random selection of the other EVM networks. */
function pickChains(random: () => number): string[] {
  const chains = EVM_CHAINS.filter((_, index) => random() < (index === 0 ? 0.9 : 0.45))
  return chains.length > 0 ? chains : [EVM_CHAINS[0]!]
}

/** A small seeded PRNG (mulberry32): fast, and the same sequence on every platform. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
