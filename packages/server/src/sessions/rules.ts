// Sign-in (SIWX, EIP-4361): what a signed message must say before its signature is checked. Pure rules; the
// route wires them to the request, the nonce store and the chain.
import { isAddress } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { isStorableDate } from '../schemas.ts'

/** How long a nonce may wait for its message. */
export const NONCE_TTL_MS = 10 * 60_000
/** A message may be this far ahead of the server's clock. */
export const CLOCK_SKEW_MS = 60_000
/** A session whose message names no expiration lasts this long. */
export const DEFAULT_SESSION_MS = 7 * 24 * 60 * 60_000
/** No session lasts longer than this unless the operator says otherwise. */
export const MAX_SESSION_MS = 30 * 24 * 60 * 60_000

/** Why a sign-in (or a revocation) is refused: the reply's status and its `{ error, field }` body. */
export interface Refusal {
  status: 400 | 401 | 502
  error: string
  /** The request field refused. */
  field: 'message' | 'origin' | 'signature'
}

/** The fields of an EIP-4361 message that sign-in needs, all present. */
export interface SignInFields {
  address: string
  chainId: number
  domain: string
  uri: string
  nonce: string
  issuedAt: Date
  expirationTime?: Date
  notBefore?: Date
}

export type SignInMessageCheck = { ok: true; fields: SignInFields } | { ok: false; refusal: Refusal }

const required = ['address', 'chainId', 'domain', 'uri', 'nonce', 'issuedAt', 'version'] as const

const refused = (status: Refusal['status'], error: string, field: Refusal['field'] = 'message'): Refusal => ({
  status,
  error,
  field,
})

/**
 * Reads an EIP-4361 message: refused unless it has every field sign-in needs (text that is no message has none).
 *
 * @example
 * readSignInMessage('hello') // { ok: false, refusal: { status: 400, error: 'The message has no address (EIP-4361)', field: 'message' } }
 */
export function readSignInMessage(message: string): SignInMessageCheck {
  let fields: ReturnType<typeof parseSiweMessage>
  try {
    fields = parseSiweMessage(message)
  } catch {
    fields = {}
  }
  const missing = required.find((field) => fields[field] === undefined || fields[field] === '')
  if (missing) return { ok: false, refusal: refused(400, `The message has no ${missing} (EIP-4361)`) }
  return { ok: true, fields: fields as SignInFields }
}

/**
 * Refused when one of the message's dates is not one the database can store (1970–9999).
 *
 * @example
 * datesRefusal({ ...fields, expirationTime: new Date('+010000-01-01') }) // { status: 400, error: "The message's Expiration Time is not a date between 1970 and 9999", … }
 */
export function datesRefusal(
  fields: Pick<SignInFields, 'issuedAt' | 'expirationTime' | 'notBefore'>,
): Refusal | undefined {
  const { issuedAt, expirationTime, notBefore } = fields
  const dates = { 'Issued At': issuedAt, 'Expiration Time': expirationTime, 'Not Before': notBefore }
  for (const [name, date] of Object.entries(dates))
    if (date !== undefined && !isStorableDate(date))
      return refused(400, `The message's ${name} is not a date between 1970 and 9999`)
  return undefined
}

/**
 * Refused when the message's address is not an EVM address (any letter case).
 *
 * @example
 * addressRefusal('0x1234') // { status: 400, error: 'The message’s address is not an EVM address', field: 'message' }
 */
export function addressRefusal(address: string): Refusal | undefined {
  if (isAddress(address, { strict: false })) return undefined
  return refused(400, 'The message’s address is not an EVM address')
}

/**
 * Refused when the message's chain (CAIP-2) is not one the server checks signatures on.
 *
 * @example
 * chainRefusal('eip155:5', new Set(['eip155:1'])) // { status: 400, error: 'Chain eip155:5 is not supported', field: 'message' }
 */
export function chainRefusal(
  chainId: string,
  chains: { has(chainId: string): boolean },
): Refusal | undefined {
  return chains.has(chainId) ? undefined : refused(400, `Chain ${chainId} is not supported`)
}

