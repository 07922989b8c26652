// The embedded wallet's server-side secrets: two key-encryption keys (LATCH_KEK seals the auth shares,
// LATCH_RECOVERY_KEK the recovery shares) and, derived from the first, the key one-time codes are HMAC'd with.
// Keep them out of the database (and its backups): a stolen database alone then opens no share.
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

export interface AuthSecrets {
  /** Seals the auth shares (AES-256-GCM). */
  kek: Uint8Array
  /** Seals the recovery shares (AES-256-GCM); hold it apart from `kek` where you can (another KMS key). */
  recoveryKek: Uint8Array
}

const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * A 32-byte key written as base64 (or base64url) or hex; throws naming `name` otherwise.
 *
 * @example
 * readKey('LATCH_KEK', randomBytes(32).toString('base64')).length // 32
 */
export function readKey(name: string, text: string): Uint8Array {
  const trimmed = text.trim()
  const bytes = /^(0x)?[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed.replace(/^0x/, ''), 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)
      ? Buffer.from(trimmed, 'base64url')
      : undefined
  if (bytes?.length !== KEY_BYTES) throw new Error(`${name} must be 32 bytes as base64 or hex`)
  return new Uint8Array(bytes)
}

/** Two fresh random keys (tests, and a server whose database is in memory). */
export function generateAuthSecrets(): AuthSecrets {
  return { kek: new Uint8Array(randomBytes(KEY_BYTES)), recoveryKek: new Uint8Array(randomBytes(KEY_BYTES)) }
}

/**
 * The keys from a development keys file, made (mode 0600) with fresh keys when it does not exist yet. Only for
 * development: in production give LATCH_KEK and LATCH_RECOVERY_KEK from a secret store.
 */
export function devAuthSecrets(file: string): AuthSecrets {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true })
    const fresh = generateAuthSecrets()
    writeFileSync(
      file,
      `${JSON.stringify({ kek: Buffer.from(fresh.kek).toString('base64'), recoveryKek: Buffer.from(fresh.recoveryKek).toString('base64') }, null, 2)}\n`,
      { mode: 0o600, flag: 'wx' },
    )
    chmodSync(file, 0o600)
  }
  let parsed: { kek?: unknown; recoveryKek?: unknown }
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`${file} is not a keys file (JSON with kek and recoveryKek)`, { cause: error })
  }
  return {
    kek: readKey(`${file}: kek`, String(parsed.kek ?? '')),
    recoveryKek: readKey(`${file}: recoveryKek`, String(parsed.recoveryKek ?? '')),
  }
}

/**
 * Encrypts `plaintext` under `key` with AES-256-GCM, bound to `context` (the account and the share's kind: a sealed
 * share copied to another row does not open there): iv ‖ ciphertext ‖ tag.
 */
export function seal(key: Uint8Array, plaintext: Uint8Array, context: string): Uint8Array {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(context))
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return new Uint8Array(Buffer.concat([iv, body, cipher.getAuthTag()]))
}

/** Opens what `seal` made with the same key and context; throws when either differs or the box was altered. */
export function unseal(key: Uint8Array, box: Uint8Array, context: string): Uint8Array {
  if (box.length < IV_BYTES + TAG_BYTES) throw new Error('sealed box is too short')
  const bytes = Buffer.from(box)
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
  decipher.setAAD(Buffer.from(context))
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
  return new Uint8Array(
    Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]),
  )
}

/** The HMAC key of one-time codes, derived from the KEK (HKDF-SHA256), so that no third secret must be kept. */
export function codeKey(secrets: AuthSecrets): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secrets.kek, new Uint8Array(), 'latch one-time codes', KEY_BYTES))
}

/** What is stored of a code: HMAC-SHA256 over the challenge id and the code, hex. */
export function codeHmac(key: Uint8Array, challengeId: string, code: string): string {
  return createHmac('sha256', key).update(`${challengeId}:${code}`).digest('hex')
}

/** Whether `code` is the one whose HMAC is stored, compared in constant time. */
export function codeMatches(key: Uint8Array, challengeId: string, code: string, stored: string): boolean {
  const given = Buffer.from(codeHmac(key, challengeId, code), 'hex')
  const expected = Buffer.from(stored, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
