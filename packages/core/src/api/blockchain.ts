import { type FetchFunction, requestJson, serverUrl } from './http.ts'
import type {
  BalancesResponse,
  GetBalancesParameters,
  Identity,
  NameProfile,
  NameSuggestion,
  RegisterNameBody,
  TokenBalance,
  TransactionsPage,
} from './types.ts'

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
  /** The account's name and avatar (Latch names, and ENS where the server reads mainnet). */
  getIdentity(address: string, signal?: AbortSignal): Promise<Identity>
  /** One page of the account's transactions on a network, newest first. */
  getHistory(
    parameters: { address: string; chainId: string; cursor?: string | undefined },
    signal?: AbortSignal,
  ): Promise<TransactionsPage>
  /** The name asked for (with its availability), then free alternatives, in `zone`. */
  getNameSuggestions(label: string, zone: string, signal?: AbortSignal): Promise<NameSuggestion[]>
  /** A registered name and its addresses; rejects with 'HTTP status code: 404' when nobody holds it. */
  getName(name: string, signal?: AbortSignal): Promise<NameProfile>
  /** Registers a name signed for by its address; rejects with the server's reason (`HttpError.reason`). */
  registerName(body: RegisterNameBody): Promise<NameProfile>
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
    getIdentity(address, signal) {
      const url = serverUrl(chainApiUrl, `/v1/identity/${encodeURIComponent(address)}`, projectId, {
        sender: address,
      })
      return requestJson<Identity>(fetchFunction, url, { signal: signal ?? null })
    },
    getHistory({ address, chainId, cursor }, signal) {
      const url = serverUrl(chainApiUrl, `/v1/account/${encodeURIComponent(address)}/history`, projectId, {
        chainId,
        cursor,
      })
      return requestJson<TransactionsPage>(fetchFunction, url, { signal: signal ?? null })
    },
    async getNameSuggestions(label, zone, signal) {
      const url = serverUrl(chainApiUrl, `/v1/profile/suggestions/${encodeURIComponent(label)}`, projectId, {
        zone,
      })
      const { suggestions } = await requestJson<{ suggestions: NameSuggestion[] }>(fetchFunction, url, {
        signal: signal ?? null,
      })
      return suggestions
    },
    getName(name, signal) {
      const url = serverUrl(chainApiUrl, `/v1/profile/account/${encodeURIComponent(name)}`, projectId)
      return requestJson<NameProfile>(fetchFunction, url, { signal: signal ?? null })
    },
    registerName(body) {
      return requestJson<NameProfile>(
        fetchFunction,
        serverUrl(chainApiUrl, '/v1/profile/account', projectId),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
      )
    },
  }
}
