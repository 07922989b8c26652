import type { KeyValueStorage } from '../options/types.ts'
import type { ChainNamespace } from '../types.ts'

/** Latch's own storage prefix (SPEC §9: the key prefix belongs to the SDK). */
export const STORAGE_PREFIX = '@latch/'
export const RECENT_WALLETS_LIMIT = 2

const keys = {
  recent: `${STORAGE_PREFIX}recentWallets`,
  connections: `${STORAGE_PREFIX}connections`,
  socialProvider: `${STORAGE_PREFIX}socialProvider`,
  deepLink: `${STORAGE_PREFIX}deepLink`,
} as const

export { keys as storageKeys }

function read<T>(storage: KeyValueStorage | undefined, key: string, fallback: T): T {
  try {
    const raw = storage?.getItem(key)
    return raw ? (JSON.parse(raw) as T) : fallback
  } catch {
    return fallback
  }
}

function write(storage: KeyValueStorage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value))
  } catch {
    // Quota or privacy mode: recent wallets are a convenience, never a failure.
  }
}

/** Recent connector ids, most recent first, at most 2 (SPEC §4, §9). */
export function getRecentWallets(storage: KeyValueStorage | undefined): string[] {
  const list = read<unknown>(storage, keys.recent, [])
  return Array.isArray(list)
    ? list.filter((id): id is string => typeof id === 'string').slice(0, RECENT_WALLETS_LIMIT)
    : []
}

export function addRecentWallet(storage: KeyValueStorage | undefined, connectorId: string): string[] {
  const next = [connectorId, ...getRecentWallets(storage).filter((id) => id !== connectorId)].slice(
    0,
    RECENT_WALLETS_LIMIT,
  )
  write(storage, keys.recent, next)
  return next
}

/**
 * Which connector each namespace was connected through, so a reload can reconnect silently; in the order they were
 * last active, the active one last (a reload restores them in this order, so the active one is active again).
 */
export function getStoredConnections(
  storage: KeyValueStorage | undefined,
): Partial<Record<ChainNamespace, string>> {
  const value = read<unknown>(storage, keys.connections, {})
  return value && typeof value === 'object' ? (value as Partial<Record<ChainNamespace, string>>) : {}
}

export function setStoredConnection(
  storage: KeyValueStorage | undefined,
  namespace: ChainNamespace,
  connectorId: string | undefined,
): void {
  const current = getStoredConnections(storage)
  // Deleted first, so a namespace set again moves to the end.
  delete current[namespace]
  if (connectorId) current[namespace] = connectorId
  write(storage, keys.connections, current)
}

export function removeStoredKey(storage: KeyValueStorage | undefined, key: string): void {
  try {
    storage?.removeItem(key)
  } catch {
    // See write().
  }
}
