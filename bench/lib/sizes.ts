import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { gzipSync } from 'node:zlib'

/** gzip -9 size of every .js file of a build, keyed by its URL path (`/assets/index-abc.js`). */
export function jsGzipSizes(dist: string): Map<string, number> {
  const sizes = new Map<string, number>()
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) visit(path)
      else if (entry.name.endsWith('.js') || entry.name.endsWith('.mjs')) {
        const urlPath = `/${relative(dist, path).split(sep).join('/')}`
        sizes.set(urlPath, gzipSync(readFileSync(path), { level: 9 }).length)
      }
    }
  }
  visit(dist)
  return sizes
}

export const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0)
