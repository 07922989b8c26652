import { BaseError } from '@latch/core'
import type { Client, Hex } from 'viem'
import { getTransactionReceipt } from 'viem/actions'

/** How long a transaction may take to be mined before the wait gives up. */
const MINED_TIMEOUT_MS = 120_000

/**
 * Resolves once `hash` is mined (reverted or not), asking the chain every 250 ms (viem's block watchers poll every
 * 4 s over HTTP, and would double the calls chunk for one loop); rejects when it has no receipt after 2 minutes.
 *
 * @example
 * await waitForTransaction(client, '0x5c50…')
 */
export async function waitForTransaction(client: Client, hash: Hex): Promise<void> {
  const until = Date.now() + MINED_TIMEOUT_MS
  while (!(await getTransactionReceipt(client, { hash }).catch(() => undefined))) {
    if (Date.now() > until)
      throw new BaseError('The transaction was not mined in time', {
        details: `${hash} had no receipt after 2 minutes.`,
      })
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
