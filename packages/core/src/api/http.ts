import { BaseError } from '../errors/BaseError.ts'
import { SDK_TYPE, SDK_VERSION } from '../version.ts'

/** SPEC §8: any non-success HTTP status reads 'HTTP status code: {n}'. */
export class HttpError extends BaseError {
  override name = 'HttpError'
  readonly status: number
  /** The server's own explanation (`{ error }` in a Latch server's JSON body), when it gave one. */
  readonly reason: string | undefined

  constructor(status: number, url: string, reason?: string) {
    super(`HTTP status code: ${status}`, {
      details: `${url} answered ${status}${reason ? `: ${reason}` : ''}.`,
    })
    this.status = status
    this.reason = reason
  }
}

async function errorReason(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json()
    const reason = (body as { error?: unknown } | null)?.error
    return typeof reason === 'string' ? reason : undefined
  } catch {
    return undefined
  }
}

export type FetchFunction = typeof fetch

/**
 * Fetches `url` and parses its JSON body; a non-success status rejects with `HttpError`.
 *
 * @example
 * const page = await requestJson<WalletsPage>(fetch, 'http://127.0.0.1:8787/getWallets?page=1')
 */
export async function requestJson<T>(
  fetchFunction: FetchFunction,
  url: string,
  init?: RequestInit,
): Promise<T> {
  const response = await fetchFunction(url, init)
  if (!response.ok) throw new HttpError(response.status, url, await errorReason(response))
  return (await response.json()) as T
}

/**
 * A Latch server URL: `base` + `path` with projectId (when set), `st`, `sv` and the non-empty `query` values,
 * as every directory and blockchain API request carries them (SPEC §7).
 *
 * @example
 * serverUrl('http://127.0.0.1:8787', '/getWallets', 'demo', { page: '1' })
 * // 'http://127.0.0.1:8787/getWallets?projectId=demo&st=latch&sv=…&page=1'
 */
export function serverUrl(
  base: string,
  path: string,
  projectId: string | undefined,
  query: Record<string, string | undefined> = {},
): string {
  const target = new URL(base + path)
  if (projectId) target.searchParams.set('projectId', projectId)
  target.searchParams.set('st', SDK_TYPE)
  target.searchParams.set('sv', SDK_VERSION)
  for (const [key, value] of Object.entries(query)) {
    if (value) target.searchParams.set(key, value)
  }
  return target.href
}
