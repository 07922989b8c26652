import { BaseError, type Network } from '@latch/core'
import { numberToHex } from 'viem'
import { parseChainId } from './chainId.ts'
import { ChainMismatchError } from './errors.ts'
import type { ResolvedEvmAdapterOptions } from './options.ts'
import { type Eip1193Provider, requestWallet } from './provider.ts'

export interface SendTransactionParameters {
  provider: Eip1193Provider
  network: Network
  from: string
  to: string
  value?: bigint | undefined
  data?: string | undefined
  /** The gas limit; the wallet estimates it when absent. */
  gas?: bigint | undefined
  timeouts: Pick<ResolvedEvmAdapterOptions, 'requestTimeoutMs' | 'promptTimeoutMs'>
}

/**
 * Asks the wallet to send a transaction (`eth_sendTransaction`) on `network`. Resolves the transaction hash.
 * Rejects with `ChainMismatchError` instead of sending when the wallet is on another chain.
 *
 * @example
 * const hash = await sendTransaction({ provider, network: devnetA, from, to, value: 10n ** 18n, timeouts })
 */
export async function sendTransaction(parameters: SendTransactionParameters): Promise<string> {
  const { provider, network, from, to, value, data, gas, timeouts } = parameters
  if (value !== undefined && value < 0n)
    throw new BaseError('Invalid amount', { details: `A transaction cannot send ${value} wei.` })
  // The wallet signs for whatever chain it is on; sending there would spend funds on the wrong network.
  const walletChainId = parseChainId(
    await requestWallet(provider, { method: 'eth_chainId', timeoutMs: timeouts.requestTimeoutMs }),
  )
  const expectedChainId = parseChainId(network.id)
  if (walletChainId !== expectedChainId) throw new ChainMismatchError(walletChainId, expectedChainId)

  const transaction = {
    from,
    to,
    ...(value === undefined ? {} : { value: numberToHex(value) }),
    ...(data === undefined ? {} : { data }),
    ...(gas === undefined ? {} : { gas: numberToHex(gas) }),
  }
  const hash = await requestWallet(provider, {
    method: 'eth_sendTransaction',
    params: [transaction],
    timeoutMs: timeouts.promptTimeoutMs,
  })
  if (typeof hash !== 'string')
    throw new BaseError('The wallet returned no transaction hash', {
      details: `eth_sendTransaction answered ${String(hash)}.`,
    })
  return hash
}
