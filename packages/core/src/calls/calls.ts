// EIP-5792's calls from the connected account, for every connector: functions an app imports where it sends calls,
// so the page that only shows a Connect button carries none of this.
import type { LatchClient } from '../createLatch.ts'
import { BaseError, ConnectorNotConnectedError } from '../errors/BaseError.ts'
import type { AdapterCall, CallsStatus, ChainAdapter, SentCalls } from '../types.ts'

export interface SendCallsParameters {
  /** The calls, in order: a transfer of the coin (`value`), a contract call (`data`), or both. */
  calls: readonly AdapterCall[]
  /** Refuse (the wallet's UnsupportedMethodError) rather than send them one by one when the wallet cannot batch them atomically. */
  atomicRequired?: boolean
}

/** The connection of the active namespace and its adapter's calls methods, or the error saying what is missing. */
async function active(client: LatchClient) {
  const network = client.network.getState().activeNetwork
  const namespace = network.chainNamespace
  const connection = client.connection.getState().connections[namespace]
  const { address } = client.getAccount()
  if (!address || !connection)
    throw new ConnectorNotConnectedError(`No account is connected on ${namespace}.`)
  const adapter: ChainAdapter = await client.getAdapter(namespace)
  if (!adapter.sendCalls || !adapter.getCallsStatus)
    throw new BaseError('Calls are not supported', { details: `Calls are not sent on ${namespace}.` })
  return { adapter, connectorId: connection.connectorId, network, address }
}

/**
 * Sends calls from the connected account on the active network: as ONE atomic operation where the wallet can (a smart
 * account, or a wallet that reports EIP-5792's `atomic` capability), else through the wallet's `wallet_sendCalls`, else
 * as one transaction after another, each approved in the wallet. Resolves the id `getCallsStatus` takes.
 *
 * @example
 * const { id, atomic } = await sendCalls(client, { calls: [{ to: lusd, data: transferData }, { to: friend, value: 1n }] })
 */
export async function sendCalls(client: LatchClient, parameters: SendCallsParameters): Promise<SentCalls> {
  const { adapter, connectorId, network, address } = await active(client)
  // The adapter's errors are typed already (a declined call is UserRejectedRequestError).
  return adapter.sendCalls!({
    connectorId,
    network,
    from: address,
    calls: parameters.calls,
    atomicRequired: parameters.atomicRequired ?? false,
  })
}

/**
 * Where calls `sendCalls` sent are: `pending` until all are mined, then `success` with their receipts, or `failure`
 * (one reverted, or the visitor declined one of a run sent one by one).
 *
 * @example
 * const { status, receipts } = await getCallsStatus(client, id)
 */
export async function getCallsStatus(client: LatchClient, id: string): Promise<CallsStatus> {
  const { adapter, connectorId, network } = await active(client)
  return adapter.getCallsStatus!({ connectorId, network, id })
}
