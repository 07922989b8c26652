// The fuzz loop of one route and the one assertion every answer must pass: never a server error, and a 400 that
// names the request field it refused (the field the fuzzer touched, a parent of it, or a part of what it put there).
import fc from 'fast-check'
import { afterAll, beforeAll, expect } from 'vitest'
import type { LatchApp } from '../../src/app.ts'
import { hostileJson, hostileKey, hostileWire, objectOf, RawJson, RawUrl } from './hostile.ts'
import {
  allParts,
  applyMutations,
  fieldOf,
  type Mutation,
  mutations,
  type Part,
  type Path,
  type RequestModel,
} from './mutate.ts'
import { toInject, type WireRoute } from './wire.ts'

type Response = Awaited<ReturnType<LatchApp['inject']>>

export interface RouteSpec extends WireRoute {
  /** A request the route accepts, fresh for each case (a new nonce, the current time, an unused id). */
  valid: () => RequestModel | Promise<RequestModel>
  /** Wire form of the structures in a mutated request: a message object as signed text, a cursor as base64url. */
  encode?: (request: RequestModel) => RequestModel | Promise<RequestModel>
  /** Query keys the route reads that the valid request leaves out: a random query may be refused naming them. */
  optional?: readonly string[]
  /** The parts mutated (default all): one part fuzzed on its own keeps its failures from hiding the others'. */
  parts?: readonly Part[]
}

/** Keeps the last error a request raised, so that a 500 can be reported with the database's own words. */
export function watchErrors(app: LatchApp): () => string | undefined {
  let last: unknown
  app.addHook('onError', async (_request, _reply, error) => {
    last = error
  })
  return () => {
    const error = last as
      | (Error & { cause?: { message?: string; code?: string; detail?: string } })
      | undefined
    last = undefined
    if (!error) return undefined
    const cause = error.cause
    return [
      error.message.split('\n')[0]!.slice(0, 160),
      cause?.message && `cause: ${cause.message}`,
      cause?.code && `code ${cause.code}`,
      cause?.detail && `detail: ${cause.detail}`,
    ]
      .filter(Boolean)
      .join('; ')
  }
}

/**
 * Sets up a fuzz file's app: `create()` starts it before the file's tests (its errors watched for `lastError`)
 * and it closes after them. `t.app` is the app, inside a test.
 */
export function appUnderFuzz(
  create: () => Promise<{ app: LatchApp; close(): Promise<void> }>,
  timeoutMs?: number,
): { t: { readonly app: LatchApp }; lastError: () => string | undefined } {
  let started: { app: LatchApp; close(): Promise<void> } | undefined
  let watched: (() => string | undefined) | undefined
  beforeAll(async () => {
    started = await create()
    watched = watchErrors(started.app)
  }, timeoutMs)
  afterAll(() => started?.close())
  const t = {
    get app(): LatchApp {
      if (!started) throw new Error('the app starts in beforeAll: use t.app inside a test')
      return started.app
    },
  }
  return { t, lastError: () => watched?.() }
}

/** Text short enough for a report: long values keep their start and say how long they were. */
export function brief(value: unknown, max = 160): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
  // Every character outside printable ASCII as an escape: a BOM or a zero-width space must show in a report.
  const escaped = JSON.stringify(text.length > max ? text.slice(0, max) : text)
    .slice(1, -1)
    .replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
  return text.length > max ? `${escaped}…(${text.length} chars)` : escaped
}

/** A mutation as fast-check prints it in a counterexample (1 MB strings shortened). */
function printable(op: Mutation): Mutation {
  const what =
    op.op === 'splice'
      ? `"${brief(op.fragment)}" at ${op.at}`
      : op.op === 'delete'
        ? ''
        : brief(op.value instanceof RawJson || op.value instanceof RawUrl ? op.value.text : op.value)
  return Object.assign(op, {
    [fc.toStringMethod]: () =>
      `${op.op} ${op.path.map((part) => brief(String(part), 40)).join('.')} ${what}`.trim(),
  })
}

