import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A frame build as Vite writes one (index.html with the parent and chains placeholders, one script), in a temporary directory. */
export function fakeFrameBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'latch-frame-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="latch-parent" content="" /><meta name="latch-chains" content="" /><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body></body></html>',
  )
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("frame")\n')
  return dir
}
