// The account key, which only ever exists inside this frame: made from WebCrypto randomness, split 2-of-3 with
// Shamir's scheme (an audited library), the device share kept here sealed by a key this origin cannot export, the
// auth and recovery shares handed to the server (which seals them under its KEKs). Two shares make the key, for one
// use, and the bytes are zeroed after it.
import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { read, write } from './store.ts'

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (character) => character.charCodeAt(0))

/** A new key and its three shares; the key itself is zeroed once split. */
export async function createKey(): Promise<{
  address: Hex
  device: Uint8Array<ArrayBuffer>
  auth: string
  recovery: string
}> {
  const privateKey = generatePrivateKey()
  const address = privateKeyToAddress(privateKey)
  const secret = hexBytes(privateKey)
  const [device, auth, recovery] = await split(secret, 3, 2)
  secret.fill(0)
  if (!device || !auth || !recovery) throw new Error('splitting the key gave fewer than 3 shares')
  const kept = { address, device: new Uint8Array(device), auth: toBase64(auth), recovery: toBase64(recovery) }
  for (const share of [device, auth, recovery]) share.fill(0)
  return kept
}

function hexBytes(hex: Hex): Uint8Array {
  const bytes = new Uint8Array((hex.length - 2) / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 + i * 2, 4 + i * 2), 16)
  return bytes
}

/**
 * Runs `use` with the key two shares make, then zeroes its bytes and the shares it decoded (a share passed as bytes
 * is its caller's to zero; the key's hex string cannot be, and is left to the collector). Throws when the shares do
 * not make the key of `address` (a share was altered, or belongs to another account).
 */
export async function withKey<T>(
  shares: [Uint8Array | string, Uint8Array | string],
  address: string,
  use: (privateKey: Hex) => Promise<T> | T,
): Promise<T> {
  const decoded = shares.map((share) => (typeof share === 'string' ? fromBase64(share) : share))
  const secret = await combine(decoded)
  for (const [index, share] of decoded.entries()) if (typeof shares[index] === 'string') share.fill(0)
  try {
    const privateKey = bytesToHex(secret)
    if (privateKeyToAddress(privateKey).toLowerCase() !== address.toLowerCase())
      throw new Error('The key shares do not make this account’s key')
    return await use(privateKey)
  } finally {
    secret.fill(0)
  }
}

/**
 * Keeps a device share for the account, sealed with AES-GCM under a key made non-extractable in this origin (the
 * stored CryptoKey can encrypt and decrypt here, and can never be read out, even by this frame's own script).
 */
export async function keepDeviceShare(accountId: string, share: Uint8Array<ArrayBuffer>): Promise<void> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, share))
  await write(`share:${accountId}`, { key, iv, sealed })
}

/** Whether this device keeps a share of the account (read without opening it). */
export async function hasDeviceShare(accountId: string): Promise<boolean> {
  return (await read(`share:${accountId}`)) !== undefined
}

/** The account's device share on this device, or undefined when this device has none. */
export async function deviceShare(accountId: string): Promise<Uint8Array | undefined> {
  const kept = (await read(`share:${accountId}`)) as
    | { key: CryptoKey; iv: Uint8Array<ArrayBuffer>; sealed: Uint8Array<ArrayBuffer> }
    | undefined
  if (!kept) return undefined
  return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: kept.iv }, kept.key, kept.sealed))
}

export { fromBase64, toBase64 }
