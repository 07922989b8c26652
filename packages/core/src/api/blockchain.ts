import { type FetchFunction, requestJson, serverUrl } from './http.ts'
import type { BalancesResponse, GetBalancesParameters, TokenBalance } from './types.ts'

export interface BlockchainClientParameters {
  /** Base URL of the blockchain API (`chainApiUrl`), without a trailing slash. */
  chainApiUrl: string
  projectId?: string | undefined
  /** Defaults to the global `fetch`, looked up at call time. */
  fetch?: FetchFunction | undefined
}

/** The blockchain API calls of SPEC §7 that the modal makes. */
export interface BlockchainClient {
  readonly chainApiUrl: string
  /** The account's non-zero balances on one network, valued in USD. */
  getBalances(parameters: GetBalancesParameters, signal?: AbortSignal): Promise<TokenBalance[]>
}

/** The modal shows values in US dollars. */
export const BALANCE_CURRENCY = 'usd'

/**
 * A client of one Latch server's blockchain API. Requests carry projectId, `st` and `sv` like the
 * directory's; a non-success status rejects with 'HTTP status code: {n}'.
 *
 * @example
 * const chain = createBlockchainClient({ chainApiUrl: 'http://127.0.0.1:8787', projectId: 'latch-demo' })
 * const balances = await chain.getBalances({ address: '0xf39F…', chainId: 'eip155:31337' })
 */
export function createBlockchainClient(parameters: BlockchainClientParameters): BlockchainClient {
  const { chainApiUrl, projectId } = parameters
  const fetchFunction: FetchFunction = (input, init) => (parameters.fetch ?? fetch)(input, init)
  return {
    chainApiUrl,
    async getBalances({ address, chainId, forceUpdate }, signal) {
      const url = serverUrl(chainApiUrl, `/v1/account/${encodeURIComponent(address)}/balance`, projectId, {
        currency: BALANCE_CURRENCY,
        chainId,
        forceUpdate: forceUpdate ? 'true' : undefined,
      })
      const { balances } = await requestJson<BalancesResponse>(fetchFunction, url, { signal: signal ?? null })
      return balances
    },
  }
}
