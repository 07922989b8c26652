import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { compileTestToken } from './compile.ts'

let directory: string | undefined

afterEach(async () => {
  if (directory) await rm(directory, { recursive: true, force: true })
})

describe('compileTestToken', () => {
  it('compiles into an empty cache twice at once (two chains of one devnet) and leaves one cache file', async () => {
    directory = await mkdtemp(join(tmpdir(), 'latch-solc-'))
    const [first, second] = await Promise.all([
      compileTestToken({ cacheDirectory: directory }),
      compileTestToken({ cacheDirectory: directory }),
    ])
    expect(first.bytecode).toMatch(/^0x[0-9a-f]{100,}$/)
    expect(second.bytecode).toBe(first.bytecode)
    expect(first.abi.some((item) => item.type === 'function' && item.name === 'transfer')).toBe(true)
    const files = await readdir(directory)
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(1)
    expect(files.filter((f) => f.endsWith('.tmp'))).toHaveLength(0)

    // The second start reads the cache.
    expect((await compileTestToken({ cacheDirectory: directory })).bytecode).toBe(first.bytecode)
  }, 60_000)
})
