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

/** Without storage of its own: what the wallet's window brought (undefined until it has), and that window. */
let borrowed: Map<string, unknown> | undefined
let keeper: Window | undefined

/** Whether what this device keeps can be read now: storage of its own, or what the wallet's window brought. */
export const canKeep = async () => (await hasOwnStorage()) || borrowed !== undefined

/** What a request that needs this device's storage is told before the wallet's window brought it. */
export const needsWindow = () =>
  new Refusal({
    code: 4100,
    message: 'Open your wallet’s window to continue: this browser keeps it from remembering you on this site',
    data: { reason: 'storage' },
  })

async function borrowedOr<T>(own: () => Promise<T>, use: (kept: Map<string, unknown>) => T): Promise<T> {
  if (await hasOwnStorage()) return own()
  if (!borrowed) throw needsWindow()
  return use(borrowed)
}

export const read = (key: string) =>
  borrowedOr(
    () => run<unknown>('readonly', (store) => store.get(key)),
    (kept) => kept.get(key),
  )

export const write = (key: string, value: unknown) =>
  borrowedOr(
    () => run('readwrite', (store) => store.put(value, key)).then(() => undefined),
    (kept) => {
      kept.set(key, value)
      keeper?.postMessage({ type: 'vault-write', key, value }, location.origin)
    },
  )

export const remove = (key: string) =>
  borrowedOr(
    () => run('readwrite', (store) => store.delete(key)).then(() => undefined),
    (kept) => {
      kept.delete(key)
      keeper?.postMessage({ type: 'vault-remove', key }, location.origin)
    },
  )

/** What the wallet's window brought: kept in memory from now on, and what is written goes to `window` too. */
export function borrow(entries: readonly [string, unknown][], window: Window): void {
  borrowed = new Map(entries)
  keeper = window
}

/** The writes of a login are done: the wallet's window may close (once it has kept them). */
export function release(): void {
  keeper?.postMessage({ type: 'vault-close' }, location.origin)
  keeper = undefined
}

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
