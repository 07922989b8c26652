// The paymaster's settling: a reservation's operation looked for on chain, kept when it landed, released when it can
// no longer land, so that sponsorship caps count what is paid for.
import type { Hex } from 'viem'
import { entryPoint07Abi } from 'viem/account-abstraction'
import { getBlock, getBlockNumber, getLogs } from 'viem/actions'
import { chainClient } from '../chains/clients.ts'
import type { ChainConfig } from '../chains/types.ts'
import type { Reservation } from '../storage/sponsorships.ts'
import type { Storage } from '../storage/types.ts'
import { entryPoint07 } from './userOperation.ts'

/** How often a chain's reservations are settled (their operations looked for on chain), at most. */
const SETTLE_EVERY_MS = 15_000
/** Past its signature's end an operation may still be in a block the RPC has not shown yet: this long. */
const SETTLE_MARGIN_MS = 60_000
/**
 * The blocks one `eth_getLogs` spans while settling, unless the sponsorship names its own (`logsRange`: providers
 * refuse wider ranges, from 10 to 10,000 blocks), and the most such searches one settling makes (the next one goes on
 * from there): 20 searches of 1,000 blocks keep up with a chain of 250 ms blocks settled every 15 s many times over.
 */
const LOGS_RANGE = 1_000
const LOGS_SEARCHES = 20

const userOperationEvent = entryPoint07Abi.find(
  (item) => item.type === 'event' && item.name === 'UserOperationEvent',
) as Extract<(typeof entryPoint07Abi)[number], { name: 'UserOperationEvent' }>

const least = (a: bigint, b: bigint) => (a < b ? a : b)

/** What settling needs: the reservations' storage, the clock, where background failures go, the provider's range. */
export interface SettlingOptions {
  storage: Storage
  now: () => Date
  onError: (error: unknown) => void
  /** The most blocks one `eth_getLogs` spans (`SponsorshipConfig.logsRange`); default 1,000. */
  logsRange?: number | undefined
}

/** The settling of every chain's reservations, each chain at most every 15 s: `settle(chain)` runs or joins it. */
export function createSettling({ storage, now, onError, logsRange: range }: SettlingOptions) {
  const logsRange = BigInt(range ?? LOGS_RANGE)
  /**
   * Per chain: when its reservations were last settled, the settling under way, and how far the last one searched
   * for which reservations: the next goes on from there for those, and from its own block for any other.
   */
  const settling = new Map<
    number,
    { at: number; running?: Promise<void>; searched?: { to: bigint; ids: ReadonlySet<number> } }
  >()

  /**
   * Settles the chain's reservations (at most every 15 s): an operation the EntryPoint's UserOperationEvent names has
   * landed and counts for good; one whose signature ran out unseen is released and counts no more. The events are
   * searched `logsRange` blocks at a time, `LOGS_SEARCHES` times at most, from where the last settling stopped (so a
   * provider's range limit slows settling down, never stops it). An operation unseen is released once the blocks
   * searched reach past its signature's end (the EntryPoint takes none after it), or, searched to the newest block,
   * once the server's clock is a minute past it (an RPC node behind may not list the newest events yet, and a chain
   * that makes no blocks while idle has no later block to read). A chain that does not answer leaves them reserved
   * (counted) until the next time.
   */
  function settle(chain: ChainConfig): Promise<void> {
    const last = settling.get(chain.chainId)
    if (last?.running) return last.running
    if (last && now().getTime() - last.at < SETTLE_EVERY_MS) return Promise.resolve()
    let searched = last?.searched
    const running = (async () => {
      const reserved = await storage.sponsorships.reservations(chain.chainId, 500)
      if (!reserved.length) {
        searched = undefined
        return
      }
      const client = chainClient(chain, 'signatures')
      const newest = await getBlockNumber(client, { cacheTime: 0 })
      const startOf = (row: Reservation) =>
        searched?.ids.has(row.id) && searched.to >= row.fromBlock ? searched.to + 1n : row.fromBlock
      const from = reserved.map(startOf).reduce(least)
      const to = least(from + logsRange * BigInt(LOGS_SEARCHES) - 1n, newest)
      const seen = new Set<string | undefined>()
      for (let start = from; start <= to; start += logsRange) {
        const events = await getLogs(client, {
          address: entryPoint07,
          event: userOperationEvent,
          args: { userOpHash: reserved.map((row) => row.userOpHash as Hex) },
          fromBlock: start,
          toBlock: least(start + logsRange - 1n, to),
        })
        for (const event of events) seen.add(event.args.userOpHash?.toLowerCase())
      }
      const gone =
        to >= newest
          ? now().getTime() - SETTLE_MARGIN_MS
          : Number((await getBlock(client, { blockNumber: to })).timestamp) * 1000
      const landed = reserved.filter((row) => seen.has(row.userOpHash))
      const released = reserved.filter(
        (row) => !seen.has(row.userOpHash) && startOf(row) <= to + 1n && row.validUntil.getTime() < gone,
      )
      await storage.sponsorships.settle({
        landed: landed.map((row) => row.id),
        released: released.map((row) => row.id),
      })
      const settled = new Set([...landed, ...released].map((row) => row.id))
      searched = { to, ids: new Set(reserved.filter((row) => !settled.has(row.id)).map((row) => row.id)) }
    })()
      .catch((error: unknown) => onError(error))
      .finally(() => settling.set(chain.chainId, { at: now().getTime(), ...(searched ? { searched } : {}) }))
    settling.set(chain.chainId, { at: now().getTime(), running, ...(searched ? { searched } : {}) })
    return running
  }

  return settle
}
