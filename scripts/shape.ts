// The shape gate: no source file over 400 lines and no function over 120 (issue 42: files split by responsibility,
// functions a reader holds in their head). What was bigger when the gate came is listed in scripts/shape.json with
// its size then: it may shrink, never grow, and nothing new may join it. `--write` rewrites the list from the code
// (after a split, so that the list shrinks with it).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

export const MAX_FILE_LINES = 400
export const MAX_FUNCTION_LINES = 120

/** The sizes over the limits in one file: its lines (when over) and its long functions, by name. */
export interface Shape {
  lines?: number
  functions: Record<string, number>
}

/** A function's name as a reader finds it: its own, its variable's or property's, else the enclosing one's. */
function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const own = (node as ts.FunctionDeclaration).name?.getText(source)
  if (own) return own
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source)
  for (let at: ts.Node | undefined = parent; at; at = at.parent)
    if (ts.isFunctionLike(at)) return `${nameOf(at, source)} > anonymous`
  return 'anonymous'
}

/** What in `text` (the file `file`) is over the limits. */
export function measure(file: string, text: string): Shape {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
  const functions: Record<string, number> = {}
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      if (end - start + 1 > MAX_FUNCTION_LINES) {
        const name = nameOf(node, source)
        functions[name] = Math.max(functions[name] ?? 0, end - start + 1)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { ...(lines > MAX_FILE_LINES ? { lines } : {}), functions }
}

/** Every source file the gate reads: the packages' and apps' sources and the scripts, not tests or builds. */
function sources(root: string): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'artifacts'].includes(entry.name)) walk(path)
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name)) found.push(path)
    }
  }
  for (const top of ['packages', 'apps'])
    for (const each of readdirSync(join(root, top), { withFileTypes: true })) {
      const src = join(root, top, each.name, 'src')
      if (each.isDirectory() && existsSync(src)) walk(src)
    }
  walk(join(root, 'scripts'))
  return found.map((path) => relative(root, path)).sort()
}

/** The sizes over the limits across `files`, by file (files with nothing over are left out). */
export function shapes(root: string, files = sources(root)): Record<string, Shape> {
  const out: Record<string, Shape> = {}
  for (const file of files) {
    const shape = measure(file, readFileSync(join(root, file), 'utf8'))
    if (shape.lines !== undefined || Object.keys(shape.functions).length) out[file] = shape
  }
  return out
}

/** What `now` has over the limits that `allowed` does not allow: one line each; empty when the gate passes. */
export function excess(now: Record<string, Shape>, allowed: Record<string, Shape>): string[] {
  const problems: string[] = []
  for (const [file, shape] of Object.entries(now)) {
    const known = allowed[file]
    if (shape.lines !== undefined && shape.lines > (known?.lines ?? MAX_FILE_LINES))
      problems.push(
        known?.lines
          ? `${file}: ${shape.lines} lines, more than the ${known.lines} it had (split it, do not grow it)`
          : `${file}: ${shape.lines} lines, over ${MAX_FILE_LINES}`,
      )
    for (const [name, lines] of Object.entries(shape.functions)) {
      const before = known?.functions[name]
      if (lines > (before ?? MAX_FUNCTION_LINES))
        problems.push(
          before
            ? `${file}: ${name} is ${lines} lines, more than the ${before} it had`
            : `${file}: ${name} is ${lines} lines, over ${MAX_FUNCTION_LINES}`,
        )
    }
  }
  return problems
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = join(import.meta.dirname, '..')
  const listPath = join(import.meta.dirname, 'shape.json')
  const now = shapes(root)
  if (process.argv.includes('--write')) {
    writeFileSync(listPath, `${JSON.stringify(now, null, 2)}\n`)
    console.log(`shape: ${Object.keys(now).length} files listed in scripts/shape.json`)
  } else {
    const allowed = JSON.parse(readFileSync(listPath, 'utf8')) as Record<string, Shape>
    const problems = excess(now, allowed)
    const files = Object.values(now).filter((shape) => shape.lines !== undefined).length
    const functions = Object.values(now).reduce((sum, shape) => sum + Object.keys(shape.functions).length, 0)
    if (problems.length) {
      for (const problem of problems) console.error(`shape: ${problem}`)
      process.exit(1)
    }
    console.log(
      `shape: no file grew; ${files} files over ${MAX_FILE_LINES} lines and ${functions} functions over ${MAX_FUNCTION_LINES} left to split`,
    )
  }
}
