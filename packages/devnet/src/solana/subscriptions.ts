// The RPC's PubSub over WebSocket: signatureSubscribe (one notification, then gone, as the RPC does),
// slotSubscribe and accountSubscribe, with their unsubscribe methods.
import type { Address } from '@solana/kit'
import type { WebSocket, WebSocketServer } from 'ws'
import { type AccountEncoding, accountEncodingParam, encodeAccount, readAccount } from './accountInfo.ts'
import type { SolanaChain } from './chain.ts'
import type { TransactionRecord } from './history.ts'
import { toJson } from './json.ts'
import {
  addressParam,
  checkCommitment,
  configParam,
  invalidParams,
  positional,
  RpcError,
  requireParam,
  rpcErrorCodes,
  signatureParam,
} from './params.ts'

/** At most this many live subscriptions per socket. */
export const maxSubscriptionsPerSocket = 1_000

type Subscription =
  | { kind: 'signature'; socket: WebSocket; signature: string }
  | { kind: 'slot'; socket: WebSocket }
  | { kind: 'account'; socket: WebSocket; address: Address; encoding: AccountEncoding; last: string }

const closedAccount = {
  lamports: 0n,
  data: new Uint8Array(),
  owner: '11111111111111111111111111111111',
  executable: false,
}

const notificationMethods = {
  signature: 'signatureNotification',
  slot: 'slotNotification',
  account: 'accountNotification',
}

/**
 * Serves subscriptions on `server`'s sockets until the returned function is called.
 *
 * @example
 * const wss = new WebSocketServer({ port: 8900, maxPayload: 64 * 1024 })
 * const detach = attachSolanaSubscriptions(wss, chain)
 */
