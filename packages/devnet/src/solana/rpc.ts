// Solana JSON-RPC 2.0 over a request body: single and batch calls, the RPC's error codes, and every answer's
// numbers written as JSON numbers (u64 included), as the real RPC does.
import type { SolanaChain } from './chain.ts'
import type { RpcMethod } from './context.ts'
import { toJson } from './json.ts'
import { positional, RpcError, rpcErrorCodes } from './params.ts'
import { accountMethods } from './rpcAccounts.ts'
import { clusterMethods } from './rpcCluster.ts'
import { transactionMethods } from './rpcTransactions.ts'

/** A batch may hold at most this many calls. */
export const maxBatchLength = 100

/** Every method the chain answers, by name. */
export const solanaRpcMethods: Record<string, RpcMethod> = {
  ...accountMethods,
  ...transactionMethods,
  ...clusterMethods,
}

type RpcId = string | number | null

type RpcResponse =
  | { jsonrpc: '2.0'; result: unknown; id: RpcId }
  | { jsonrpc: '2.0'; error: { code: number; message: string; data?: unknown }; id: RpcId }

const errorResponse = (error: RpcError, id: RpcId): RpcResponse => ({
  jsonrpc: '2.0',
  error: {
    code: error.code,
    message: error.message,
    ...(error.data === undefined ? {} : { data: error.data }),
  },
  id,
})

/**
 * Answers one JSON-RPC body (a call or a batch) as JSON text; undefined when it held only notifications.
 * Throws nothing: unknown failures answer -32603.
 *
 * @example
 * await handleSolanaRpc(chain, '{"jsonrpc":"2.0","id":1,"method":"getSlot"}') // '{"jsonrpc":"2.0","result":12,"id":1}'
 */
export async function handleSolanaRpc(chain: SolanaChain, body: string): Promise<string | undefined> {
  let request: unknown
  try {
    request = JSON.parse(body)
  } catch {
    return toJson(errorResponse(new RpcError(rpcErrorCodes.parseError, 'Parse error'), null))
  }
  if (!Array.isArray(request)) {
    const response = await handleCall(chain, request)
    return response && toJson(response)
  }
  if (request.length === 0)
    return toJson(
      errorResponse(new RpcError(rpcErrorCodes.invalidRequest, 'Invalid request: empty batch'), null),
    )
  if (request.length > maxBatchLength)
    return toJson(
      errorResponse(
        new RpcError(
          rpcErrorCodes.invalidRequest,
          `Invalid request: a batch holds at most ${maxBatchLength} calls`,
        ),
        null,
      ),
    )
  const responses: RpcResponse[] = []
  // One after another: a batch that sends then reads sees its own transaction.
  for (const call of request) {
    const response = await handleCall(chain, call)
    if (response) responses.push(response)
  }
  return responses.length > 0 ? toJson(responses) : undefined
}

async function handleCall(chain: SolanaChain, call: unknown): Promise<RpcResponse | undefined> {
  if (typeof call !== 'object' || call === null || Array.isArray(call))
    return errorResponse(new RpcError(rpcErrorCodes.invalidRequest, 'Invalid request'), null)
  const { jsonrpc, method, params } = call as Record<string, unknown>
  const hasId = 'id' in call
  const rawId = (call as { id?: unknown }).id
  const id: RpcId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null
  if (jsonrpc !== '2.0' || typeof method !== 'string' || (hasId && rawId !== null && id === null))
    return errorResponse(new RpcError(rpcErrorCodes.invalidRequest, 'Invalid request'), id)
  let response: RpcResponse
  try {
    const handler = Object.hasOwn(solanaRpcMethods, method) ? solanaRpcMethods[method] : undefined
    if (!handler)
      throw new RpcError(rpcErrorCodes.methodNotFound, `Method not found: ${method.slice(0, 100)}`)
    response = { jsonrpc: '2.0', result: await handler(positional(params), chain), id }
  } catch (error) {
    response = errorResponse(
      error instanceof RpcError
        ? error
        : new RpcError(
            rpcErrorCodes.internalError,
            `Internal error: ${(error as Error)?.message ?? String(error)}`,
          ),
      id,
    )
  }
  // A call without an id is a notification: run, not answered.
  return hasId ? response : undefined
}
