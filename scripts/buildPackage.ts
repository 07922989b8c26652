// `npm run build` in a published package (packages/core, evm, react, relay, server): its sources compiled to
// ESM JavaScript with declarations, declaration maps and source maps in dist/, one file per source file, so an
// app's bundler still splits each `import()` (views, adapters, WalletConnect) into a chunk of its own. Plain
// tsc, no bundler: what is published is what the workspace runs, file for file. Stylesheets are copied as they
// are. The packages a package depends on must be built first (`npm run build:packages` takes them in order).
// `--copy from:to` copies a built directory into the package as well (the server ships the frame's page).
import { execFileSync } from 'node:child_process'
import { cpSync, readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
rmSync('dist', { recursive: true, force: true })
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' })
for (const file of readdirSync('src', { recursive: true, encoding: 'utf8' })) {
  if (file.endsWith('.css')) cpSync(join('src', file), join('dist', file))
}
const copy = process.argv.indexOf('--copy')
if (copy > 0) {
  const [from, to] = (process.argv[copy + 1] ?? '').split(':')
  if (!from || !to) throw new Error('--copy takes from:to')
  // Vite's manifest stays behind: the build's own bookkeeping, nothing a server serves.
  cpSync(from, to, { recursive: true, filter: (source) => !source.includes('/.vite') })
}
console.log(`built ${process.env.npm_package_name ?? dirname(process.cwd())}`)
