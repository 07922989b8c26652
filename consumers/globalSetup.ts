import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildPackages, packPackages } from '../scripts/packages.ts'

/** Builds and packs every published package once, into a directory outside the repository. */
export default function globalSetup() {
  const dir = mkdtempSync(join(tmpdir(), 'latch-tarballs-'))
  buildPackages()
  const file = join(dir, 'tarballs.json')
  writeFileSync(file, JSON.stringify(packPackages(dir)))
  process.env.LATCH_CONSUMER_TARBALLS = file
  return () => rmSync(dir, { recursive: true, force: true })
}
