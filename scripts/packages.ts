// The packages Latch publishes, and the checks on what npm would publish of them.
//
//   npm run packages            build each (dist/), then check each: publint --strict, attw, and the files
//                               `npm publish --dry-run` lists
//   npm run packages -- pack D  build each, then pack each into directory D (the consumer tests install these)
//
// @latch/devnet is a development tool (anvil, solc, test wallets) and private: nothing published depends on it.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** In build order: each after the packages it imports. */
export const publishedPackages = ['core', 'evm', 'solana', 'react', 'relay', 'server'] as const
export type PublishedPackage = (typeof publishedPackages)[number]

const root = fileURLToPath(new URL('..', import.meta.url))
export const packageDir = (name: PublishedPackage) => resolve(root, 'packages', name)
const bin = (name: string) => resolve(root, 'node_modules/.bin', name)

/**
 * What a published package may contain: its build, its sources (for the declaration maps), its data, and the
 * server's configuration schema and example.
 */
const allowed =
  /^(package\.json|README\.md|LICENSE|CHANGELOG\.md|config\.schema\.json|(dist|src|data|drizzle|examples)\/.+)$/

function run(command: string, args: string[], cwd: string): string {
  // No `latch-source` condition here: what these tools see is what an app that installs the package sees.
  const env = { ...process.env, NODE_OPTIONS: '' }
  try {
    return execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`${command} ${args.join(' ')} in ${cwd} failed:\n${stdout ?? ''}${stderr ?? ''}`)
  }
}

export function buildPackages(): void {
  for (const name of publishedPackages) run('npm', ['run', '--silent', 'build'], packageDir(name))
}

interface PackedFile {
  path: string
}

/** The files `npm publish` would publish of a package (a dry run: nothing is sent). */
function publishedFiles(name: PublishedPackage): string[] {
  const report = JSON.parse(
    run('npm', ['publish', '--dry-run', '--json', '--ignore-scripts'], packageDir(name)),
  ) as Record<string, { files: PackedFile[] }>
  return Object.values(report)[0]!.files.map((file) => file.path)
}

function check(name: PublishedPackage): string[] {
  const problems: string[] = []
  const files = publishedFiles(name)
  for (const file of files) {
    if (!allowed.test(file) || /\.test\.tsx?$/.test(file)) problems.push(`publishes ${file}`)
  }
  for (const needed of ['README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts']) {
    if (!files.includes(needed)) problems.push(`does not publish ${needed}`)
  }
  try {
    run(bin('publint'), ['--strict', '.'], packageDir(name))
  } catch (error) {
    problems.push(`publint: ${(error as { stdout?: string }).stdout ?? error}`)
  }
  try {
    const stylesheets = name === 'react' ? ['--exclude-entrypoints', 'styles.css'] : []
    run(
      bin('attw'),
      ['--pack', '.', '--profile', 'esm-only', '--format', 'ascii', ...stylesheets],
      packageDir(name),
    )
  } catch (error) {
    problems.push(`attw: ${(error as { stdout?: string }).stdout ?? error}`)
  }
  return problems.map((problem) => `@latch/${name} ${problem}`)
}

/** What is wrong in what npm would publish of the (built) packages: publint, attw, the files. */
export const checkPackages = (): string[] => publishedPackages.flatMap(check)

/** Packs every package into `directory`; returns the tarballs' paths by package. */
export function packPackages(directory: string): Record<PublishedPackage, string> {
  mkdirSync(directory, { recursive: true })
  const tarballs = {} as Record<PublishedPackage, string>
  for (const name of publishedPackages) {
    const [report] = JSON.parse(
      run('npm', ['pack', '--json', '--pack-destination', directory], packageDir(name)),
    ) as { filename: string }[]
    tarballs[name] = resolve(directory, report!.filename)
    if (!existsSync(tarballs[name])) throw new Error(`npm pack wrote no ${tarballs[name]}`)
  }
  return tarballs
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, directory] = process.argv.slice(2)
  buildPackages()
  if (command === 'pack') {
    if (!directory) throw new Error('pack takes a directory')
    console.log(packPackages(resolve(directory)))
  } else {
    const problems = checkPackages()
    for (const problem of problems) console.error(problem)
    if (problems.length > 0) process.exit(1)
    console.log(`packages: ${publishedPackages.length} built; publint, attw and their files clean`)
  }
}
