import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { areas, specsFor } from '../e2e/areas.ts'
import { planFor } from './quick.ts'

describe('e2e areas (test:quick)', () => {
  it('lists every spec, and every prefix names a file or folder that exists', () => {
    const specs = readdirSync('e2e').filter((file) => file.endsWith('.spec.ts'))
    expect(Object.keys(areas).sort()).toEqual(specs.sort())
    const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n')
    const missing = Object.values(areas)
      .flat()
      .filter((prefix) => !tracked.some((file) => file.startsWith(prefix)))
    expect(missing).toEqual([])
  })

  it('picks the specs of the touched area', () => {
    expect(specsFor(['packages/react/src/views/Swap/SwapView.tsx'])).toEqual(['e2e/swap.spec.ts'])
    expect(specsFor(['packages/server/src/routes/convert.ts'])).toEqual(['e2e/swap.spec.ts'])
    expect(specsFor(['README.md'])).toEqual([])
  })
})

describe('planFor', () => {
  const exists = (file: string) => !file.includes('deleted')
  it('lints what Biome knows, runs related unit tests for code, and the changed and covering specs', () => {
    const plan = planFor(
      [
        'packages/core/src/swap/swap.ts',
        'packages/core/src/swap/swap.ts',
        'e2e/send.spec.ts',
        'README.md',
        'packages/core/src/deleted.ts',
      ],
      exists,
    )
    expect(plan).toEqual({
      lint: ['packages/core/src/swap/swap.ts', 'e2e/send.spec.ts'],
      related: ['packages/core/src/swap/swap.ts'],
      specs: ['e2e/send.spec.ts', 'e2e/swap.spec.ts'],
    })
  })

  it('runs no e2e for a change no spec covers', () => {
    expect(planFor(['packages/server/src/lruCache.ts'], exists).specs).toEqual([])
  })
})
