import { ChainNotConfiguredError, type Network } from '@latch/core'
import { createSolanaRpc, type Rpc, type SolanaRpcApi } from '@solana/kit'

export type SolanaRpc = Rpc<SolanaRpcApi>

/**
 * One `@solana/kit` RPC client per network (its first RPC URL), made on first use.
 *
 * @example
 * const rpcFor = createRpcClients()
 * await rpcFor(solanaLocalnet()).getBalance(address).send()
 */
export function createRpcClients(): (network: Network) => SolanaRpc {
  const clients = new Map<string, SolanaRpc>()
  return (network) => {
    const url = network.rpcUrls.default.http[0]
    // Without an RPC URL the chain cannot be read: to the app, as good as not configured.
    if (!url) throw new ChainNotConfiguredError(network.caipNetworkId)
    let client = clients.get(url)
    if (!client) {
      client = createSolanaRpc(url)
      clients.set(url, client)
    }
    return client
  }
}

/** Settles an RPC call within `ms` (DESIGN.md rule 8): the request is aborted, not left running. */
export function send<T>(request: { send(options?: { abortSignal?: AbortSignal }): Promise<T> }, ms: number) {
  return request.send({ abortSignal: AbortSignal.timeout(ms) })
}
