import { describe, expect, it } from 'vitest'
import type { Network } from '../types.ts'
import { networkImageUrl } from './images.ts'

const network = (assets?: Network['assets']): Network => ({
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
  ...(assets ? { assets } : {}),
})
const server = { apiUrl: 'http://127.0.0.1:8787' }

describe('networkImageUrl', () => {
  it('serves an imageId from the Latch server’s /public/getAssetImage (SPEC §7)', () => {
    expect(networkImageUrl(server, network({ imageId: 'eip155-1' }))).toBe(
      'http://127.0.0.1:8787/public/getAssetImage/eip155-1',
    )
    expect(networkImageUrl(server, network({ imageId: 'a b/c' }))).toBe(
      'http://127.0.0.1:8787/public/getAssetImage/a%20b%2Fc',
    )
  })

  it('prefers the network’s own imageUrl', () => {
    const own = network({ imageId: 'eip155-1', imageUrl: 'https://example.test/eth.svg' })
    expect(networkImageUrl(server, own)).toBe('https://example.test/eth.svg')
    expect(networkImageUrl({ apiUrl: undefined }, own)).toBe('https://example.test/eth.svg')
  })

  it('has none without a server or without an image', () => {
    expect(networkImageUrl({ apiUrl: undefined }, network({ imageId: 'eip155-1' }))).toBeUndefined()
    expect(networkImageUrl(server, network())).toBeUndefined()
  })
})
