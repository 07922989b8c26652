import { type ConnectResult, UnauthorizedError } from '@latch/core'
import { parseAccounts } from './accounts.ts'
import { parseChainId } from './chainId.ts'
import { type Eip1193Provider, requestWallet } from './provider.ts'

export interface ReconnectParameters {
  provider: Eip1193Provider
  requestTimeoutMs: number
}

/**
 * Silent reconnect: reads the accounts the wallet already shares with this site (`eth_accounts`, never a
 * prompt). Resolves undefined when it shares none.
 *
 * @example
 * const restored = await reconnect({ provider, requestTimeoutMs: 10_000 })
 * if (!restored) showConnectButton()
 */
export async function reconnect(parameters: ReconnectParameters): Promise<ConnectResult | undefined> {
  const { provider, requestTimeoutMs } = parameters
  let answer: unknown
  try {
    answer = await requestWallet(provider, { method: 'eth_accounts', timeoutMs: requestTimeoutMs })
  } catch (error) {
    // Some wallets answer 4100 instead of [] to a site they have not authorised.
    if (error instanceof UnauthorizedError) return undefined
    throw error
  }
  const accounts = parseAccounts(answer)
  if (accounts.length === 0) return undefined
  const chainId = parseChainId(
    await requestWallet(provider, { method: 'eth_chainId', timeoutMs: requestTimeoutMs }),
  )
  return { accounts, chainId }
}
