// A service this machine cannot reach, as a local HTTP server for one test file: each endpoint answers its recorded
// fixture (answers written in the service's documented shapes) unless the test sets `answer`; every request is kept
// to assert what the provider sent.
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll } from 'vitest'

/** A request as the server received it. */
export interface Received {
  method: string
  path: string
  query: Record<string, string>
  authorization: string | undefined
  headers: IncomingMessage['headers']
  /** Its JSON body, parsed. */
  body: unknown
}

export interface RecordedApi<Kept = Received> {
  /** Where it listens (after the file's `beforeAll`). */
  readonly url: string
  /** The requests of the current test, as `keep` kept them. */
  readonly received: Kept[]
  /** Answers the requests it returns true for; the others get their fixture. Forgotten after each test. */
  answer: ((request: Received, response: ServerResponse) => boolean) | undefined
  /** `answer` for one endpoint (`'GET /path'`) only: the others keep their fixture. */
  answering(endpoint: string, respond: (response: ServerResponse) => void): void
  /** A fixture's text. */
  fixture(name: string): string
}

/** An answer: `status` with the JSON `body`. */
export const json = (status: number, body: string) => (response: ServerResponse) => {
  response.writeHead(status, { 'content-type': 'application/json' }).end(body)
}

/**
 * Starts the server before the file's tests and closes it after them (an open request too).
 *
 * @example
 * const api = recordedApi({ fixtures: new URL('./fixtures/meld/', import.meta.url), recorded: { 'POST /payments/crypto/quote': 'quote.json' }, notFound: '{}' })
 */
export function recordedApi<Kept = Received>(options: {
  fixtures: URL
  /** `'METHOD /path'` → the fixture's file name. */
  recorded: Record<string, string>
  /** The body of the 404 for anything else, in the service's shape. */
  notFound: string
  /** What of a request the test asserts on (default all of it). */
  keep?: (request: Received) => Kept
}): RecordedApi<Kept> {
  let server: Server
  let url = ''
  const fixture = (name: string) => readFileSync(new URL(name, options.fixtures), 'utf8')
  const keep = options.keep ?? ((request: Received) => request as Kept)
  const api: RecordedApi<Kept> = {
    get url() {
      return url
    },
    received: [],
    answer: undefined,
    answering(endpoint, respond) {
      api.answer = (request, response) => {
        if (`${request.method} ${request.path}` !== endpoint) return false
        respond(response)
        return true
      }
    },
    fixture,
  }

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const address = new URL(request.url ?? '/', 'http://localhost')
        const text = Buffer.concat(chunks).toString()
        const kept: Received = {
          method: request.method ?? '',
          path: address.pathname,
          query: Object.fromEntries(address.searchParams),
          authorization: request.headers.authorization,
          headers: request.headers,
          body: text ? JSON.parse(text) : undefined,
        }
        api.received.push(keep(kept))
        if (api.answer?.(kept, response)) return
        const file = options.recorded[`${kept.method} ${kept.path}`]
        json(file ? 200 : 404, file ? fixture(file) : options.notFound)(response)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    // A timeout test's request is still open: close it rather than wait for it.
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })
  afterEach(() => {
    api.answer = undefined
    api.received.length = 0
  })
  return api
}
