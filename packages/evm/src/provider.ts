import { toRpcError, withTimeout } from '@latch/core'

/** Listener of an EIP-1193 provider event. */
export type ProviderListener = (payload: unknown) => void

/** The part of an EIP-1193 provider the adapter uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?: ((event: string, listener: ProviderListener) => unknown) | undefined
  removeListener?: ((event: string, listener: ProviderListener) => unknown) | undefined
}

/**
 * True when `value` can answer EIP-1193 requests.
 *
 * @example
 * if (isEip1193Provider(window.ethereum)) await window.ethereum.request({ method: 'eth_accounts' })
 */
export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { request?: unknown }).request === 'function'
  )
}

/** One wallet request: its method, params and how long the adapter waits for the answer. */
export interface WalletRequest {
  method: string
  params?: readonly unknown[] | undefined
  timeoutMs: number
}

/**
 * Sends one request to a wallet. Settles within `timeoutMs`; whatever the wallet throws becomes a typed
 * Latch error (`toRpcError`): 4001 → `UserRejectedRequestError`, 4902 → `SwitchChainError`, ….
 *
 * @example
 * const accounts = await requestWallet(provider, { method: 'eth_requestAccounts', timeoutMs: 300_000 })
 */
export async function requestWallet(provider: Eip1193Provider, request: WalletRequest): Promise<unknown> {
  const { method, params, timeoutMs } = request
  try {
    // Some wallets throw synchronously instead of returning a rejected promise.
    const answer = Promise.resolve().then(() =>
      provider.request(params === undefined ? { method } : { method, params }),
    )
    return await withTimeout(answer, timeoutMs, method)
  } catch (error) {
    throw toRpcError(error)
  }
}
