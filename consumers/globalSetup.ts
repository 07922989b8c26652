import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildPackages, checkPackages, packPackages } from '../scripts/packages.ts'

/**
 * Builds every published package once, checks what npm would publish of it (`npm run packages`; a problem stops
 * the run before any app is installed), and packs it into a directory outside the repository.
 */
export default function globalSetup() {
  buildPackages()
  const problems = checkPackages()
  if (problems.length > 0) throw new Error(`The packages are not fit to publish:\n${problems.join('\n')}`)
  const dir = mkdtempSync(join(tmpdir(), 'latch-tarballs-'))
  const file = join(dir, 'tarballs.json')
  writeFileSync(file, JSON.stringify(packPackages(dir)))
  process.env.LATCH_CONSUMER_TARBALLS = file
  return () => rmSync(dir, { recursive: true, force: true })
}
