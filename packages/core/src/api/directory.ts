import { type FetchFunction, requestJson, serverUrl } from './http.ts'
import type { AnalyticsConfig, GetWalletsParameters, WalletsPage } from './types.ts'

export interface DirectoryClientParameters {
  /** Base URL of the Latch server, without a trailing slash. */
  apiUrl: string
  projectId?: string | undefined
  /** Defaults to the global `fetch`, looked up at call time. */
  fetch?: FetchFunction | undefined
}

/** The wallet-directory calls of SPEC §7, and the URLs of the server's images. */
export interface DirectoryClient {
  readonly apiUrl: string
  /** `apiUrl` + `path` with projectId (when set), `st`, `sv` and the non-empty `query` values. */
  url(path: string, query?: Record<string, string | undefined>): string
  getWallets(parameters: GetWalletsParameters, signal?: AbortSignal): Promise<WalletsPage>
  getAnalyticsConfig(signal?: AbortSignal): Promise<AnalyticsConfig>
  walletImageUrl(imageId: string): string
  /** A network's image. */
  assetImageUrl(id: string): string
  currencyImageUrl(id: string): string
  tokenImageUrl(id: string): string
}

const list = (ids: readonly string[] | undefined) => (ids?.length ? ids.join(',') : undefined)

/**
 * A client of one Latch server's wallet directory.
 *
 * @example
 * const directory = createDirectoryClient({ apiUrl: 'http://127.0.0.1:8787', projectId: 'latch-demo' })
 * const { count, data } = await directory.getWallets({ page: 1, entries: 40, search: 'rain' })
 */
export function createDirectoryClient(parameters: DirectoryClientParameters): DirectoryClient {
  const { apiUrl, projectId } = parameters
  const fetchFunction: FetchFunction = (input, init) => (parameters.fetch ?? fetch)(input, init)

  const url = (path: string, query?: Record<string, string | undefined>) =>
    serverUrl(apiUrl, path, projectId, query)
  const image = (route: string) => (id: string) => url(`${route}/${encodeURIComponent(id)}`)

  return {
    apiUrl,
    url,
    getWallets(wallets, signal) {
      const query = {
        page: String(wallets.page),
        entries: String(wallets.entries),
        include: list(wallets.include),
        exclude: list(wallets.exclude),
        search: wallets.search?.trim(),
        badge_type: wallets.badge_type,
        chains: list(wallets.chains),
      }
      return requestJson<WalletsPage>(fetchFunction, url('/getWallets', query), { signal: signal ?? null })
    },
    getAnalyticsConfig(signal) {
      return requestJson<AnalyticsConfig>(fetchFunction, url('/getAnalyticsConfig'), {
        signal: signal ?? null,
      })
    },
    walletImageUrl: image('/getWalletImage'),
    assetImageUrl: image('/public/getAssetImage'),
    currencyImageUrl: image('/public/getCurrencyImage'),
    tokenImageUrl: image('/public/getTokenImage'),
  }
}
