import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { clientSourceConditions } from '../../scripts/sourceConditions.ts'
import type { BenchApp } from './apps.ts'

const stampFile = '.bench-inputs'

/** Lists every file under `path` (a file or a directory), skipping installs and build output. */
function listFiles(path: string): string[] {
  if (!existsSync(path)) return []
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && entry.name !== 'dist')
    .flatMap((entry) => listFiles(join(path, entry.name)))
}

/** A fingerprint of the app's inputs (paths, sizes, modification times). */
function fingerprint(app: BenchApp): string {
  const hash = createHash('sha256')
  for (const file of app.inputs.flatMap(listFiles).sort()) {
    const { size, mtimeMs } = statSync(file)
    hash.update(`${file}\0${size}\0${mtimeMs}\n`)
  }
  return hash.digest('hex')
}

export const distDir = (app: BenchApp) => join(app.dir, 'dist')

/**
 * Builds the app with Vite in production mode, with Vite's defaults but for what the bench needs; skips the
 * build when its inputs have not changed since the last one. Returns whether it built.
 */
export async function buildApp(app: BenchApp): Promise<boolean> {
  const stampPath = join(distDir(app), stampFile)
  const inputs = fingerprint(app)
  if (existsSync(stampPath) && readFileSync(stampPath, 'utf8') === inputs) return false

  await build({
    configFile: false,
    root: app.dir,
    mode: 'production',
    logLevel: 'error',
    plugins: [react()],
    // The Latch app reaches React from the workspace packages too: one copy only. The packages from their
    // sources (their exports' `latch-source` condition), as the demo builds them.
    resolve: { dedupe: ['react', 'react-dom'], conditions: clientSourceConditions },
    build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 100_000 },
  })
  writeFileSync(stampPath, inputs)
  return true
}
