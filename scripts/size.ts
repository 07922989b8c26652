// `npm run size`: reads the demo's production build and fails when a budget is exceeded.
// "Before the Connect button is visible" = the entry chunk, everything it imports statically, and the CSS
// they pull in: what the browser must fetch before React renders the button. Lazy chunks load later.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

interface ManifestChunk {
  file: string
  name?: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  css?: string[]
}

const KiB = 1024
/** SPEC-era target of issue 2: ≤ 90 KiB gzip of JS before the Connect button, React included. */
const budgets = {
  buttonPathJs: 90 * KiB,
  /** Any single lazy chunk (a view, the modal, an adapter). */
  lazyChunk: 60 * KiB,
}

const dist = fileURLToPath(new URL('../apps/demo/dist/', import.meta.url))
const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'))
const gzip = (file: string) => gzipSync(readFileSync(dist + file), { level: 9 }).length
const fmt = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`

const entry = Object.entries(manifest).find(([, c]) => c.isEntry)
if (!entry) throw new Error('No entry chunk in the demo manifest: run `npm run build` first.')

const staticFiles = new Set<string>()
const visit = (key: string) => {
  const chunk = manifest[key]
  if (!chunk || staticFiles.has(chunk.file)) return
  staticFiles.add(chunk.file)
  for (const imported of chunk.imports ?? []) visit(imported)
}
visit(entry[0])

const buttonPathJs = [...staticFiles].reduce((sum, file) => sum + gzip(file), 0)
const failures: string[] = []
const rows: string[] = []
rows.push(
  `button path (${staticFiles.size} files)`.padEnd(48) +
    fmt(buttonPathJs).padStart(10) +
    `  / ${fmt(budgets.buttonPathJs)}`,
)
if (buttonPathJs > budgets.buttonPathJs)
  failures.push(`button path JS ${fmt(buttonPathJs)} > ${fmt(budgets.buttonPathJs)}`)

for (const chunk of Object.values(manifest)) {
  if (!chunk.file.endsWith('.js') || staticFiles.has(chunk.file)) continue
  const size = gzip(chunk.file)
  const label = chunk.src ?? chunk.name ?? chunk.file
  // The dev wallet stands in for a browser extension; it is not part of what an app ships.
  const isDevWallet = label.includes('devWallet') || label.includes('devnet')
  rows.push(
    `  lazy ${label}`.slice(0, 48).padEnd(48) +
      fmt(size).padStart(10) +
      (isDevWallet ? '  (dev wallet, not budgeted)' : ''),
  )
  if (!isDevWallet && size > budgets.lazyChunk)
    failures.push(`lazy chunk ${label} ${fmt(size)} > ${fmt(budgets.lazyChunk)}`)
}

console.log(rows.join('\n'))
if (failures.length) {
  console.error(`\nSize budget exceeded:\n- ${failures.join('\n- ')}`)
  process.exit(1)
}
console.log('\nsize: all budgets met')
