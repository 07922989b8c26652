import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { devnetA, evmAdapter } from './index.ts'

const here = dirname(fileURLToPath(import.meta.url))

/** Every module the page loads with `file`: static, non-type imports, followed through relative files. */
function staticImportGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  const source = readFileSync(file, 'utf8')
  // `import type` / `export type` are erased; `import('…')` is a lazy chunk and has no `from`.
  const statements = source.matchAll(/^(import|export)(?!\s+type\s)[^;'"]*?(?:from\s*)?['"]([^'"]+)['"]/gm)
  for (const [, , specifier] of statements) {
    if (!specifier) continue
    if (specifier.startsWith('.')) staticImportGraph(resolve(dirname(file), specifier), seen)
    else seen.add(specifier)
  }
  return seen
}

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
