import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { InvalidOptionsError } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { staticImportGraph } from '../../../scripts/importGraph.ts'
import {
  defineSolanaNetwork,
  LATCH_LOCALNET_GENESIS_HASH,
  solana,
  solanaAdapter,
  solanaDevnet,
  solanaLocalnet,
  solanaTestnet,
} from './index.ts'

const here = dirname(fileURLToPath(import.meta.url))

const heavy = (modules: Iterable<string>) =>
  [...modules].filter((m) => /^@(solana|wallet-standard)\//.test(m))

describe('@latch/solana entry', () => {
  it('does not load @solana/kit or the Wallet Standard with the first page (they come with the adapter chunk)', () => {
    const graph = staticImportGraph(resolve(here, 'index.ts'))
    expect(graph).toContain('@latch/core')
    expect(heavy(graph)).toEqual([])
    // The check itself must see them where they are imported statically.
    expect(heavy(staticImportGraph(resolve(here, 'adapter.ts')))).toEqual(
      expect.arrayContaining(['@solana/kit', '@wallet-standard/app']),
    )
  })

  it('imports and loads on a server without touching window', async () => {
    expect(typeof window).toBe('undefined')
    expect(solanaAdapter().namespace).toBe('solana')
    const adapter = await solanaAdapter({ connectorWaitMs: 50 }).load({ networks: [solanaLocalnet()] })
    expect(adapter.namespace).toBe('solana')
    const lists: unknown[] = []
    const stop = adapter.watchConnectors((list) => lists.push(list))
    stop()
    expect(lists).toEqual([[]])
    await expect(adapter.reconnect({ connectorId: 'solana:Latch Dev Wallet' })).resolves.toBeUndefined()
  })
})

describe('Solana networks', () => {
  it('carry the CAIP-2 id of their cluster (the first 32 characters of the genesis hash)', () => {
    expect(solana.caipNetworkId).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(solanaDevnet.caipNetworkId).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    expect(solanaTestnet.caipNetworkId).toBe('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')
    expect(solanaLocalnet().caipNetworkId).toBe('solana:B3a6eJyjz4Nhac9rNdEn8s1tXP2C949m')
    expect(solanaLocalnet().id).toBe('B3a6eJyjz4Nhac9rNdEn8s1tXP2C949m')
  })

  it('name the cluster the way Wallet Standard wallets do', () => {
    expect([solana, solanaDevnet, solanaTestnet, solanaLocalnet()].map((n) => n.walletChain)).toEqual([
      'solana:mainnet',
      'solana:devnet',
      'solana:testnet',
      'solana:localnet',
    ])
  })

  it('solanaLocalnet points at the RPC URL it is given, SOL with 9 decimals', () => {
    const local = solanaLocalnet('http://127.0.0.1:18899')
    expect(local.rpcUrls.default.http).toEqual(['http://127.0.0.1:18899'])
    expect(local.nativeCurrency).toEqual({ name: 'Solana', symbol: 'SOL', decimals: 9 })
    expect(local.chainNamespace).toBe('solana')
  })

  it('defineSolanaNetwork rejects a genesis hash that is not 32 to 44 base58 characters', () => {
    const rpcUrls = { default: { http: ['http://127.0.0.1:8899'] } }
    for (const genesisHash of ['0x1234', 'B3a6eJyjz4Nhac9rNdEn8s1tXP2C949mKNDvyy6Zx6M0', 'B3a6eJyjz4Nh', ''])
      expect(() => defineSolanaNetwork({ genesisHash, name: 'Bad', rpcUrls })).toThrow(InvalidOptionsError)
    expect(defineSolanaNetwork({ genesisHash: LATCH_LOCALNET_GENESIS_HASH, name: 'Ok', rpcUrls }).id).toBe(
      'B3a6eJyjz4Nhac9rNdEn8s1tXP2C949m',
    )
  })
})
