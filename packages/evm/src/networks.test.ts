import { InvalidOptionsError } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { defineEvmNetwork } from './defineEvmNetwork.ts'
import * as networks from './networks.ts'
import { devnetA, devnetB, devnetNetwork, mainnet, polygon, sepolia } from './networks.ts'

describe('networks', () => {
  it('carry CAIP-2 ids that match their chain ids', () => {
    // Every network the module exports (all but devnetNetwork), so a new one cannot go unchecked.
    const ids = Object.fromEntries(
      Object.entries(networks).flatMap(([name, n]) =>
        typeof n === 'function' ? [] : [[name, [n.id, n.caipNetworkId, n.chainNamespace]]],
      ),
    )
    expect(ids).toEqual({
      mainnet: [1, 'eip155:1', 'eip155'],
      base: [8453, 'eip155:8453', 'eip155'],
      optimism: [10, 'eip155:10', 'eip155'],
      arbitrum: [42161, 'eip155:42161', 'eip155'],
      polygon: [137, 'eip155:137', 'eip155'],
      sepolia: [11155111, 'eip155:11155111', 'eip155'],
      devnetA: [31337, 'eip155:31337', 'eip155'],
      devnetB: [31338, 'eip155:31338', 'eip155'],
    })
  })

  it('describe the local devnet chains of the default topology', () => {
    expect(devnetA).toEqual({
      id: 31337,
      caipNetworkId: 'eip155:31337',
      chainNamespace: 'eip155',
      name: 'Latch Devnet A',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
      testnet: true,
      assets: { imageId: 'eip155-31337' },
    })
    expect(devnetB).toMatchObject({
      id: 31338,
      name: 'Latch Devnet B',
      rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
    })
    expect(devnetA).not.toHaveProperty('blockExplorers')
  })

  it('point a devnet network at another port', () => {
    expect(devnetNetwork(31339, 'http://127.0.0.1:9000', 'C')).toMatchObject({
      caipNetworkId: 'eip155:31339',
      name: 'C',
      rpcUrls: { default: { http: ['http://127.0.0.1:9000'] } },
    })
  })

  it('mark testnets and pay in the chain’s own currency', () => {
    expect(sepolia.testnet).toBe(true)
    expect(mainnet).not.toHaveProperty('testnet')
    expect(polygon.nativeCurrency.symbol).toBe('POL')
  })
})

describe('network images', () => {
  it('name the Latch server’s default image of each network they define (eip155-<chain id>)', () => {
    expect(mainnet.assets).toEqual({ imageId: 'eip155-1' })
    expect(polygon.assets).toEqual({ imageId: 'eip155-137' })
    expect(devnetNetwork(31338, 'http://127.0.0.1:8546', 'B').assets).toEqual({ imageId: 'eip155-31338' })
  })

  it('are the app’s own for a network it defines, and absent when it gives none', () => {
    const facts = {
      id: 7777777,
      name: 'Zora',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://rpc.zora.energy'] } },
    }
    expect(defineEvmNetwork(facts)).not.toHaveProperty('assets')
    expect(defineEvmNetwork({ ...facts, assets: { imageUrl: 'https://zora.test/logo.svg' } }).assets).toEqual(
      {
        imageUrl: 'https://zora.test/logo.svg',
      },
    )
  })
})

describe('defineEvmNetwork', () => {
  it.each([0, -1, 1.5, Number.NaN])('rejects chain id %s with a clear error', (id) => {
    expect(() =>
      defineEvmNetwork({
        id,
        name: 'Bad',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [] } },
      }),
    ).toThrow(InvalidOptionsError)
  })
})
