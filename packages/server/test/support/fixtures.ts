import type { DirectorySnapshot, ImageRecord, WalletRecord } from '../../src/directory/records.ts'

/** A wallet with every link empty; `overrides` sets what a test cares about. */
export function wallet(
  overrides: Partial<WalletRecord> & Pick<WalletRecord, 'id' | 'name' | 'order'>,
): WalletRecord {
  return {
    rdns: null,
    imageId: null,
    chains: [],
    mobileLink: null,
    desktopLink: null,
    webappLink: null,
    appStore: null,
    playStore: null,
    chromeStore: null,
    homepage: null,
    injected: [],
    badgeType: 'none',
    ...overrides,
  }
}

export function image(kind: ImageRecord['kind'], id: string, contentType: string, text: string): ImageRecord {
  return { kind, id, contentType, bytes: new TextEncoder().encode(text) }
}

/**
 * A small directory with the cases the filters and the order must get right: order ties broken by name (case
 * folded) then id, names holding LIKE's `%`, `_` and `\`, wallets without rdns or chains.
 */
export const fixtureSnapshot: DirectorySnapshot = {
  wallets: [
    wallet({ id: 'zeta-2', name: 'Zeta', order: 3, rdns: 'io.zeta.wallet' }),
    wallet({ id: 'beta', name: 'beta', order: 2, rdns: 'com.beta', chains: ['eip155:8453'] }),
    wallet({
      id: 'alpha',
      name: 'Alpha',
      order: 1,
      rdns: 'io.alpha',
      imageId: 'alpha-icon',
      chains: ['eip155:1', 'eip155:10'],
      badgeType: 'certified',
      mobileLink: 'alpha://',
      appStore: 'https://apps.apple.com/app/alpha',
      injected: [{ namespace: 'eip155', injected_id: 'isAlpha' }],
    }),
    wallet({
      id: 'gamma',
      name: 'Gamma 100%',
      order: 2,
      rdns: 'xyz.gamma',
      chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      badgeType: 'certified',
    }),
    wallet({ id: 'delta-underscore', name: 'Delta_X', order: 3 }),
    wallet({ id: 'delta-y', name: 'DeltaYX', order: 3, chains: ['eip155:10'] }),
    wallet({ id: 'zeta-1', name: 'Zeta', order: 3 }),
    wallet({ id: 'slash', name: 'Back\\slash', order: 4, rdns: 'org.backslash' }),
  ],
  images: [
    image('wallet', 'alpha-icon', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>'),
    image('asset', 'eip155-1', 'image/png', 'not really a png'),
    image('currency', 'USD', 'image/svg+xml', '<svg id="usd"/>'),
    image('token', 'ETH', 'image/webp', 'webp bytes'),
  ],
}

/** The fixture's wallet ids in the listing order: order, then name case-folded, then id. */
export const fixtureOrder = [
  'alpha',
  'beta',
  'gamma',
  'delta-underscore',
  'delta-y',
  'zeta-1',
  'zeta-2',
  'slash',
]