export function attachSolanaSubscriptions(server: WebSocketServer, chain: SolanaChain): () => void {
  const subscriptions = new Map<number, Subscription>()
  const bySocket = new Map<WebSocket, Set<number>>()
  let nextId = 0

  const send = (socket: WebSocket, message: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(toJson(message))
  }
  const notify = (id: number, subscription: Subscription, result: unknown) =>
    send(subscription.socket, {
      jsonrpc: '2.0',
      method: notificationMethods[subscription.kind],
      params: { result, subscription: id },
    })
  const remove = (id: number) => {
    const subscription = subscriptions.get(id)
    if (!subscription) return false
    subscriptions.delete(id)
    bySocket.get(subscription.socket)?.delete(id)
    return true
  }
  const signatureResult = (record: TransactionRecord) => ({
    context: { slot: record.slot },
    value: { err: record.meta.err },
  })
  // A closed account is notified as an empty one owned by the System program, as the RPC does.
  const accountJson = (address: Address, encoding: AccountEncoding) =>
    encodeAccount(chain.svm, readAccount(chain.svm, address) ?? closedAccount, encoding)

  const subscribe = (socket: WebSocket, method: string, params: unknown[]): number => {
    const owned = bySocket.get(socket)!
    if (owned.size >= maxSubscriptionsPerSocket)
      throw new RpcError(
        rpcErrorCodes.invalidRequest,
        `Too many subscriptions on this socket (max ${maxSubscriptionsPerSocket})`,
      )
    const id = nextId++
    let subscription: Subscription
    if (method === 'signatureSubscribe') {
      const signature = signatureParam(requireParam(params, 0, 'signature'), 'signature (param 0)')
      checkCommitment(configParam(params, 1), chain.slot)
      subscription = { kind: 'signature', socket, signature }
    } else if (method === 'slotSubscribe') {
      subscription = { kind: 'slot', socket }
    } else {
      const address = addressParam(requireParam(params, 0, 'address'), 'address (param 0)')
      const config = configParam(params, 1)
      checkCommitment(config, chain.slot)
      const encoding = accountEncodingParam(config, 'binary')
      subscription = {
        kind: 'account',
        socket,
        address,
        encoding,
        last: toJson(accountJson(address, encoding)),
      }
    }
    subscriptions.set(id, subscription)
    owned.add(id)
    return id
  }

  const handle = (socket: WebSocket, text: string) => {
    let call: Record<string, unknown>
    try {
      const parsed: unknown = JSON.parse(text)
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object')
      call = parsed as Record<string, unknown>
    } catch {
      send(socket, {
        jsonrpc: '2.0',
        error: { code: rpcErrorCodes.parseError, message: 'Parse error' },
        id: null,
      })
      return
    }
    const id = typeof call.id === 'number' || typeof call.id === 'string' ? call.id : null
    // A call without an id (kit's keep-alive ping) is not answered.
    if (!('id' in call)) return
    const method = typeof call.method === 'string' ? call.method : ''
    try {
      const params = positional(call.params)
      let result: unknown
      if (method === 'signatureSubscribe' || method === 'slotSubscribe' || method === 'accountSubscribe') {
        result = subscribe(socket, method, params)
      } else if (
        method === 'signatureUnsubscribe' ||
        method === 'slotUnsubscribe' ||
        method === 'accountUnsubscribe'
      ) {
        const subscriptionId = requireParam(params, 0, 'subscription id')
        if (typeof subscriptionId !== 'number')
          throw invalidParams('subscription id (param 0) must be a number')
        const subscription = subscriptions.get(subscriptionId)
        if (!subscription || subscription.socket !== socket || !method.startsWith(subscription.kind))
          throw invalidParams('Invalid subscription id.')
        result = remove(subscriptionId)
      } else {
        throw new RpcError(rpcErrorCodes.methodNotFound, 'Method not found')
      }
      send(socket, { jsonrpc: '2.0', result, id })
      if (method === 'signatureSubscribe') {
        const subscription = subscriptions.get(result as number) as Extract<
          Subscription,
          { kind: 'signature' }
        >
        const record = chain.history.get(subscription.signature)
        if (record) {
          notify(result as number, subscription, signatureResult(record))
          remove(result as number)
        }
      }
    } catch (error) {
      const rpcError =
        error instanceof RpcError ? error : new RpcError(rpcErrorCodes.internalError, 'Internal error')
      send(socket, { jsonrpc: '2.0', error: { code: rpcError.code, message: rpcError.message }, id })
    }
  }

  const onConnection = (socket: WebSocket) => {
    bySocket.set(socket, new Set())
    socket.on('error', () => {
      // A client's broken connection (or an oversized message, which ws closes with 1009); close cleans up.
    })
    socket.on('message', (data, isBinary) => {
      if (isBinary) return
      handle(socket, data.toString())
    })
    socket.on('close', () => {
      for (const id of bySocket.get(socket) ?? []) subscriptions.delete(id)
      bySocket.delete(socket)
    })
  }
  server.on('connection', onConnection)

  const offSlot = chain.onSlot((slot) => {
    for (const [id, subscription] of subscriptions) {
      if (subscription.kind === 'slot') notify(id, subscription, { parent: slot - 1n, root: slot, slot })
    }
  })
  const offTransaction = chain.onTransaction((record) => {
    const touched = new Set<string>(record.decoded.accountKeys)
    for (const [id, subscription] of subscriptions) {
      if (subscription.kind === 'signature' && subscription.signature === record.signature) {
        notify(id, subscription, signatureResult(record))
        remove(id)
      } else if (subscription.kind === 'account' && touched.has(subscription.address)) {
        let value: Record<string, unknown>
        try {
          value = accountJson(subscription.address, subscription.encoding)
        } catch {
          // base58 of an account grown past 128 bytes: the RPC has nothing to send in that encoding either.
          continue
        }
        const text = toJson(value)
        if (text === subscription.last) continue
        subscription.last = text
        notify(id, subscription, { context: { slot: record.slot }, value })
      }
    }
  })

  return () => {
    server.off('connection', onConnection)
    offSlot()
    offTransaction()
    subscriptions.clear()
  }
}
