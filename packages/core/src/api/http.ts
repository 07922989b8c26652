import { BaseError } from '../errors/BaseError.ts'

/** SPEC §8: any non-success HTTP status reads 'HTTP status code: {n}'. */
export class HttpError extends BaseError {
  override name = 'HttpError'
  readonly status: number

  constructor(status: number, url: string) {
    super(`HTTP status code: ${status}`, { details: `${url} answered ${status}.` })
    this.status = status
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
  if (!response.ok) throw new HttpError(response.status, url)
  return (await response.json()) as T
}
