// Runs drizzle-kit (installed at the repository root) against this package's drizzle-orm, which npm keeps in
// packages/server/node_modules: drizzle-kit imports `drizzle-orm` from its own location, so both are linked side
// by side in a temporary folder and Node is told to keep the links' paths.
//   npx tsx packages/server/scripts/drizzle-kit.ts generate --name <change>
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const serverDir = fileURLToPath(new URL('..', import.meta.url))

function packageDir(name: string, from = serverDir): string {
  const candidate = join(from, 'node_modules', name)
  if (existsSync(candidate)) return candidate
  if (dirname(from) === from) throw new Error(`${name} is not installed`)
  return packageDir(name, dirname(from))
}

const kitDir = packageDir('drizzle-kit')
const ormDir = packageDir('drizzle-orm')

const temp = mkdtempSync(join(tmpdir(), 'latch-drizzle-kit-'))
try {
  mkdirSync(join(temp, 'node_modules'))
  symlinkSync(kitDir, join(temp, 'node_modules', 'drizzle-kit'))
  symlinkSync(ormDir, join(temp, 'node_modules', 'drizzle-orm'))
  const bin = join(temp, 'node_modules', 'drizzle-kit', 'bin.cjs')
  const result = spawnSync(
    process.execPath,
    ['--preserve-symlinks', '--preserve-symlinks-main', bin, ...process.argv.slice(2)],
    { cwd: serverDir, stdio: 'inherit' },
  )
  process.exitCode = result.status ?? 1
} finally {
  rmSync(temp, { recursive: true, force: true })
}
