// The sandbox on-ramp's deliveries: a paid order's asset sent from the payer's account (LATCH_ONRAMP_SANDBOX_KEY's),
// one at a time per chain (so that its nonces follow each other), settled from its receipt; the sweep settles what
// was left midway and drops expired checkouts and old settled orders.
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  type PrivateKeyAccount,
  type PublicClient,
  parseUnits,
  type WalletClient,
} from 'viem'
import type { ChainConfig } from '../chains/types.ts'
import type { OnrampOrder, OnrampOrderStore } from '../storage/onramp.ts'

/** How long a delivery may take to be mined before the order fails (the sweep looks at it then). */
const deliveryTimeoutMs = 60_000
/** Pending orders one sweep looks at. */
const sweepBatch = 50

export interface SandboxDeliveryOptions {
  chains: readonly ChainConfig[]
  orders: OnrampOrderStore
  payer: PrivateKeyAccount
  now: () => Date
  /** How long an unpaid checkout lasts before the sweep drops it. */
  checkoutTtlMs: number
  /** How long a settled order stays before the sweep drops it. */
  settledTtlMs: number
  onDeliveryError?: (error: unknown, order: OnrampOrder) => void
}

/** Delivers paid orders (`schedule`), settles those left pending (`sweep`), and says when all have settled (`idle`). */
export function createSandboxDelivery(options: SandboxDeliveryOptions) {
  const { chains, orders, payer, now, checkoutTtlMs, settledTtlMs } = options
  // Deliveries, one at a time per chain so that the payer's nonces follow each other.
  const clients = new Map<number, { wallet: WalletClient; reader: PublicClient }>()
  const queues = new Map<number, Promise<void>>()
  function clientsOf(chain: ChainConfig) {
    let pair = clients.get(chain.chainId)
    if (!pair) {
      const viemChain = {
        id: chain.chainId,
        name: chain.name,
        nativeCurrency: chain.nativeCurrency,
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      }
      const transport = http(chain.rpcUrl, { retryCount: 0, timeout: 10_000 })
      pair = {
        wallet: createWalletClient({ account: payer, chain: viemChain, transport }),
        reader: createPublicClient({ chain: viemChain, transport }),
      }
      clients.set(chain.chainId, pair)
    }
    return pair
  }

  async function deliver(order: OnrampOrder): Promise<void> {
    let hash: Hex | undefined
    try {
      // A sweep (this instance's or another's) may have failed it while it waited: only a pending order is sent.
      if ((await orders.get(order.id))?.status !== 'pending') return
      const chain = chains.find(({ chainId }) => chainId === order.chainId)
      if (!chain) throw new Error(`Chain ${order.chainId} is no longer configured`)
      const { wallet, reader } = clientsOf(chain)
      const to = order.destination as Hex
      const token = chain.tokens.find(({ symbol }) => symbol === order.asset)
      const decimals = token ? token.decimals : chain.nativeCurrency.decimals
      const amount = parseUnits(order.purchaseAmount, decimals)
      hash = token
        ? await wallet.writeContract({
            account: payer,
            chain: wallet.chain,
            address: token.address,
            abi: erc20Abi,
            functionName: 'transfer',
            args: [to, amount],
          })
        : await wallet.sendTransaction({ account: payer, chain: wallet.chain, to, value: amount })
      await orders.move(order.id, 'pending', 'pending', now(), { txHash: hash })
      const receipt = await reader.waitForTransactionReceipt({ hash, timeout: deliveryTimeoutMs })
      await settle(order.id, receipt.status)
    } catch (error) {
      options.onDeliveryError?.(error, order)
      // Sent but not seen mined (a slow node, a timeout): left pending with its hash; the sweep settles it from
      // its receipt. Never failed while the asset may still arrive: a visitor would buy again.
      if (!hash) await orders.move(order.id, 'pending', 'failed', now(), { failure: 'The delivery failed' })
    }
  }

  /** A sent delivery's outcome, from its receipt. */
  const settle = (id: string, status: 'success' | 'reverted') =>
    status === 'success'
      ? orders.move(id, 'pending', 'completed', now())
      : orders.move(id, 'pending', 'failed', now(), { failure: 'The delivery failed' })

  /**
   * Settles the orders left pending past a delivery's time: a sent one from its receipt (failed when none after 10
   * minutes), an unsent one failed (the server that took it stopped). Answers how many it settled.
   */
  async function sweep(): Promise<number> {
    const at = now().getTime()
    // Unpaid checkouts are dropped once expired, paid orders after a while.
    await orders.purgeUnpaid(new Date(at - checkoutTtlMs))
    await orders.purgeSettled(new Date(at - settledTtlMs))
    let settled = 0
    for (const order of await orders.pendingBefore(new Date(at - deliveryTimeoutMs), sweepBatch)) {
      const chain = chains.find(({ chainId }) => chainId === order.chainId)
      const age = at - order.updatedAt.getTime()
      if (order.txHash && chain) {
        const receipt = await clientsOf(chain)
          .reader.getTransactionReceipt({ hash: order.txHash as Hex })
          .catch(() => undefined)
        if (receipt) settled += Number(await settle(order.id, receipt.status))
        else if (age > 10 * deliveryTimeoutMs)
          settled += Number(
            await orders.move(order.id, 'pending', 'failed', now(), {
              failure: 'The delivery was not mined',
            }),
          )
      } else if (age > 5 * deliveryTimeoutMs)
        settled += Number(
          await orders.move(order.id, 'pending', 'failed', now(), {
            failure: 'The delivery was interrupted',
          }),
        )
    }
    return settled
  }

  function schedule(order: OnrampOrder) {
    // A delivery that throws even in its own failure handling (the database gone) must not stop the next ones.
    const queue = (queues.get(order.chainId) ?? Promise.resolve())
      .then(() => deliver(order))
      .catch((error: unknown) => options.onDeliveryError?.(error, order))
    queues.set(order.chainId, queue)
  }

  return {
    schedule,
    sweep,
    async idle() {
      await Promise.all(queues.values())
    },
  }
}
