import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { fieldName } from './fieldName.ts'

/**
 * A request a provider (swaps, the on-ramp) refuses for a reason the visitor may read, naming the request's field:
 * the routes answer it 400, in their own shape.
 */
export class ProviderRefusal extends Error {
  override name = 'ProviderRefusal'
  readonly field: string
  constructor(field: string, message: string) {
    super(message)
    this.field = field
  }
}

/** The JSON body of every error response. */
export interface ErrorBody {
  error: string
  field?: string
}

interface ValidationIssue {
  instancePath: string
  message?: string
  params: Record<string, unknown>
}

interface ZodIssueLike {
  path: PropertyKey[]
  message: string
  errors?: ZodIssueLike[][]
}

function pathOf(instancePath: string, value?: unknown): PropertyKey[] {
  const parts = instancePath.split('/').slice(1)
  if (parts.length === 1 && parts[0] === '') return []
  const path: PropertyKey[] = []
  let node = value
  for (let i = 0; i < parts.length; ) {
    // The validator joins the keys with "/", so a key that holds "/" spans several parts: the longest run of parts
    // that names a key of the value at this point is that key.
    let end = i + 1
    if (node && typeof node === 'object' && !Array.isArray(node)) {
      for (let j = parts.length; j > i + 1; j--) {
        if (Object.hasOwn(node, parts.slice(i, j).join('/'))) {
          end = j
          break
        }
      }
    }
    const key = parts.slice(i, end).join('/')
    // An index as a number where the value there is an array (or not known: a query's); an object's key of digits
    // ("00000001") stays its text, as do digits past 2^53 (as a number they would name another key).
    const index =
      /^\d+$/.test(key) && Number.isSafeInteger(Number(key)) && (Array.isArray(node) || node === undefined)
    path.push(index ? Number(key) : key)
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined
    i = end
  }
  return path.filter((part) => part !== '')
}

/**
 * The field and message of the first problem. A union (the analytics body: one event or an array) reports the
 * problems of the branch that matches the body's shape, so the field is precise.
 */
export function describeValidation(
  issues: readonly ValidationIssue[],
  context: string | undefined,
  body: unknown,
): Required<ErrorBody> {
  const first = issues[0]
  let path = first ? pathOf(first.instancePath, context === 'body' ? body : undefined) : []
  let message = first?.message ?? 'is invalid'
  const branches = first?.params.errors as ZodIssueLike[][] | undefined
  if (Array.isArray(branches) && branches.length > 0) {
    const branch = branches[Array.isArray(body) && branches.length > 1 ? 1 : 0]
    const inner = branch?.[0]
    if (inner) {
      path = [...path, ...inner.path]
      message = inner.message
    }
  }
  const field = path.length > 0 ? fieldName(path) : context === 'body' ? 'body' : (context ?? 'request')
  return { field, error: message.includes(field) ? message : `Invalid ${field}: ${message}` }
}

/**
 * Errors as JSON: a refused request field → 400 `{ error, field }`; other client errors keep their status; a
 * server error is logged and answered 500 without details. (The 404 handler is `notFound`.)
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(describeValidation(error.validation, error.validationContext, request.body))
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const body: ErrorBody = { error: error.message }
      if (error.code?.startsWith('FST_ERR_CTP_')) body.field = 'body'
      return reply.code(status).send(body)
    }
    request.log.error({ err: error }, 'request failed')
    return reply.code(Math.max(status, 500)).send({ error: 'Internal server error' })
  })
}

/**
 * What Fastify refuses before routing (a path with malformed percent-escapes): 400 `{ error, field: 'url' }`, in the
 * shape every other refusal has.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  reply.code(400).send({ error: `The URL is not valid: ${error.message}`, field: 'url' })
}

/** The 404 of a path no route serves. */
export function notFound(request: FastifyRequest, reply: FastifyReply): void {
  reply.code(404).send({ error: `No route ${request.method} ${request.url.split('?')[0]}` })
}
