import {
  address,
  appendTransactionMessageInstruction,
  assertIsTransactionWithBlockhashLifetime,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  lamports,
  pipe,
  type Rpc,
  type RpcSubscriptions,
  type Signature,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { solanaTestAddresses } from './accounts.ts'
import { type SolanaLocalChain, startSolanaChain } from './server.ts'
import { maxSubscriptionsPerSocket } from './subscriptions.ts'
import { type RpcAnswer, testSigner } from './testing.ts'

let solana: SolanaLocalChain
let rpc: Rpc<SolanaRpcApi>
let rpcSubscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>

beforeAll(async () => {
  solana = await startSolanaChain({ port: 0 })
  rpc = createSolanaRpc(solana.rpcUrl)
  rpcSubscriptions = createSolanaRpcSubscriptions(solana.wsUrl)
})
afterAll(() => solana.stop())

async function signedTransfer(index: number, amount: bigint) {
  const sender = await testSigner(index)
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const transaction = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (draft) => setTransactionMessageFeePayerSigner(sender, draft),
      (draft) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({
            source: sender,
            destination: address(solanaTestAddresses[9]!),
            amount,
          }),
          draft,
        ),
      (draft) => setTransactionMessageLifetimeUsingBlockhash(lifetime, draft),
    ),
  )
  assertIsTransactionWithBlockhashLifetime(transaction)
  return transaction
}

/** A raw socket: messages in arrival order, parsed. */
async function openSocket() {
  const socket = new WebSocket(solana.wsUrl)
  const messages: RpcAnswer[] = []
  const waiters: (() => void)[] = []
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()))
    for (const waiter of waiters.splice(0)) waiter()
  })
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const next = async (match: (message: RpcAnswer) => boolean): Promise<RpcAnswer> => {
    for (;;) {
      const found = messages.findIndex(match)
      if (found >= 0) return messages.splice(found, 1)[0]!
      await new Promise<void>((resolve) => waiters.push(resolve))
    }
  }
  const request = async (id: number, method: string, params: unknown[] = []) => {
    socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
    return next((message) => message.id === id)
  }
  return { socket, next, request, messages }
}

describe('the Solana PubSub server', () => {
  it("confirms a transfer with kit's sendAndConfirmTransaction", async () => {
    const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })
    const transaction = await signedTransfer(0, 1_000_000n)
    await sendAndConfirm(transaction, { commitment: 'confirmed' })
    const signature = getSignatureFromTransaction(transaction)
    expect((await rpc.getSignatureStatuses([signature]).send()).value[0]?.err).toBeNull()
  })

  it('notifies a signature once it is recorded, and at once when it already is', async () => {
    const transaction = await signedTransfer(1, 2_000_000n)
    const signature = getSignatureFromTransaction(transaction)
    const abort = new AbortController()
    const notifications = await rpcSubscriptions
      .signatureNotifications(signature, { commitment: 'confirmed' })
      .subscribe({ abortSignal: abort.signal })
    const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })
    const [first] = await Promise.all([
      notifications[Symbol.asyncIterator]().next(),
      sendAndConfirm(transaction, { commitment: 'confirmed' }),
    ])
    abort.abort()
    expect(first.value).toMatchObject({ context: { slot: expect.any(BigInt) }, value: { err: null } })

    const raw = await openSocket()
    const subscribed = await raw.request(1, 'signatureSubscribe', [signature, { commitment: 'finalized' }])
    expect(typeof subscribed.result).toBe('number')
    const notification = await raw.next((message) => message.method === 'signatureNotification')
    expect(notification.params).toEqual({
      result: { context: { slot: expect.any(Number) }, value: { err: null } },
      subscription: subscribed.result,
    })
    // One notification, then the subscription is gone, as on the RPC.
    const unsubscribed = await raw.request(2, 'signatureUnsubscribe', [subscribed.result])
    expect(unsubscribed.error).toEqual({ code: -32602, message: 'Invalid params: Invalid subscription id.' })
    raw.socket.close()
  })

  it('notifies each new slot and the accounts a transaction changes', async () => {
    const raw = await openSocket()
    const slots = await raw.request(1, 'slotSubscribe')
    const receiver = (await generateKeyPairSigner()).address
    const account = await raw.request(2, 'accountSubscribe', [receiver, { encoding: 'base64' }])
    expect(
      await raw.request(3, 'accountSubscribe', [solanaTestAddresses[8], { encoding: 'jsonParsed' }]),
    ).toHaveProperty('result')
    const slot = await rpc.getSlot().send()
    const signature = await rpc.requestAirdrop(receiver, lamports(3_000_000n)).send()
    const slotNotification = await raw.next((message) => message.method === 'slotNotification')
    expect(slotNotification.params).toEqual({
      result: { parent: Number(slot), root: Number(slot) + 1, slot: Number(slot) + 1 },
      subscription: slots.result,
    })
    const accountNotification = await raw.next((message) => message.method === 'accountNotification')
    expect(accountNotification.params).toMatchObject({
      subscription: account.result,
      result: { value: { lamports: 3_000_000, owner: '11111111111111111111111111111111' } },
    })
    expect((await rpc.getSignatureStatuses([signature as Signature]).send()).value[0]?.err).toBeNull()
    // Account 8 was not in the airdrop: no notification for it.
    expect(raw.messages.filter((message) => message.method === 'accountNotification')).toEqual([])
    expect((await raw.request(4, 'slotUnsubscribe', [slots.result])).result).toBe(true)
    expect((await raw.request(5, 'accountUnsubscribe', [account.result])).result).toBe(true)
    raw.socket.close()
  })

  it('caps subscriptions per socket and message size, and keeps serving other sockets', async () => {
    const raw = await openSocket()
    for (let id = 0; id < maxSubscriptionsPerSocket; id++)
      raw.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'slotSubscribe' }))
    await raw.next((message) => message.id === maxSubscriptionsPerSocket - 1)
    const refused = await raw.request(maxSubscriptionsPerSocket, 'slotSubscribe')
    expect(refused.error?.message).toMatch(/Too many subscriptions/)

    const closed = new Promise<number>((resolve) => raw.socket.once('close', resolve))
    raw.socket.send('x'.repeat(64 * 1024 + 1))
    expect(await closed).toBe(1009)

    const other = await openSocket()
    expect((await other.request(1, 'getSlot')).error?.code).toBe(-32601)
    expect(typeof (await other.request(2, 'slotSubscribe')).result).toBe('number')
    other.socket.close()
  })
})
