// `npm run test:quick`: the inner loop for a change. Lints the changed files, typechecks the whole program
// incrementally (only what the change reaches is checked again), runs the unit tests that import the changed files
// (`vitest related`), then builds the demo and runs the e2e specs whose area (e2e/areas.ts) holds a changed file.
// `npm test` stays what CI runs.
//
//   npm run test:quick                  the working tree's changes against HEAD (or, with none, HEAD's own)
//   npm run test:quick -- --base main   everything since main
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { specsFor } from '../e2e/areas.ts'

/** Repository-relative paths of the files changed since `base`, or in the working tree, or by the last commit. */
export function changedFiles(base?: string): string[] {
  const git = (...args: string[]) =>
    execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean)
  if (base) return git('diff', '--name-only', `${base}...HEAD`).concat(git('diff', '--name-only', 'HEAD'))
  const working = [
    ...git('diff', '--name-only', 'HEAD'),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]
  return working.length > 0 ? working : git('diff', '--name-only', 'HEAD~1', 'HEAD')
}

export interface QuickPlan {
  /** Files Biome checks (those it knows, still present). */
  lint: string[]
  /** Source and test files whose importing tests `vitest related` runs. */
  related: string[]
  /** The e2e specs to run: the changed specs and those whose area holds a changed file. */
  specs: string[]
}

export function planFor(files: readonly string[], exists: (file: string) => boolean = existsSync): QuickPlan {
  const present = [...new Set(files)].filter((file) => exists(file))
  const code = present.filter((file) => /\.(ts|tsx|mts|js|mjs)$/.test(file))
  const changedSpecs = code.filter((file) => /^e2e\/[^/]+\.spec\.ts$/.test(file))
  return {
    lint: present.filter((file) => /\.(ts|tsx|mts|js|mjs|json|css)$/.test(file)),
    related: code.filter((file) => !file.startsWith('e2e/') && !file.startsWith('consumers/')),
    specs: [...new Set([...changedSpecs, ...specsFor(present)])].sort(),
  }
}

function step(title: string, command: string, args: string[]) {
  const started = performance.now()
  console.log(`\n▶ ${title}`)
  const result = spawnSync(command, args, { stdio: 'inherit' })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds} s`)
    process.exit(result.status ?? 1)
  }
  console.log(`✔ ${title} (${seconds} s)`)
}

function main() {
  const baseIndex = process.argv.indexOf('--base')
  const base = baseIndex >= 0 ? process.argv[baseIndex + 1] : undefined
  const plan = planFor(changedFiles(base))
  const started = performance.now()
  console.log(
    `test:quick: ${plan.lint.length} changed file(s); e2e: ${plan.specs.length ? plan.specs.join(' ') : 'none'}`,
  )
  if (plan.lint.length)
    step('lint (changed files)', 'npx', ['biome', 'check', '--no-errors-on-unmatched', ...plan.lint])
  mkdirSync('node_modules/.cache/latch', { recursive: true })
  step('typecheck (incremental)', 'npx', [
    'tsc',
    '-p',
    'tsconfig.json',
    '--incremental',
    '--tsBuildInfoFile',
    'node_modules/.cache/latch/typecheck.tsbuildinfo',
  ])
  if (plan.related.length)
    step('unit tests importing the changed files', 'npx', [
      'vitest',
      'related',
      '--run',
      '--passWithNoTests',
      ...plan.related,
    ])
  if (plan.specs.length) {
    step('build', 'npm', ['run', 'build', '--silent'])
    step('e2e (default project)', 'npx', ['playwright', 'test', '--project=default', ...plan.specs])
  }
  console.log(`\ntest:quick passed in ${((performance.now() - started) / 1000).toFixed(0)} s`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
