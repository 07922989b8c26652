// The HTTP plumbing the server's third-party providers share (the swap aggregator, the on-ramps): a JSON request
// whose answer is size-capped and timed out body included, the caller's abort passed on, error statuses sorted into
// the visitor's refusals and the deployment's outages, and answers checked before they are used.
import type { z } from 'zod'
import { ProviderRefusal } from './errors.ts'
import { fieldName } from './fieldName.ts'

/** The largest answer read: a token list or an on-ramp's options are some hundreds of KiB; more is not kept. */
export const maxAnswerBytes = 2 * 1024 * 1024

/** What a provider's API answered: a body to parse, or a refusal with words a visitor may read. */
export type ProviderOutcome = { ok: true; body: unknown } | { ok: false; status: number; description: string }

export interface ProviderRequest {
  method?: 'GET' | 'POST'
  /** The path under the base URL, its variable segments already escaped; errors name the endpoint by it. */
  path: string
  /** Set as query parameters (escaped); an undefined value is left out. */
  query?: Record<string, string | undefined>
  /** Sent as JSON. */
  body?: unknown
}

export interface ProviderHttpOptions {
  /** How errors name the service: 'Swap aggregator', 'Coinbase Onramp'. */
  service: string
  /** Where the API is: `https://api.1inch.dev`, or with a path prefix the requests' paths go under. */
  baseUrl: string
  /** Milliseconds before a request (its answer's body included) is given up (default 5000). */
  timeoutMs?: number
  /** The fetch to use (default the global one, looked up at each call so that a test can stub it). */
  fetch?: typeof globalThis.fetch
  /** Each request's own headers: an API key, or a token signed for the request's method and URL. */
  headers?: (method: string, url: URL) => Record<string, string>
  /** Reads a 4xx answer's body for the words a visitor may read; a body it does not parse has none. */
  refusal: z.ZodType<string>
}

export interface ProviderHttp {
  /** Sends the request: an answer with a 2xx status, or a refusal; anything else throws an Error naming the path. */
  call(request: ProviderRequest, signal?: AbortSignal): Promise<ProviderOutcome>
  /**
   * Sends the request and checks the answer with `schema`. A refusal is thrown as a `ProviderRefusal` on the field
   * `fieldOf` reads in its words; without `fieldOf` (the request asked nothing of the visitor's) as an Error.
   */
  answer<T>(
    request: ProviderRequest,
    schema: z.ZodType<T>,
    fieldOf?: (description: string) => string,
    signal?: AbortSignal,
  ): Promise<T>
}

/** Thrown for an answer over `maxAnswerBytes`: told apart from a network failure, which it is not. */
class AnswerTooLarge extends Error {
  override name = 'AnswerTooLarge'
}

/**
 * A client of one provider's JSON API. 401, 403 and 429 are the deployment's problem (its key, its plan), not the
 * visitor's, and throw an Error, as do other error statuses, a 4xx without words for the visitor, a network failure,
 * an answer over 2 MiB, a body that is not JSON and the timeout.
 *
 * @example
 * const http = providerHttp({ service: 'Meld', baseUrl: 'https://api.meld.io', refusal: meldRefusal })
 * const { transactions } = await http.answer({ path: '/payments/transactions' }, transactionsAnswer)
 */