/**
 * Refused unless the message names the page that asks: its domain is the Origin header's host and its URI is on
 * that origin (EIP-4361 §Verifying). A request without an Origin (a server-side client) may name only one of
 * the `domains` the operator accepts.
 *
 * @example
 * originRefusal({ domain: 'app.test', uri: 'https://app.test/' }, 'https://app.test', new Set()) // undefined
 */
export function originRefusal(
  fields: Pick<SignInFields, 'domain' | 'uri'>,
  origin: string | undefined,
  domains: ReadonlySet<string>,
): Refusal | undefined {
  const { domain, uri } = fields
  if (!origin) {
    if (domains.has(domain)) return undefined
    return refused(401, `The message domain "${domain}" is not one this server accepts`)
  }
  let expected: URL
  try {
    expected = new URL(origin)
  } catch {
    return refused(400, `The Origin header "${origin}" is not an origin`, 'origin')
  }
  if (domain !== expected.host)
    return refused(401, `The message domain "${domain}" does not match the origin "${origin}"`)
  let uriOrigin: string | undefined
  try {
    uriOrigin = new URL(uri).origin
  } catch {
    uriOrigin = undefined
  }
  if (uriOrigin !== expected.origin)
    return refused(401, `The message URI "${uri}" is not on the origin "${origin}"`)
  return undefined
}

/**
 * Refused unless the message is current at `now`: not expired, not before its Not Before, issued no more than
 * {@link CLOCK_SKEW_MS} ahead and no longer ago than a nonce lives ({@link NONCE_TTL_MS}).
 *
 * @example
 * timeRefusal({ issuedAt: new Date(0) }, new Date()) // { status: 401, error: 'The message was issued more than 10 minutes ago', … }
 */
export function timeRefusal(
  fields: Pick<SignInFields, 'issuedAt' | 'expirationTime' | 'notBefore'>,
  now: Date,
): Refusal | undefined {
  const { issuedAt, expirationTime, notBefore } = fields
  const time = now.getTime()
  if (expirationTime && expirationTime.getTime() <= time) return refused(401, 'The message has expired')
  if (notBefore && notBefore.getTime() > time) return refused(401, 'The message is not valid yet')
  if (issuedAt.getTime() > time + CLOCK_SKEW_MS) return refused(401, 'The message was issued in the future')
  if (issuedAt.getTime() < time - NONCE_TTL_MS)
    return refused(401, 'The message was issued more than 10 minutes ago')
  return undefined
}

/** The message's nonce is not one the server issued, has lived past {@link NONCE_TTL_MS}, or was spent. */
export const nonceRefusal: Refusal = refused(401, 'Unknown, expired or already used nonce')

/**
 * The refusal of a signature that did not check out on `chainId` (CAIP-2): it does not match the address, or the
 * chain did not answer (502: the caller may try again).
 *
 * @example
 * signatureRefusal('invalid', 'eip155:1') // { status: 401, error: 'Signature does not match the address', field: 'signature' }
 */
export function signatureRefusal(verdict: 'invalid' | 'unreachable', chainId: string): Refusal {
  if (verdict === 'unreachable')
    return refused(502, `Could not check the signature on ${chainId}`, 'signature')
  return refused(401, 'Signature does not match the address', 'signature')
}

/**
 * When a session started by the message ends: at its Expiration Time, else {@link DEFAULT_SESSION_MS} after it
 * was issued, and never more than `maxSessionMs` after (a message may name an expiration centuries away).
 *
 * @example
 * sessionExpiry({ issuedAt: new Date(0) }, MAX_SESSION_MS) // 7 days after 1970-01-01
 */
export function sessionExpiry(
  fields: Pick<SignInFields, 'issuedAt' | 'expirationTime'>,
  maxSessionMs: number,
): Date {
  const issued = fields.issuedAt.getTime()
  return new Date(
    Math.min(fields.expirationTime?.getTime() ?? issued + DEFAULT_SESSION_MS, issued + maxSessionMs),
  )
}
