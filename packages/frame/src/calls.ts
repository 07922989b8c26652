// EIP-5792's wallet_sendCalls for this wallet's account, which cannot batch: the calls are filled in, shown in one
// approval, then signed and sent one after the other with consecutive nonces; wallet_getCallsStatus reads their
// receipts. Loaded by the wallet's chunk the first time a page sends calls.
// (It imports nothing but types: a module it shared with the frame's page would become a chunk of its own.)
import type { Hex } from 'viem'
import type { FrameChain, WalletRequest, WalletTools } from './wallet.ts'

const hex = (value: number | bigint) => `0x${value.toString(16)}` as Hex

/** EIP-5792's capabilities: calls are sent one after the other, never atomically, on any of its chains. */
export const capabilities = (chains: readonly FrameChain[]) =>
  Object.fromEntries(chains.map((chain) => [hex(chain.chainId), { atomic: { status: 'unsupported' } }]))

/** What wallet_sendCalls sent, by its id, while this frame is open (its status is read from the chain). */
const bundles = new Map<string, { chain: FrameChain; hashes: Hex[]; calls: number }>()
/** EIP-5792 leaves the cap to the wallet: each call is a transaction the visitor reviews in one list. */
const MAX_CALLS = 10

/** EIP-5792: a capability the page needs (not marked optional) that this wallet lacks refuses the whole batch. */
function needs(capabilities: unknown, refuse: WalletTools['refuse']) {
  for (const [name, capability] of Object.entries((capabilities ?? {}) as Record<string, unknown>))
    if ((capability as { optional?: unknown } | null)?.optional !== true)
      throw refuse({ code: 5700, message: `This wallet does not support the ${name} capability` })
}

/**
 * EIP-5792's wallet_sendCalls for an account that cannot batch: every call filled in (consecutive nonces), shown
 * in one approval, then signed and sent one after the other; the answer is the bundle's id.
 */
export async function sendCalls(
  request: WalletRequest,
  chain: FrameChain,
  { prepare, approved, coin, ask, quantity, signer, send, refuse }: WalletTools,
): Promise<{ id: Hex }> {
  const batch = request.args[0] as
    | { chainId?: unknown; from?: unknown; calls?: unknown; atomicRequired?: unknown; capabilities?: unknown }
    | undefined
  const calls = batch?.calls
  if (!Array.isArray(calls) || calls.length === 0 || batch?.chainId === undefined)
    throw refuse({ code: -32602, message: 'wallet_sendCalls takes { chainId, calls: [] }' })
  needs(batch.capabilities, refuse)
  if (calls.length > MAX_CALLS)
    throw refuse({ code: 5740, message: `At most ${MAX_CALLS} calls are sent at once` })
  if (quantity(batch?.chainId, 'chainId') !== BigInt(chain.chainId))
    throw refuse({ code: 5710, message: `The calls are for another chain than ${chain.name}` })
  if (batch?.atomicRequired === true)
    throw refuse({ code: 5760, message: 'This wallet sends calls one by one, not atomically' })
  if (batch?.from !== undefined) signer(request, batch.from)
  const first = BigInt(await ask<Hex>(chain, 'eth_getTransactionCount', [request.address, 'pending']))
  const prepared = []
  for (const [index, call] of calls.entries()) {
    if (typeof call !== 'object' || call === null)
      throw refuse({ code: -32602, message: `calls[${index}] must be a call: { to, value, data }` })
    needs((call as { capabilities?: unknown }).capabilities, refuse)
    prepared.push(await prepare(request, chain, { ...call, nonce: hex(first + BigInt(index)) }))
  }
  await approved(request, {
    title: 'Transaction request',
    origin: request.page.origin,
    fields: [
      ['Account', request.address],
      ['Network', chain.name],
      ['Calls', String(calls.length)],
      [
        'Amount',
        coin(
          chain,
          prepared.reduce((sum, { transaction }) => sum + (transaction.value ?? 0n), 0n),
        ),
      ],
      [
        'Network fee',
        `Up to ${coin(
          chain,
          prepared.reduce((sum, { fee }) => sum + fee, 0n),
        )}`,
      ],
    ],
    body: prepared
      .map(
        ({ transaction }, index) =>
          `${index + 1}. To ${transaction.to ?? 'a new contract'}, ${coin(chain, transaction.value ?? 0n)}${
            transaction.data ? `\n   Data ${transaction.data}` : ''
          }`,
      )
      .join('\n'),
    bodyLabel: 'Calls',
  })
  const id: Hex = `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')}`
  // When a later send fails, those sent are on their way: the bundle keeps them and its id is the answer, so the page
  // follows them (status 600, or 500 if they reverted) rather than sends them again. Nothing sent: the failure is.
  const bundle = { chain, hashes: [] as Hex[], calls: prepared.length }
  for (const { transaction } of prepared) {
    try {
      bundle.hashes.push(await send(request, chain, transaction))
    } catch (error) {
      if (bundle.hashes.length === 0) throw error
      break
    }
  }
  bundles.set(id, bundle)
  return { id }
}

/** EIP-5792's status of a bundle this frame sent: pending (100) until every sent call is mined, then 200, 500 or 600. */
export async function callsStatus(id: unknown, { ask, refuse }: Pick<WalletTools, 'ask' | 'refuse'>) {
  const bundle = typeof id === 'string' ? bundles.get(id) : undefined
  if (!bundle) throw refuse({ code: 5730, message: 'Unknown bundle id' })
  const receipts = await Promise.all(
    bundle.hashes.map((hash) =>
      ask<{ status: Hex } | null>(bundle.chain, 'eth_getTransactionReceipt', [hash]),
    ),
  )
  const mined = receipts.filter((receipt) => receipt !== null)
  const reverted = mined.filter((receipt) => receipt.status !== '0x1').length
  return {
    version: '2.0.0',
    id,
    chainId: hex(bundle.chain.chainId),
    atomic: false,
    // Pending while a sent call is not mined; then all succeeded (200), every one sent reverted (500), or some of
    // the calls did not happen (600): reverted, or never sent because an earlier send failed.
    status:
      mined.length < receipts.length
        ? 100
        : reverted === 0 && mined.length === bundle.calls
          ? 200
          : reverted === mined.length
            ? 500
            : 600,
    receipts: mined,
  }
}