export function providerHttp(options: ProviderHttpOptions): ProviderHttp {
  const { service, refusal, timeoutMs = 5000 } = options
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  if (!URL.canParse(baseUrl)) throw new Error(`${service}: not a URL: ${options.baseUrl}`)

  const client: ProviderHttp = {
    async call({ method = 'GET', path, query = {}, body }, signal) {
      const url = new URL(`${baseUrl}${path}`)
      for (const [name, value] of Object.entries(query))
        if (value !== undefined) url.searchParams.set(name, value)
      const headers: Record<string, string> = {
        accept: 'application/json',
        ...options.headers?.(method, url),
      }
      if (body !== undefined) headers['content-type'] = 'application/json'
      // The timeout covers the body too: the signal aborts the stream read below as well as the request.
      const timeout = AbortSignal.timeout(timeoutMs)
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
      let response: Response
      let text: string
      try {
        response = await (options.fetch ?? globalThis.fetch)(url.href, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: combined,
        })
        text = await readCapped(response, `${service} ${path}`)
      } catch (error) {
        // The caller's own abort is passed on as it is: it knows why it asked.
        if (signal?.aborted) throw signal.reason
        if (error instanceof AnswerTooLarge) throw error
        const why = timeout.aborted ? `no answer in ${timeoutMs} ms` : messageOf(error)
        throw new Error(`${service} ${path} could not be reached: ${why}`, { cause: error })
      }
      const { status } = response
      if (response.ok) return { ok: true, body: parseJson(text, `${service} ${path}`) }
      if (status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429) {
        const words = refusal.safeParse(safeJson(text))
        if (words.success) return { ok: false, status, description: words.data.slice(0, 300) }
      }
      throw new Error(`${service} ${path} answered HTTP status ${status}`)
    },

    async answer(request, schema, fieldOf, signal) {
      const outcome = await client.call(request, signal)
      if (outcome.ok) return parseAnswer(outcome.body, schema, `${service} ${request.path}`)
      if (!fieldOf) throw new Error(`${service} ${request.path} refused: ${outcome.description}`)
      throw new ProviderRefusal(fieldOf(outcome.description), outcome.description)
    },
  }
  return client
}

/**
 * `body` checked with `schema`; an answer that does not match throws an Error naming `endpoint` and the first
 * problems.
 *
 * @example
 * const { dstAmount } = parseAnswer(outcome.body, quoteAnswer, 'Swap aggregator /swap/v6.0/1/quote')
 */
export function parseAnswer<T>(body: unknown, schema: z.ZodType<T>, endpoint: string): T {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const issues = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${fieldName(issue.path) || '(answer)'}: ${issue.message}`)
    .join('; ')
  throw new Error(`${endpoint} answered what was not expected: ${issues}`)
}

/**
 * Which of the request's fields a refusal's words are about: the API's parameter names they mention (as whole
 * words, case ignored) mapped to the field of our request each stands for.
 *
 * @example
 * const fieldOf = refusalFields({ src: 'from', dst: 'to' })
 * fieldOf('dst is not a valid token address', 'amount') // 'to'
 */
export function refusalFields(
  fields: Record<string, string>,
): (description: string, fallback: string) => string {
  const byName = new Map(Object.entries(fields).map(([name, field]) => [name.toLowerCase(), field]))
  const names = [...byName.keys()].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  const pattern = new RegExp(`\\b(${names.join('|')})\\b`, 'i')
  return (description, fallback) => {
    const named = pattern.exec(description)?.[1]?.toLowerCase()
    return (named && byName.get(named)) ?? fallback
  }
}

/**
 * `load`'s answer, kept `ttlMs` from when it arrived; a failure is not kept, so the next call asks again.
 *
 * @example
 * const listing = cachedAnswer((signal) => fetchOptions(signal), 10 * 60_000)
 * await listing() // asks; a second call within ten minutes answers the same
 */
export function cachedAnswer<T>(
  load: (signal?: AbortSignal) => Promise<T>,
  ttlMs: number,
): (signal?: AbortSignal) => Promise<T> {
  let kept: { value: T; until: number } | undefined
  return async (signal) => {
    if (kept && Date.now() < kept.until) return kept.value
    const value = await load(signal)
    kept = { value, until: Date.now() + ttlMs }
    return value
  }
}

/**
 * The response's body as text, read chunk by chunk and given up past `maxBytes` (default `maxAnswerBytes`; counted
 * decoded, as it is held): a declared Content-Length over it is refused before reading.
 */
export async function readCapped(
  response: Response,
  endpoint: string,
  maxBytes: number = maxAnswerBytes,
): Promise<string> {
  const tooLarge = () => new AnswerTooLarge(`${endpoint} answered more than ${maxBytes} bytes`)
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {})
    throw tooLarge()
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      throw tooLarge()
    }
    text += decoder.decode(value, { stream: true })
  }
  return text + decoder.decode()
}

function parseJson(text: string, endpoint: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new Error(`${endpoint} answered what was not expected: a body that is not JSON`)
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  // undici's "fetch failed" keeps the reason (ECONNREFUSED, a DNS failure) in its cause.
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message
}
