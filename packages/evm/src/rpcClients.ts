import type { Network } from '@latch/core'
import { type Client, createClient } from 'viem'
import type { RpcRetryRules } from './rpcRetry.ts'
import { specHttp } from './transport.ts'

export interface RpcClientsParameters {
  rpcTimeoutMs: number
  /** Retry rules; SPEC §9 unless a test needs shorter delays. */
  rules?: RpcRetryRules | undefined
}

/**
 * One bare viem client per network, on the network's first RPC URL with the SPEC §9 retry rules. Bare
 * clients plus the actions each caller imports: `createPublicClient` would bundle every public action.
 * Returns undefined for a network without an RPC URL.
 *
 * @example
 * const clientFor = createRpcClients({ rpcTimeoutMs: 10_000 })
 * const gasPrice = await getGasPrice(clientFor(devnetA)!)
 */
export function createRpcClients(parameters: RpcClientsParameters): (network: Network) => Client | undefined {
  const clients = new Map<string, { url: string; client: Client }>()
  return (network) => {
    const url = network.rpcUrls.default.http[0]
    if (!url) return undefined
    const cached = clients.get(network.caipNetworkId)
    if (cached?.url === url) return cached.client
    const client = createClient({
      transport: specHttp(url, { timeoutMs: parameters.rpcTimeoutMs, rules: parameters.rules }),
    })
    clients.set(network.caipNetworkId, { url, client })
    return client
  }
}
