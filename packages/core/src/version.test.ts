import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SDK_TYPE, SDK_VERSION } from './version.ts'

describe('SDK identity sent to the server (st, sv)', () => {
  it("is 'latch' and the package's version", () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
    expect(SDK_TYPE).toBe('latch')
    expect(SDK_VERSION).toBe(manifest.version)
  })
})
