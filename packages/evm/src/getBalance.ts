import type { Balance, Network } from '@latch/core'
import { type Client, hexToBigInt } from 'viem'
import { isHexAddress } from './accounts.ts'
import { BalanceUnavailableError } from './errors.ts'
import { createRpcClients } from './rpcClients.ts'
import { failureOf, type RpcRetryRules } from './rpcRetry.ts'

export interface GetBalanceParameters {
  address: string
  network: Network
}

export type GetBalanceReturnType = Balance

export type GetBalanceErrorType = BalanceUnavailableError

export interface BalanceReaderParameters {
  rpcTimeoutMs: number
  /** Retry rules; SPEC §9 unless a test needs shorter delays. */
  rules?: RpcRetryRules | undefined
}

/**
 * Returns a `getBalance` that reads the native balance from each network's first RPC URL, keeping one viem
 * client per network. Failures (after the SPEC §9 retries) reject with `BalanceUnavailableError`.
 *
 * @example
 * const getBalance = createBalanceReader({ rpcTimeoutMs: 10_000 })
 * const { value, decimals, symbol } = await getBalance({ address, network: devnetA })
 */
export function createBalanceReader(
  parameters: BalanceReaderParameters,
  clientFor: (network: Network) => Client | undefined = createRpcClients(parameters),
): (balance: GetBalanceParameters) => Promise<GetBalanceReturnType> {
  return async ({ address, network }) => {
    if (!isHexAddress(address))
      throw new BalanceUnavailableError({ details: `${address} is not an EVM address.` })
    const client = clientFor(network)
    if (!client)
      throw new BalanceUnavailableError({ details: `Network ${network.caipNetworkId} has no RPC URL.` })
    let value: bigint
    try {
      // Plain JSON-RPC: viem's getBalance action can batch through multicall, which brings its ABI coding
      // (and keccak) into the adapter.
      value = hexToBigInt(await client.request({ method: 'eth_getBalance', params: [address, 'latest'] }))
    } catch (error) {
      const { status } = failureOf(error)
      throw new BalanceUnavailableError({
        cause: error,
        status,
        // SPEC §8 wording for a non-success HTTP status.
        ...(status === undefined ? {} : { details: `HTTP status code: ${status}` }),
      })
    }
    const { decimals, symbol } = network.nativeCurrency
    return { value, decimals, symbol }
  }
}
