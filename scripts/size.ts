// `npm run size`: reads the demo's production build and fails when a budget is exceeded.
//
// The button path is what the browser must fetch before React renders the Connect button: the entry chunk and
// everything it imports statically. Every lazy entry (the modal shell, each view, the EVM adapter) is then
// measured as what showing it adds: its chunk, the chunks it imports statically and their CSS, minus what the
// button path and the chunk that imports it have already loaded. Sizes are gzip level 9.
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import { budgets, KiB } from './sizeBudgets.ts'
import { jsBeforeButton, readViteBuild } from './viteBuild.ts'

/** The dev wallet stands in for a browser extension: not part of what an app ships, so not budgeted. */
const devWalletEntry = 'src/devWallet.ts'

const dist = fileURLToPath(new URL('../apps/demo/dist/', import.meta.url))
const { manifest, entryKey, gzip, staticClosure } = readViteBuild(dist)
const fmt = (bytes: number) =>
  `${(bytes / KiB).toFixed(2)} KiB${process.env.SIZE_BYTES ? ` (${bytes} B)` : ''}`

/**
 * Lazy entries the app itself can reach (every dynamic import, except through the dev wallet), each with the
 * chunks that import it: what they loaded is already there when it is requested.
 */
function appLazyEntries(): Map<string, Set<string>> {
  const importers = new Map<string, Set<string>>()
  const visit = (key: string) => {
    for (const file of staticKeys(key)) {
      for (const dynamic of manifest[file]?.dynamicImports ?? []) {
        if (dynamic === devWalletEntry) continue
        const known = importers.has(dynamic)
        importers.set(dynamic, (importers.get(dynamic) ?? new Set()).add(file))
        if (!known) visit(dynamic)
      }
    }
  }
  visit(entryKey)
  return importers
}

/** Manifest keys of a chunk and its static imports, transitively. */
function staticKeys(key: string, keys = new Set<string>()): Set<string> {
  if (keys.has(key) || !manifest[key]) return keys
  keys.add(key)
  for (const imported of manifest[key].imports ?? []) staticKeys(imported, keys)
  return keys
}

const buttonPath = staticClosure(entryKey)
const sumOf = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + gzip(file), 0)
const rows: string[] = []
const failures: string[] = []
const row = (label: string, size: number, budget: number | undefined, note = '') => {
  rows.push(
    label.padEnd(44) + fmt(size).padStart(11) + (budget === undefined ? '' : `  / ${fmt(budget)}`) + note,
  )
  if (budget !== undefined && size > budget)
    failures.push(`${label}: ${fmt(size)} exceeds its budget of ${fmt(budget)}`)
}

const buttonJs = [...buttonPath].filter((file) => file.endsWith('.js'))
const buttonCss = [...buttonPath].filter((file) => file.endsWith('.css'))
row(
  `button path JS (${buttonJs.length} file${buttonJs.length === 1 ? '' : 's'})`,
  sumOf(buttonJs),
  budgets.buttonPathJs,
)
row('button path CSS', sumOf(buttonCss), budgets.buttonPathCss)
// One script before the button. A second one means the bundler moved modules the entry shares with a lazy chunk
// (React, the JSX runtime, the context) into a chunk of their own, because that lazy chunk imports nothing else
// from the entry: the split costs its module wrappers and a request before the button. Give the lazy chunk a real
// import from the entry (or fold it into its parent) instead.
if (buttonJs.length !== 1)
  failures.push(`the button path is ${buttonJs.length} scripts (${buttonJs.join(', ')}); it must stay one`)

