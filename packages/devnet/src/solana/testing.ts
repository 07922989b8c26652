// The set-up the Solana chain's tests share: the test accounts as kit signers, a signed transaction in the
// encodings sendTransaction takes, and raw JSON-RPC calls for what kit's typed client will not send.
import {
  appendTransactionMessageInstructions,
  type Blockhash,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getBase16Encoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { solanaTestSeeds } from './accounts.ts'

/**
 * Test account `index` as a kit signer.
 *
 * @example
 * const alice = await testSigner(0)
 */
export function testSigner(index: number): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(getBase16Encoder().encode(solanaTestSeeds[index]!))
}

export interface SignedTestTransaction {
  signature: string
  base64: string
  wire: Uint8Array
}

/**
 * A v0 transaction of `instructions`, paid by `feePayer`, signed by every signer the instructions carry.
 *
 * @example
 * const { value } = await rpc.getLatestBlockhash().send()
 * const tx = await signTestTransaction(value, alice, [getTransferSolInstruction({ source: alice, destination, amount })])
 * await rpc.sendTransaction(tx.base64, { encoding: 'base64' }).send()
 */
export async function signTestTransaction(
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint },
  feePayer: KeyPairSigner,
  instructions: readonly Instruction[],
): Promise<SignedTestTransaction> {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayerSigner(feePayer, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(lifetime, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return {
    signature: getSignatureFromTransaction(signed),
    base64: getBase64EncodedWireTransaction(signed),
    wire: new Uint8Array(getTransactionEncoder().encode(signed)),
  }
}

/** A JSON-RPC answer (or, over PubSub, a notification) as the tests read it. */
export interface RpcAnswer {
  jsonrpc: string
  id?: string | number | null
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
  method?: string
  params?: { result: unknown; subscription: number }
}

/**
 * POSTs `body` (JSON text as is, anything else stringified) and reads the answer.
 *
 * @example
 * const { status, json } = await postRpc(url, { jsonrpc: '2.0', id: 1, method: 'getSlot' })
 */
export async function postRpc(
  url: string,
  body: unknown,
): Promise<{ status: number; headers: Headers; text: string; json: RpcAnswer | RpcAnswer[] | undefined }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  let json: RpcAnswer | RpcAnswer[] | undefined
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

/**
 * POSTs one call and reads its single answer.
 *
 * @example
 * const { error } = await callRpc(url, 'getBalance', ['not-an-address']) // { code: -32602, … }
 */
export async function callRpc(url: string, method: string, params?: unknown): Promise<RpcAnswer> {
  const { json } = await postRpc(url, { jsonrpc: '2.0', id: 1, method, params })
  if (json === undefined || Array.isArray(json)) throw new Error(`expected one JSON-RPC answer to ${method}`)
  return json
}
