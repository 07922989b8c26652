import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { generateDefaultImages } from './generateDefault.ts'
import { defaultImagesDir, defaultListingsFile } from './snapshot.ts'

const dir = await mkdtemp(join(tmpdir(), 'latch-generate-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('generateDefaultImages', () => {
  it('reproduces the committed SVGs exactly (run it after editing listings.json)', async () => {
    await writeFile(join(dir, 'stale.svg'), '<svg/>')
    const written = await generateDefaultImages(defaultListingsFile, dir)
    expect(written).toContain('latch-dev-wallet.svg')
    expect(written).toContain('assets/eip155-31337.svg')
    expect(written).not.toContain('stale.svg')
    for (const file of written) {
      expect(await readFile(join(dir, file), 'utf8'), file).toBe(
        await readFile(join(defaultImagesDir, file), 'utf8'),
      )
    }
    await expect(readFile(join(dir, 'stale.svg'))).rejects.toMatchObject({ code: 'ENOENT' })
  })
})
