import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

/**
 * Every module the page loads with `file`: static, non-type imports, followed through relative files (the adapters'
 * entry tests check that their heavy libraries stay out of the first load).
 *
 * @example
 * staticImportGraph(resolve(here, 'index.ts')).has('viem') // false
 */
export function staticImportGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  const source = readFileSync(file, 'utf8')
  // `import type` / `export type` are erased; `import('…')` is a lazy chunk and has no `from`.
  const statements = source.matchAll(/^(import|export)(?!\s+type\s)[^;'"]*?(?:from\s*)?['"]([^'"]+)['"]/gm)
  for (const [, , specifier] of statements) {
    if (!specifier) continue
    if (specifier.startsWith('.')) staticImportGraph(resolve(dirname(file), specifier), seen)
    else seen.add(specifier)
  }
  return seen
}
