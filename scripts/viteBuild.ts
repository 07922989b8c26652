// A Vite production build as its manifest describes it: which files a chunk needs before it runs, and their
// gzip -9 sizes. `npm run size` budgets the demo's build with it; the consumer tests measure an app's with it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export interface ManifestChunk {
  file: string
  name?: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}

export interface ViteBuild {
  manifest: Record<string, ManifestChunk>
  /** The manifest key of the page's entry chunk. */
  entryKey: string
  /** A file's gzip -9 size in bytes (each file read once). */
  gzip(file: string): number
  /** Files a chunk needs before it runs: itself, its static imports (transitively) and their CSS. */
  staticClosure(key: string): Set<string>
}

/** Reads the build in `dist` (built with `build.manifest: true`). */
export function readViteBuild(dist: string): ViteBuild {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    readFileSync(join(dist, '.vite/manifest.json'), 'utf8'),
  )
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)
  if (!entryKey) throw new Error(`No entry chunk in ${dist}.vite/manifest.json: build it first.`)
  const sizes = new Map<string, number>()
  const gzip = (file: string) => {
    let size = sizes.get(file)
    if (size === undefined) {
      size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
      sizes.set(file, size)
    }
    return size
  }
  const staticClosure = (key: string, files = new Set<string>()): Set<string> => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return files
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const imported of chunk.imports ?? []) staticClosure(imported, files)
    return files
  }
  return { manifest, entryKey, gzip, staticClosure: (key) => staticClosure(key) }
}

/** The gzip -9 bytes of the JS a page loads before its first render: the entry chunk and its static imports. */
export function jsBeforeButton(build: ViteBuild): number {
  return [...build.staticClosure(build.entryKey)]
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + build.gzip(file), 0)
}