const lazyEntries = appLazyEntries()
/** What showing a lazy entry adds: its files, less the button path and what every importer already loaded. */
function addedBy(src: string): string[] {
  const loaded = [...lazyEntries.get(src)!].map((importer) => staticClosure(importer))
  return [...staticClosure(src)].filter(
    (file) => !buttonPath.has(file) && !loaded.every((files) => files.has(file)),
  )
}
const listed = new Set<string>()
for (const [name, { src, budget, files: maxFiles }] of Object.entries(budgets.lazy)) {
  listed.add(src)
  if (!lazyEntries.has(src)) {
    failures.push(`${name}: ${src} is not a lazy entry of the build (renamed, or no longer lazy?)`)
    continue
  }
  const files = addedBy(src)
  row(`${name} (${files.length} file${files.length === 1 ? '' : 's'})`, sumOf(files), budget)
  if (files.length > maxFiles)
    failures.push(
      `${name}: ${files.length} files (${files.join(', ')}), at most ${maxFiles}: a module it shares has become a chunk of its own`,
    )
}
for (const src of lazyEntries.keys()) {
  if (listed.has(src)) continue
  const files = addedBy(src)
  const name = `other: ${src.replace(/^(\.\.\/)+/, '')}`
  row(
    name.slice(0, 44),
    sumOf(files),
    budgets.general,
    `  (general, ${files.length} of at most ${budgets.generalFiles} files)`,
  )
  if (files.length > budgets.generalFiles)
    failures.push(`${name}: ${files.length} files (${files.join(', ')}), at most ${budgets.generalFiles}`)
}

const appFiles = new Set([
  ...buttonPath,
  ...[...lazyEntries.keys()].flatMap((src) => [...staticClosure(src)]),
])
const devWalletFiles = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.js') && !appFiles.has(file))
row(`dev wallet (${devWalletFiles.length} files)`, sumOf(devWalletFiles), undefined, '  (not budgeted)')

const frame = readViteBuild(fileURLToPath(new URL('../packages/frame/dist/', import.meta.url)))
row('frame page JS', jsBeforeButton(frame), budgets.framePageJs)
const frameEntry = frame.staticClosure(frame.entryKey)
/**
 * The manifest key of a frame module's chunk: its own, or, when another chunk imports it statically too (the wallet's,
 * which the smart account's imports), the shared chunk named after it (`_wallet-<hash>.js`).
 */
const frameKeyOf = (src: string) =>
  frame.manifest[src]
    ? src
    : Object.keys(frame.manifest).find(
        (key) => key.startsWith('_') && frame.manifest[key]?.name === basename(src, '.ts'),
      )
for (const [label, src, budget] of [
  ['frame wallet JS', 'src/wallet.ts', budgets.frameWalletJs],
  ['frame smart account JS', 'src/smartAccount.ts', budgets.frameSmartAccountJs],
  ['frame account JS', 'src/account.ts', budgets.frameAccountJs],
  ['frame calls JS', 'src/calls.ts', budgets.frameCallsJs],
  ['frame social JS', 'src/social.ts', budgets.frameSocialJs],
  ['frame e-mail login JS', 'src/emailLogin.ts', budgets.frameEmailJs],
  ['frame Farcaster JS', 'src/farcaster.ts', budgets.frameFarcasterJs],
  ['frame Telegram JS', 'src/telegram.ts', budgets.frameTelegramJs],
] as const) {
  const key = frameKeyOf(src)
  if (!key || !Object.values(frame.manifest).some((chunk) => chunk.dynamicImports?.includes(key)))
    failures.push(`${label}: ${src} is not a lazy entry of the frame’s build (renamed, or no longer lazy?)`)
  // The smart account's chunk comes with the wallet's (the page loads both): what it adds is its own.
  const before =
    src === 'src/smartAccount.ts' ? frame.staticClosure(frameKeyOf('src/wallet.ts') ?? '') : new Set<string>()
  const files = [...frame.staticClosure(key ?? src)].filter(
    (file) => file.endsWith('.js') && !frameEntry.has(file) && !before.has(file),
  )
  row(
    `${label} (${files.length} file${files.length === 1 ? '' : 's'})`,
    files.reduce((sum, file) => sum + frame.gzip(file), 0),
    budget,
  )
}

console.log(rows.join('\n'))
if (failures.length) {
  console.error(`\nSize budget exceeded:\n- ${failures.join('\n- ')}`)
  process.exit(1)
}
console.log('\nsize: all budgets met')
