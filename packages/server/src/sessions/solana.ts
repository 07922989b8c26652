// Sign-In with Solana: the CAIP-122 text @latch/solana writes (EIP-4361's layout, "Solana account", the CAIP-2
// reference as Chain ID), read into the fields the sign-in rules check, and its ed25519 signature verified. No chain
// is asked: a Solana account's key is its address.
import { createPublicKey, verify } from 'node:crypto'
import { getBase58Encoder } from '@solana/kit'
import type { SignInFields, SignInMessageCheck } from './rules.ts'

const HEADER = ' wants you to sign in with your Solana account:'

/** Whether `message` is a Sign-In with Solana message (its first line says so). */
export const isSolanaSignIn = (message: string) => (message.split('\n', 1)[0] ?? '').endsWith(HEADER)

const solanaAddress = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** The Solana sign-in fields: those of EIP-4361, with the chain as CAIP-2 (`solana:<reference>`). */
export type SolanaSignInFields = Omit<SignInFields, 'chainId'> & { chainId: string }

const tags = {
  'URI: ': 'uri',
  'Version: ': 'version',
  'Chain ID: ': 'chainId',
  'Nonce: ': 'nonce',
  'Issued At: ': 'issuedAt',
  'Expiration Time: ': 'expirationTime',
  'Not Before: ': 'notBefore',
  'Request ID: ': 'requestId',
} as const

const refusal = (error: string) => ({
  ok: false as const,
  refusal: { status: 400 as const, error, field: 'message' as const },
})

/**
 * Reads a Sign-In with Solana message: refused unless it has a Solana address and every field sign-in needs.
 *
 * @example
 * readSolanaSignInMessage('app.test wants you to sign in with your Solana account:\n7EcD…\n\nURI: …')
 * // { ok: true, fields: { address: '7EcD…', chainId: 'solana:5eykt4Us…', … } }
 */
export function readSolanaSignInMessage(
  message: string,
): { ok: true; fields: SolanaSignInFields } | Extract<SignInMessageCheck, { ok: false }> {
  const lines = message.split('\n')
  const domain = lines[0]?.slice(0, -HEADER.length) ?? ''
  const address = lines[1] ?? ''
  if (!domain || !/^[^\s/]+$/.test(domain)) return refusal('The message has no domain (CAIP-122)')
  if (!solanaAddress.test(address)) return refusal('The message’s address is not a Solana address')
  const found: Partial<Record<(typeof tags)[keyof typeof tags], string>> = {}
  for (const line of lines.slice(2)) {
    for (const [tag, field] of Object.entries(tags))
      if (line.startsWith(tag) && found[field] === undefined) found[field] = line.slice(tag.length)
  }
  for (const field of ['uri', 'version', 'chainId', 'nonce', 'issuedAt'] as const)
    if (!found[field]) return refusal(`The message has no ${field} (CAIP-122)`)
  if (found.version !== '1') return refusal('The message’s version is not 1')
  if (!/^[a-zA-Z0-9]{8,}$/.test(found.nonce!)) return refusal('The message’s nonce is not alphanumeric')
  const date = (text: string | undefined) => (text === undefined ? undefined : new Date(text))
  const dates = {
    issuedAt: date(found.issuedAt)!,
    expirationTime: date(found.expirationTime),
    notBefore: date(found.notBefore),
  }
  for (const [name, value] of Object.entries(dates))
    if (value && Number.isNaN(value.getTime())) return refusal(`The message’s ${name} is not a date`)
  return {
    ok: true,
    fields: {
      address,
      chainId: `solana:${found.chainId}`,
      domain,
      uri: found.uri!,
      nonce: found.nonce!,
      issuedAt: dates.issuedAt,
      ...(dates.expirationTime ? { expirationTime: dates.expirationTime } : {}),
      ...(dates.notBefore ? { notBefore: dates.notBefore } : {}),
    },
  }
}

/** Ed25519 public keys in SPKI form: this DER prefix, then the 32 key bytes. */
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/**
 * Whether `signature` (base58, or 0x hex) is `address`'s ed25519 signature of `message`'s UTF-8 bytes.
 *
 * @example
 * verifySolanaSignature({ address: '7EcD…', message: 'hello', signature: '5Kd3…' }) // true | false
 */
export function verifySolanaSignature(parameters: {
  address: string
  message: string
  signature: string
}): boolean {
  const { address, message, signature } = parameters
  try {
    const key = Buffer.from(getBase58Encoder().encode(address))
    const bytes = signature.startsWith('0x')
      ? Buffer.from(signature.slice(2), 'hex')
      : Buffer.from(getBase58Encoder().encode(signature))
    if (key.length !== 32 || bytes.length !== 64) return false
    const publicKey = createPublicKey({
      key: Buffer.concat([SPKI_ED25519_PREFIX, key]),
      format: 'der',
      type: 'spki',
    })
    return verify(null, Buffer.from(message, 'utf8'), publicKey, bytes)
  } catch {
    return false
  }
}
