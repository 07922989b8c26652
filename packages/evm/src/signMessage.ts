import { BaseError } from '@latch/core'
import { toHex } from 'viem'
import { type Eip1193Provider, requestWallet } from './provider.ts'

export interface SignMessageParameters {
  provider: Eip1193Provider
  address: string
  message: string
  promptTimeoutMs: number
}

/**
 * Asks the wallet to sign `message` as text (`personal_sign`, EIP-191). Resolves the signature.
 *
 * @example
 * const signature = await signMessage({ provider, address, message: 'Sign in to Latch', promptTimeoutMs })
 */
export async function signMessage(parameters: SignMessageParameters): Promise<string> {
  const { provider, address, message, promptTimeoutMs } = parameters
  const signature = await requestWallet(provider, {
    method: 'personal_sign',
    params: [toHex(message), address],
    timeoutMs: promptTimeoutMs,
  })
  if (typeof signature !== 'string')
    throw new BaseError('The wallet returned no signature', {
      details: `personal_sign answered ${String(signature)}.`,
    })
  return signature
}
