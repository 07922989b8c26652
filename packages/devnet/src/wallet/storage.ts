import type { DevWalletChain } from './types.ts'

/** What survives a reload. localStorage is per origin, so the authorisation is the site's. */
export interface SavedState {
  authorized: boolean
  accountIndex: number
  chainId: number
  autoApprove: boolean
  /** Chains added by `wallet_addEthereumChain`. */
  addedChains: DevWalletChain[]
}

const isChain = (value: unknown): value is DevWalletChain => {
  if (typeof value !== 'object' || value === null) return false
  const chain = value as Record<string, unknown>
  return (
    Number.isSafeInteger(chain.chainId) &&
    typeof chain.name === 'string' &&
    (chain.rpcUrl === undefined || typeof chain.rpcUrl === 'string')
  )
}

/**
 * Reads the saved state, keeping only well-formed fields. Storage can be missing or throw (sandboxed
 * frames, blocked cookies); the wallet then starts fresh.
 *
 * @example
 * const saved = loadState(localStorage, 'latch-devwallet') // { chainId: 31338 } or {}
 */
export function loadState(storage: Storage | undefined, key: string): Partial<SavedState> {
  let parsed: unknown
  try {
    parsed = JSON.parse(storage?.getItem(key) ?? 'null')
  } catch {
    return {}
  }
  if (typeof parsed !== 'object' || parsed === null) return {}
  const raw = parsed as Record<string, unknown>
  const state: Partial<SavedState> = {}
  if (typeof raw.authorized === 'boolean') state.authorized = raw.authorized
  if (typeof raw.autoApprove === 'boolean') state.autoApprove = raw.autoApprove
  if (Number.isSafeInteger(raw.accountIndex)) state.accountIndex = raw.accountIndex as number
  if (Number.isSafeInteger(raw.chainId)) state.chainId = raw.chainId as number
  if (Array.isArray(raw.addedChains)) state.addedChains = raw.addedChains.filter(isChain)
  return state
}

/** Saves the state; a storage that throws (quota, privacy mode) only costs persistence. */
export function saveState(storage: Storage | undefined, key: string, state: SavedState): void {
  try {
    storage?.setItem(key, JSON.stringify(state))
  } catch {
    // Nothing to do: the wallet keeps working for this page load.
  }
}
