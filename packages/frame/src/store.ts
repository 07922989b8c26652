// What the frame keeps on this device, in its own origin's IndexedDB (the dapp's page cannot read it): the device
// secret the server knows this device by, the session of the logged-in account, and its sealed device share.

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
async function run<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
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

export const read = (key: string) => run<unknown>('readonly', (store) => store.get(key))
export const write = (key: string, value: unknown) => run('readwrite', (store) => store.put(value, key))
export const remove = (key: string) => run('readwrite', (store) => store.delete(key))

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
