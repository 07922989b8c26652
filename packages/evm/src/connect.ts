import { AccountNotFoundError, type ConnectResult } from '@latch/core'
import { parseAccounts } from './accounts.ts'
import { parseChainId } from './chainId.ts'
import type { ResolvedEvmAdapterOptions } from './options.ts'
import { type Eip1193Provider, requestWallet } from './provider.ts'

export interface ConnectParameters {
  connectorId: string
  provider: Eip1193Provider
  timeouts: Pick<ResolvedEvmAdapterOptions, 'requestTimeoutMs' | 'promptTimeoutMs'>
}

/**
 * Asks the wallet for its accounts (the visitor sees a prompt), then reads the chain it is on.
 * Rejects with `UserRejectedRequestError` when the visitor declines and `AccountNotFoundError` when the
 * wallet answers with no account.
 *
 * @example
 * const { accounts, chainId } = await connect({ connectorId: 'io.metamask', provider, timeouts })
 */
export async function connect(parameters: ConnectParameters): Promise<ConnectResult> {
  const { connectorId, provider, timeouts } = parameters
  const accounts = parseAccounts(
    await requestWallet(provider, { method: 'eth_requestAccounts', timeoutMs: timeouts.promptTimeoutMs }),
  )
  if (accounts.length === 0) throw new AccountNotFoundError(connectorId)
  const chainId = parseChainId(
    await requestWallet(provider, { method: 'eth_chainId', timeoutMs: timeouts.requestTimeoutMs }),
  )
  return { accounts, chainId }
}
