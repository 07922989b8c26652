import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { staticImportGraph } from '../../../scripts/importGraph.ts'
import { devnetA, evmAdapter } from './index.ts'

const here = dirname(fileURLToPath(import.meta.url))

describe('@latch/evm entry', () => {
  it('does not load viem or mipd with the first page (they come with the lazy adapter chunk)', () => {
    const graph = [...staticImportGraph(resolve(here, 'index.ts'))]
    expect(graph).toContain('@latch/core')
    expect(graph.filter((m) => /^(viem|mipd)(\/|$)/.test(m))).toEqual([])
    // The check itself must see viem where it is imported statically.
    expect([...staticImportGraph(resolve(here, 'adapter.ts'))]).toEqual(
      expect.arrayContaining(['viem', 'mipd']),
    )
  })

  it('imports and loads on a server without touching window', async () => {
    expect(typeof window).toBe('undefined')
    const factory = evmAdapter()
    expect(factory.namespace).toBe('eip155')
    const adapter = await evmAdapter({ connectorWaitMs: 50 }).load({ networks: [devnetA] })
    expect(adapter.namespace).toBe('eip155')
    const lists: unknown[] = []
    const stop = adapter.watchConnectors((list) => lists.push(list))
    stop()
    expect(lists).toEqual([[]])
    await expect(adapter.reconnect({ connectorId: 'io.metamask' })).resolves.toBeUndefined()
  })
})
