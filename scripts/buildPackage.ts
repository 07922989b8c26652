// `npm run build` in a published package (packages/core, evm, react, relay, server): its sources compiled to
// ESM JavaScript with declarations, declaration maps and source maps in dist/, one file per source file, so an
// app's bundler still splits each `import()` (views, adapters, WalletConnect) into a chunk of its own. Plain
// tsc, no bundler: what is published is what the workspace runs, file for file. Stylesheets are copied as they
// are. The packages a package depends on must be built first (`npm run build:packages` takes them in order).
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
console.log(`built ${process.env.npm_package_name ?? dirname(process.cwd())}`)