/** The field names a refusal may give when these paths were touched. */
function blamed(
  touched: readonly Path[],
  template: RequestModel,
  sent: RequestModel,
  optional: readonly string[],
) {
  return touched.flatMap((path) =>
    path.length === 1 && path[0] === 'query'
      ? [...Object.keys(template.query ?? {}), ...optional, ...Object.keys(sent.query ?? {})]
      : [fieldOf(path)],
  )
}

/** Whether a refusal naming `field` names `touched`: the same field, a parent of it, or a part of it. */
/**
 * A path with every numeric key in brackets: the server names a key "0" `[0]` whether it is an array's index or
 * an object's key (in JavaScript `x[0]` and `x.0` are one property), and the mutations write either.
 */
const canonical = (path: string) => path.replace(/\.(\d+)(?=[.[]|$)/g, '[$1]')

const names = (field: string, touched: string) => namesCanonical(canonical(field), canonical(touched))

const namesCanonical = (field: string, touched: string) =>
  field === touched ||
  // A header may be named as HTTP spells it (Origin) or as Node does (origin).
  field.toLowerCase() === touched ||
  [`${field}.`, `${field}[`].some((prefix) => touched.startsWith(prefix)) ||
  [`${touched}.`, `${touched}[`].some((prefix) => field.startsWith(prefix))

/**
 * The assertion of every fuzzed answer: below 500; a refusal is JSON with an `error` string (the convert API's: a
 * first reason with a description); a 400 has a `field`
 * naming one of `fields` (`body` names anything in the body; `url` a path segment that could not be decoded).
 */
export function expectHandled(
  response: Response,
  fields: readonly string[],
  context: {
    sent: string
    serverError?: string | undefined
    /** A body path was touched: `body` names it. */
    body?: boolean
    /** The whole body was replaced: any field but these (the query's, the path's, the headers') is in it. */
    anyBodyFieldBut?: readonly string[]
    /** A path segment was touched: `url` names it. */
    params?: boolean
  },
): void {
  const detail = `${response.statusCode} ${brief(response.body, 300)} ← ${context.sent}${
    context.serverError ? ` — server: ${context.serverError}` : ''
  }`
  expect(response.statusCode, detail).toBeLessThan(500)
  if (response.statusCode < 400) return
  const answer = response.json()
  // The convert API refuses in its own shape (SPEC §7's aggregator API): its first reason is the refusal.
  const reason = Array.isArray(answer.reasons) && answer.status === 'FAILED' ? answer.reasons[0] : undefined
  const body = reason ? { error: reason.description, field: reason.field } : answer
  expect(typeof body.error === 'string' && body.error.length > 0, `no error: ${detail}`).toBe(true)
  if (response.statusCode !== 400) return
  expect(typeof body.field, `400 without a field: ${detail}`).toBe('string')
  const field: string = body.field
  const fair =
    fields.some((touched) => names(field, touched)) ||
    (field === 'body' && context.body === true) ||
    (context.anyBodyFieldBut !== undefined && !context.anyBodyFieldBut.includes(field)) ||
    (field === 'url' && context.params === true)
  expect(
    fair,
    `field "${field}" names none of ${fields.map((f) => `"${brief(f, 40)}"`).join(', ')}: ${detail}`,
  ).toBe(true)
}

/** A wholly random request: the query replaced by random keys and values, the body and path segments random. */
function randomRequest(
  template: RequestModel,
  known: readonly string[],
  only: readonly Part[],
): fc.Arbitrary<Mutation[]> | undefined {
  const key = fc.oneof(fc.constantFrom(...known, 'x'), hostileKey)
  const query = fc.array(fc.tuple(key, hostileWire), { maxLength: 5 }).map(objectOf)
  const parts: fc.Arbitrary<Mutation>[] = []
  if (only.includes('query')) parts.push(query.map((value) => ({ op: 'replace', path: ['query'], value })))
  if (template.body !== undefined && only.includes('body'))
    parts.push(hostileJson.map((value) => ({ op: 'replace', path: ['body'], value })))
  for (const name of only.includes('params') ? Object.keys(template.params ?? {}) : [])
    parts.push(
      fc
        .option(hostileWire, { freq: 2 })
        .map((value) => ({ op: 'replace', path: ['params', name], value: value ?? template.params![name] })),
    )
  return parts.length ? fc.tuple(...parts) : undefined
}

export interface FuzzResult {
  /** How many cases got each status: shows the fuzzer got past the checks, not only into the first refusal. */
  statuses: Record<number, number>
}

/** Sends one mutated request and checks its answer; answers its status. */
export async function sendMutated(
  app: LatchApp,
  spec: RouteSpec,
  ops: readonly Mutation[],
  lastError: () => string | undefined,
  template?: RequestModel,
): Promise<Response> {
  const fresh = await spec.valid()
  const { request, touched } = applyMutations(fresh, ops)
  const wire = spec.encode ? await spec.encode(request) : request
  const options = toInject(spec, wire)
  lastError()
  const response = await app.inject(options)
  expectHandled(response, blamed(touched, template ?? fresh, request, spec.optional ?? []), {
    sent: `${options.method} ${brief(options.url, 300)} ${brief(options.payload ?? '', 300)}`,
    serverError: lastError(),
    body: touched.some((path) => path[0] === 'body'),
    ...(touched.some((path) => path.length === 1 && path[0] === 'body')
      ? {
          anyBodyFieldBut: [request.query, request.params, request.headers].flatMap((part) =>
            Object.keys(part ?? {}),
          ),
        }
      : {}),
    params: touched.some((path) => path[0] === 'params'),
  })
  return response
}

/**
 * Fuzzes a route: `numRuns` cases, most of them the valid request mutated, the rest wholly random. Checks first
 * that the valid request itself is accepted (else every mutation would only meet the same refusal).
 */
export async function fuzzRoute(
  app: LatchApp,
  spec: RouteSpec,
  options: { numRuns: number; lastError: () => string | undefined },
): Promise<FuzzResult> {
  const template = await spec.valid()
  const plain = await app.inject(toInject(spec, spec.encode ? await spec.encode(template) : template))
  expect(plain.statusCode, `the valid request is refused: ${plain.body}`).toBeLessThan(300)
  const known = [...Object.keys(template.query ?? {}), ...(spec.optional ?? [])]
  const statuses: Record<number, number> = {}
  const parts = spec.parts ?? allParts
  const random = randomRequest(template, known, parts)
  const mutated = mutations(template, parts)
  const cases = random
    ? fc.oneof({ weight: 5, arbitrary: mutated }, { weight: 1, arbitrary: random })
    : mutated
  await fc.assert(
    fc.asyncProperty(
      cases.map((ops) => ops.map(printable)),
      async (ops) => {
        const response = await sendMutated(app, spec, ops, options.lastError, template)
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1
      },
    ),
    { numRuns: options.numRuns },
  )
  return { statuses }
}

/**
 * A known breaker sent as a mutation of the valid request: it must be a 400 naming `field` (or, with a trailing
 * `*`, a field starting with it).
 */
export async function expectRefused(
  app: LatchApp,
  spec: RouteSpec,
  ops: readonly Mutation[],
  field: string,
  lastError: () => string | undefined,
): Promise<void> {
  const fresh = await spec.valid()
  const { request } = applyMutations(fresh, ops)
  const options = toInject(spec, spec.encode ? await spec.encode(request) : request)
  lastError()
  const response = await app.inject(options)
  const server = lastError()
  const detail = `${response.statusCode} ${brief(response.body, 300)}${server ? ` — server: ${server}` : ''}`
  expect(response.statusCode, detail).toBe(400)
  const named: unknown = response.json().field
  if (field.endsWith('*')) expect(String(named).startsWith(field.slice(0, -1)), detail).toBe(true)
  else expect(named, detail).toBe(field)
}
