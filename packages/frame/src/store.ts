// What the frame keeps on this device, in its own origin's IndexedDB (the dapp's page cannot read it): the device
// secret the server knows this device by, the session of the logged-in account, and its sealed device share.
//
// A browser that gives a frame on another site no storage at all (Chromium, Safari and Firefox with third-party
// storage blocked) refuses that IndexedDB. The frame then keeps the same things in its memory, brought from a window
// of the wallet's own origin, which has its storage (vault.ts), opened once per page on the visitor's click; what the
// frame writes while that window is open is kept there too.
import { Refusal } from './refusal.ts'

const DB = 'latch-frame'
const STORE = 'kv'

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/** One request in its own transaction: settles when the transaction has committed (a write is then on disk). */
export async function run<T>(
  mode: IDBTransactionMode,
  use: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open()
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode)
      const request = use(transaction.objectStore(STORE))
      transaction.oncomplete = () => resolve(request.result)
      transaction.onerror = () => reject(transaction.error ?? request.error)
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'))
    })
  } finally {
    db.close()
  }
}

let own: Promise<boolean> | undefined

/** Whether this document has storage of its own (asked once: a browser's answer does not change during a visit). */
export function hasOwnStorage(): Promise<boolean> {
  own ??= open().then(
    (db) => {
      db.close()
      return true
    },
    () => false,
  )
  return own
}

/**
 * Without storage of its own: what the wallet's window brought (undefined until it has), read from memory for the
 * visit; and that window while it is open, which keeps every write. Without it nothing is written, here either, so
 * what this frame holds never drifts from what the device keeps.
 */
let borrowed: Map<string, unknown> | undefined
let keeper: Window | undefined

const keeping = () => !!keeper && !keeper.closed

/** Whether this frame can write what the device keeps now: storage of its own, or the wallet's window open. */
export const canKeep = async () => (await hasOwnStorage()) || keeping()

/** What a request that needs this device's storage is told while the wallet's window is not there. */
export const needsWindow = () =>
  new Refusal({
    code: 4100,
    message: 'Open your wallet’s window to continue: this browser keeps it from remembering you on this site',
    data: { reason: 'storage' },
  })

export async function read(key: string): Promise<unknown> {
  if (await hasOwnStorage()) return run<unknown>('readonly', (store) => store.get(key))
  if (!borrowed) throw needsWindow()
  return borrowed.get(key)
}

/** Writes `value` under `key` (`undefined`: removes it). */
async function put(key: string, value: unknown): Promise<void> {
  if (await hasOwnStorage()) {
    await run<unknown>(
      'readwrite',
      (store) => (value === undefined ? store.delete(key) : store.put(value, key)) as IDBRequest<unknown>,
    )
    return
  }
  if (!borrowed || !keeping()) throw needsWindow()
  if (value === undefined) borrowed.delete(key)
  else borrowed.set(key, value)
  keeper?.postMessage({ type: 'vault-write', key, value }, location.origin)
}

export const write = (key: string, value: unknown) => put(key, value)
export const remove = (key: string) => put(key, undefined)

/** What the wallet's window brought: read from memory from now on; what is written goes to `window` too. */
export function borrow(entries: readonly [string, unknown][], window: Window): void {
  borrowed = new Map(entries)
  keeper = window
}

/** The writes of a login are done: the wallet's window may close (once it has kept them). */
export function release(): void {
  keeper?.postMessage({ type: 'vault-close' }, location.origin)
  keeper = undefined
}

/**
 * Where the session of `parent`'s logins is kept: one per page origin, so that an app never finds another app's login
 * here (a frame whose storage is not partitioned per site, or the wallet's window, sees every app's).
 */
export const sessionKey = (parent: string) => `session:${parent}`

let secret: Promise<string> | undefined

/** This device's secret (32 random bytes, base64url), made on first use (once, however many ask at once). */
export function deviceSecret(): Promise<string> {
  secret ??= (async () => {
    const known = await read('device')
    if (typeof known === 'string') return known
    const bytes = crypto.getRandomValues(new Uint8Array(32))
    const made = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
    await write('device', made)
    return made
  })()
  secret.catch(() => {
    secret = undefined
  })
  return secret
}

/** Forgets this device's secret: the server will not know the next one. */
export async function forgetDeviceSecret(): Promise<void> {
  secret = undefined
  await remove('device')
}
