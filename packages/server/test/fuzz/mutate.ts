// Mutations of a valid request: one to three of its fields replaced, spliced with hostile text, removed, or a hostile
// field added beside them. Starting from a request that works lets the hostile value get past every other check to
// the one that should refuse it, or to storage. Each mutation names the field it touched, so that a refusal can be
// checked to name it.
import fc from 'fast-check'
import {
  hostileFragment,
  hostileJson,
  hostileKey,
  hostileNumber,
  hostileText,
  hostileWire,
  objectOf,
} from './hostile.ts'

export type Path = readonly (string | number)[]

/** A request as the fuzzer sees it: wire fields are strings; the body, and anything deeper, may be a structure. */
export interface RequestModel {
  params?: Record<string, unknown>
  query?: Record<string, unknown>
  headers?: Record<string, unknown>
  body?: unknown
}

/** The parts of a request. */
export type Part = 'params' | 'query' | 'headers' | 'body'
export const allParts: readonly Part[] = ['params', 'query', 'headers', 'body']

export type Mutation =
  | { op: 'replace'; path: Path; value: unknown }
  | { op: 'splice'; path: Path; fragment: string; at: number }
  | { op: 'delete'; path: Path }
  | { op: 'add'; path: Path; value: unknown }

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** Every path in a value, containers and leaves, the root excluded. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const own = prefix.length ? [prefix] : []
  if (Array.isArray(value))
    return [...own, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))]
  if (isObject(value))
    return [...own, ...Object.keys(value).flatMap((key) => pathsOf(value[key], [...prefix, key]))]
  return own
}

function valueAt(value: unknown, path: Path): unknown {
  let current = value
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string | number, unknown>)[key]
  }
  return current
}

/** A copy of `value` with `path` set (undefined: removed), copying only the containers on the path. */
function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const [key, ...rest] = path as [string | number, ...Path]
  const child = (value as Record<string | number, unknown> | undefined)?.[key]
  const updated = setAt(child, rest, replacement)
  if (Array.isArray(value)) {
    const copy = [...value]
    if (updated === undefined && typeof key === 'number') copy.splice(key, 1)
    else copy[key as number] = updated
    return copy
  }
  // Keys keep their order (a sign-in message is written in its fields' order); a new key goes last.
  const entries: [string, unknown][] = Object.entries(isObject(value) ? value : {})
  const at = entries.findIndex(([name]) => name === String(key))
  if (updated === undefined) entries.splice(at, at < 0 ? 0 : 1)
  else if (at < 0) entries.push([String(key), updated])
  else entries[at] = [String(key), updated]
  return objectOf(entries)
}

/** Whether a path is one the wire carries as text: a query parameter, a path segment or a header. */
const isWire = (path: Path) => ['query', 'params', 'headers'].includes(path[0] as string) && path.length === 2

/** What replaces a field: text where the wire carries text, any JSON (wrong types included) deeper. */
const replacementFor = (path: Path): fc.Arbitrary<unknown> =>
  isWire(path)
    ? hostileWire
    : fc.oneof({ weight: 3, arbitrary: hostileText }, { weight: 2, arbitrary: hostileNumber }, hostileJson)

/**
 * Mutations of `template` (a valid request): paths are taken from it, values from the hostile arbitraries. Roots
 * (`query`, `params`, `headers`) are never replaced, except `body`, whose replacement is a wholly random body.
 */
export function mutations(
  template: RequestModel,
  parts: readonly Part[] = allParts,
): fc.Arbitrary<Mutation[]> {
  const paths = pathsOf(template)
    .filter((path) => parts.includes(path[0] as Part))
    .filter((path) => path.length > 1 || path[0] === 'body')
  const leaves = paths.filter(
    (path) => valueAt(template, path) === null || typeof valueAt(template, path) !== 'object',
  )
  // Objects a field may be added to: the query and any object in the body (a message's attributes, props).
  const objects: Path[] = [
    ...(template.query && parts.includes('query') ? [['query']] : []),
    ...paths.filter((path) => path[0] === 'body' && isObject(valueAt(template, path))),
  ]
  const deletable = paths.filter((path) => path[0] !== 'body' || path.length > 1)
  const ops: fc.Arbitrary<Mutation>[] = []
  if (paths.length)
    ops.push(
      fc
        .constantFrom(...paths)
        .chain((path) => replacementFor(path).map((value): Mutation => ({ op: 'replace', path, value }))),
    )
  if (leaves.length)
    ops.push(
      fc
        .tuple(fc.constantFrom(...leaves), hostileFragment, fc.nat())
        .map(([path, fragment, at]): Mutation => ({ op: 'splice', path, fragment, at })),
      // Splicing is where deep checks are reached (a date that still parses, a name that still signs): twice as often.
      fc
        .tuple(fc.constantFrom(...leaves), hostileFragment, fc.nat())
        .map(([path, fragment, at]): Mutation => ({ op: 'splice', path, fragment, at })),
    )
  if (deletable.length)
    ops.push(fc.constantFrom(...deletable).map((path): Mutation => ({ op: 'delete', path })))
  if (objects.length)
    ops.push(
      fc.tuple(fc.constantFrom(...objects), hostileKey).chain(([parent, key]) => {
        const path = [...parent, key]
        return replacementFor(path).map((value): Mutation => ({ op: 'add', path, value }))
      }),
    )
  const one = fc.oneof(...ops)
  return fc.oneof(
    { weight: 3, arbitrary: one.map((op) => [op]) },
    { weight: 1, arbitrary: fc.array(one, { minLength: 2, maxLength: 3 }) },
  )
}

/** The request with the mutations applied, and the paths they touched (a mutation whose path is gone is skipped). */
export function applyMutations(
  request: RequestModel,
  ops: readonly Mutation[],
): { request: RequestModel; touched: Path[] } {
  let value: unknown = request
  const touched: Path[] = []
  for (const op of ops) {
    const parent = valueAt(value, op.path.slice(0, -1))
    if (parent === null || typeof parent !== 'object') continue
    // An earlier mutation turned an object into an array or back: this one's key means nothing there.
    if (Array.isArray(parent) !== (typeof op.path.at(-1) === 'number')) continue
    const current = valueAt(value, op.path)
    if (op.op === 'splice') {
      if (current === undefined || (current !== null && typeof current === 'object')) continue
      const text = String(current)
      const at = op.at % (text.length + 1)
      value = setAt(value, op.path, `${text.slice(0, at)}${op.fragment}${text.slice(at)}`)
    } else if (op.op === 'delete') {
      if (current === undefined) continue
      value = setAt(value, op.path, undefined)
    } else value = setAt(value, op.path, op.value)
    touched.push(op.path)
  }
  return { request: value as RequestModel, touched }
}

/**
 * The name a refusal gives a request field, as the server writes it: a query key, a path parameter or a header as
 * itself; a body path as `props.properties.k`, `[0].timestamp` or `addresses[1]`; the body itself as `body`.
 */
export function fieldOf(path: Path): string {
  const [root, ...rest] = path
  if (root !== 'body') return String(rest[0] ?? root)
  if (rest.length === 0) return 'body'
  return rest
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('')
}
